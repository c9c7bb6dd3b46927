// The pickup desk through the real build: each shop's pickups being prepared, ready and handed over today; the search;
// handing one over (a name asked, refused when blank, 403 to a role without pickup:write: nothing changes); the page
// opened to the roles that read orders, 403 to the others; Chinese under /zh. Needs `npm run build` first.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { query } from "#server/db/client.ts";
import { orders } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffContextOf, staffCookie } from "#server/test/staff.ts";

const DOMAIN = "@comptoir-emballage.fr";
const SITE = { host: "shop.test", origin: "http://shop.test" };
const DENIED = "Vous n&#x27;avez pas les droits pour cette action.";
const page = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: "GET", url, headers: { host: SITE.host, ...(cookie ? { cookie } : {}) } });
const post = (app: FastifyInstance, url: string, fields: Record<string, string>, cookie: string) =>
  app.inject({
    method: "POST",
    url,
    headers: { ...SITE, cookie, "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
/** The text of a shop's list (its heading to the next heading). */
const listOf = (html: string, heading: RegExp) => {
  const start = html.search(heading);
  if (start < 0) return "";
  const rest = html.slice(start + 1);
  const end = rest.search(/<h[23] /);
  return end < 0 ? rest : rest.slice(0, end);
};

describe("back office pickup desk", () => {
  const t = pagesAppPerSuite("pglite");
  /** The demo's store pickup (CE2026-000158, shop 1, paid). */
  const pickup = async () =>
    (
      await query<{ id: number; number: string }>(
        t.app.services.db,
        sql`select id, number from orders where pickup_method = 2 order by id limit 1`,
      )
    )[0];
  const statusOf = async (id: number) => (await t.app.services.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;

  it("sends a visitor to the login, opens to the roles that read orders, 403 to the others", async () => {
    const visitor = await page(t.app, "/admin/retraits");
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe("/admin/connexion");
    for (const [email, code] of [
      ["entrepot", 200],
      ["comptabilite", 200],
      ["service-client", 200],
      ["catalogue", 403],
    ] as const) {
      const res = await page(t.app, "/admin/retraits", await staffCookie(t.app, `${email}${DOMAIN}`));
      expect(res.statusCode, email).toBe(code);
      if (code === 403) expect(res.body).toContain(DENIED);
      else expect(res.body).toContain('href="/admin/retraits"'); // in the navigation
    }
  });

  it("lists a pickup in preparation, then ready; the search narrows; it is handed over to a named person", async () => {
    const o = await pickup();
    const warehouse = await staffCookie(t.app, `entrepot${DOMAIN}`);
    const before = await page(t.app, "/admin/retraits", warehouse);
    expect(before.body).toContain("Comptoir de l&#x27;Emballage – Aubervilliers");
    expect(before.body).toContain("Comptoir de l&#x27;Emballage – Vitry-sur-Seine");
    expect(listOf(before.body, /<h3 [^>]*>En cours de préparation \(1\)/)).toContain(o.number);
    expect(before.body).toContain("Aucune commande prête à retirer.");

    const ctx = await staffContextOf(t.app, `entrepot${DOMAIN}`);
    await t.app.services.orderLife.apply(ctx, o.id, { type: "start_preparation" });
    await t.app.services.orderLife.apply(ctx, o.id, { type: "mark_ready", parcels: 2, pallets: 0, weight_kg: 14.5 });
    const ready = await page(t.app, "/admin/retraits?shop=1", warehouse);
    const readyList = listOf(ready.body, /<h3 [^>]*>Prêtes à retirer \(1\)/);
    expect(readyList).toContain(o.number);
    expect(readyList).toContain("Boulangerie Dupont");
    expect(readyList).toContain("2 colis · 0 palette · 14,50 kg");
    expect(readyList).toContain(`Commande ${o.number} retirée par`);
    expect(ready.body).not.toContain("Vitry-sur-Seine</h2>"); // one shop asked
    expect((await page(t.app, "/admin/retraits?q=C100002", warehouse)).body).not.toContain(o.number);
    expect((await page(t.app, "/admin/retraits?q=dupont", warehouse)).body).toContain(o.number);
    const bad = await page(t.app, "/admin/retraits?shop=abc", warehouse);
    expect(bad.body).toContain("Magasin inconnu.");
    expect(bad.body).not.toContain(o.number);

    // a role that reads orders sees no hand-over form and may not post one
    const accountant = await staffCookie(t.app, `comptabilite${DOMAIN}`);
    const seen = await page(t.app, "/admin/retraits", accountant);
    expect(seen.body).toContain(o.number);
    expect(seen.body).not.toContain("retirée par");
    const refused = await post(t.app, "/admin/retraits", { order: String(o.id), picked_up_by: "Jean Dupont" }, accountant);
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(o.id)).toBe("ready_for_pickup");

    // no name: said beside the field, nothing changes
    const blank = await post(t.app, "/admin/retraits", { order: String(o.id), picked_up_by: "  " }, warehouse);
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain("Indiquez le nom de la personne qui retire la commande.");
    expect(await statusOf(o.id)).toBe("ready_for_pickup");

    const handed = await post(t.app, "/admin/retraits", { order: String(o.id), picked_up_by: " Jean Dupont " }, warehouse);
    expect(handed.statusCode).toBe(200);
    expect(handed.body).toContain(`Commande ${o.number} remise à Jean Dupont.`);
    expect(await statusOf(o.id)).toBe("picked_up");
    const today = listOf(handed.body, /<h3 [^>]*>Remises aujourd&#x27;hui \(1\)/);
    expect(today).toContain(o.number);
    expect(today).toContain("Jean Dupont");

    // handed over already: the machine's refusal, nothing changes
    const again = await post(t.app, "/admin/retraits", { order: String(o.id), picked_up_by: "Paul" }, warehouse);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("Impossible : la commande est retirée.");
  });

  it("speaks Chinese under /zh/admin", async () => {
    const res = await page(t.app, "/zh/admin/retraits", await staffCookie(t.app, `service-client${DOMAIN}`));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("门店自提");
    expect(res.body).toContain("今日已提货");
    expect(res.body).not.toContain("Retraits en magasin");
  });
});
