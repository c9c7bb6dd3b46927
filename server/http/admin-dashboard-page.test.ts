// The back office's dashboard and its search box over the real build and a real HTTP connection, in French and
// Chinese: each role sees only its parts (sales need orders and the accounts; the catalogue sees the stock alone), each
// figure links to its filtered list, the CSV holds the same parts; the search goes straight to a single exact hit and
// lists only what the role may read; a visitor goes to the login.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { STAFF_ROLES } from "#core/staff/permissions.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { dashboardParts, SALES_STATUSES } from "#core/dashboard/figures.ts";

const text = (html: string) =>
  html
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

const PART_IDS = {
  sales: "dash-sales",
  to_prepare: "dash-prep",
  deliveries: "dash-deliveries",
  returns: "dash-returns",
  questions: "dash-questions",
  low_stock: "dash-stock",
} as const;

describe("back office dashboard and search", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  const staff = (role: string) => staffCookie(t.app, DEMO_STAFF.find((s) => s.roles.includes(role as never))!.email);
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }
  const get = async (path: string, cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    return {
      status: res.status,
      location: res.headers.get("location"),
      type: res.headers.get("content-type"),
      body: text(await res.text()),
    };
  };

  it("shows each role only its parts, on the page and in the CSV", async () => {
    for (const role of STAFF_ROLES) {
      const cookie = await staff(role);
      const page = await get("/admin", cookie);
      expect(page.status, role).toBe(200);
      const parts = dashboardParts([role]);
      for (const [part, id] of Object.entries(PART_IDS))
        expect(page.body.includes(`id="${id}"`), `${role} ${part}`).toBe(parts.has(part as never));
      const csv = await get("/admin/tableau.csv", cookie);
      expect(csv.status, role).toBe(200);
      expect(csv.type).toContain("text/csv");
      expect(csv.body.startsWith("Rubrique;Chiffre;Période;Nombre;Chiffre d’affaires HT\r\n"), role).toBe(true);
      expect(csv.body.includes("\r\nVentes;"), role).toBe(parts.has("sales"));
      expect(csv.body.includes("Modèles en stock bas;"), role).toBe(parts.has("low_stock"));
    }
    // the byte order mark (a decoder drops it from the text)
    const raw = await fetch(`${base}/admin/tableau.csv?chart=month`, { headers: { cookie: await staff("owner") } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(raw.headers.get("content-disposition")).toMatch(/^attachment; filename="tableau-de-bord-\d{4}-\d\d-\d\d\.csv"$/);
    // the catalogue sees no customer and no order
    const catalogue = await get("/admin", await staff("catalogue"));
    expect(catalogue.body).not.toContain("/admin/commandes");
    expect(catalogue.body).not.toContain("/admin/clients");
  });

  it("links each figure to its filtered list, in French and Chinese, the chart by day, week or month", async () => {
    const cookie = await staff("owner");
    const fr = await get("/admin?chart=week", cookie);
    expect(fr.body).toContain("Chiffre d’affaires HT des 12 dernières semaines");
    const statuses = SALES_STATUSES.map((s) => `status=${s}`).join("&");
    expect(fr.body).toMatch(
      new RegExp(`href="/admin/commandes\\?placed_from=\\d{4}-\\d\\d-\\d\\d&placed_to=\\d{4}-\\d\\d-\\d\\d&${statuses}"`),
    );
    expect(fr.body).toContain('href="/admin/preparation"');
    expect(fr.body).toMatch(/href="\/admin\/livraisons\?from=\d{4}-\d\d-\d\d"/);
    expect(fr.body).toContain('href="/admin/retours?status=requested"');
    expect(fr.body).toContain('href="/admin/questions?status=open"');
    expect(fr.body).toContain('role="img"');
    expect(fr.body).toContain("Voir les chiffres en tableau");
    const zh = await get("/zh/admin?chart=month", cookie);
    expect(zh.status).toBe(200);
    expect(zh.body).toContain("最近 12 个月不含税营业额");
    expect(zh.body).toContain('href="/zh/admin/retours?status=requested"');
    expect(zh.body).toContain("搜索订单、客户或型号");
    // an unknown grain is the chart by day
    expect((await get("/admin?chart=year", cookie)).body).toContain("Chiffre d’affaires HT des 30 derniers jours");
  });

  it("goes straight to an order or a customer found exactly; lists the rest by what the role may read", async () => {
    const [o] = await query<{ number: string }>(t.app.services.db, sql`select number from orders order by id limit 1`);
    const owner = await staff("owner");
    const order = await get(`/admin/recherche?q=${o.number.toLowerCase()}`, owner);
    expect(order.status).toBe(302);
    expect(order.location).toBe(`/admin/commandes/${o.number}`);
    const customer = await get("/zh/admin/recherche?q=C100001", owner);
    expect(customer.location).toBe("/zh/admin/clients/C100001");
    const listed = await get("/admin/recherche?q=boulangerie", owner);
    expect(listed.status).toBe(200);
    expect(listed.body).toContain("Résultats pour « boulangerie »");
    expect(listed.body).toContain('href="/admin/clients/C100001"');
    expect((await get("/admin/recherche?q=zzzqqqxx", owner)).body).toContain("Aucun résultat.");
    // the warehouse reads orders, not customers; the catalogue neither
    const warehouse = await get("/admin/recherche?q=C100001", await staff("warehouse"));
    expect(warehouse.status).toBe(200);
    expect(warehouse.body).not.toContain('href="/admin/clients/C100001"');
    const catalogue = await get(`/admin/recherche?q=${o.number}`, await staff("catalogue"));
    expect(catalogue.status).toBe(200);
    expect(catalogue.body).not.toContain(`/admin/commandes/${o.number}`);
    expect(catalogue.body).toContain("Aucun résultat.");
    const tooLong = await get(`/admin/recherche?q=${"a".repeat(101)}`, owner);
    expect(tooLong.status).toBe(200);
  });

  it("sends a visitor to the login", async () => {
    for (const path of ["/admin", "/admin/tableau.csv", "/admin/recherche?q=C100001"]) {
      const r = await get(path, "");
      expect(r.status, path).toBe(302);
      expect(r.location, path).toBe("/admin/connexion");
    }
  });
});
