// Personal data over the real build and a real HTTP connection (decision 147), in French and Chinese: a customer's
// data exported as a JSON file and erased from the customer page (typed confirmation; refused while an order is
// unpaid), the newsletter's subscribers as CSV, each refused (403) to the roles without its permission with nothing
// changed and no audit row; the public unsubscribe page, without login: a valid link, a forged one, a replayed one.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { customers, newsletterSubscriptions } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { ROLE_PERMISSIONS, STAFF_ROLES } from "#core/staff/permissions.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";

const text = (html: string) =>
  html
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("personal data pages", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  let seq = 0;
  const staff = (who: string) => staffCookie(t.app, who.includes("@") ? who : `${who}@comptoir-emballage.fr`);
  const cookieOf = (role: string) => staff(DEMO_STAFF.find((m) => m.roles.includes(role as never))!.email);
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }
  const request = async (method: string, path: string, cookie: string, fields?: [string, string][]) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, ...(fields && { "content-type": "application/x-www-form-urlencoded" }) },
      body: fields && new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    return { status: res.status, headers: res.headers, body: text(await res.text()) };
  };
  const get = (path: string, cookie = "") => request("GET", path, cookie);
  const post = (path: string, fields: [string, string][], cookie = "") => request("POST", path, cookie, fields);
  const audits = async () => (await query<{ n: number }>(t.app.services.db, sql`select count(*)::int as n from audit_log`))[0].n;
  /** A customer without orders (erasable), subscribed to the newsletter. */
  async function customer() {
    const n = ++seq;
    const email = `prive${n}@exemple.fr`;
    const [c] = await query<{ id: number; client_number: string }>(
      t.app.services.db,
      sql`insert into customers (client_number, title, first_name, last_name, company, siret, email, phone, password_hash)
          values (${`C88000${n}`}, 'Mme', 'Jeanne', ${`Privée${n}`}, ${`Atelier Discret ${n}`}, '73282932000074', ${email},
                  ${`070000880${n}`}, 'scrypt$16384$8$1$c2FsdA$aGFzaA') returning id, client_number`,
    );
    await t.app.services.newsletter.subscribe(t.app.services.db, email, "fr");
    return { ...c, email };
  }

  it("exports a customer's data as a JSON file, never a hash; the section in French and Chinese", async () => {
    const c = await customer();
    const cs = await staff("service-client");
    const fr = await get(`/admin/clients/${c.client_number}`, cs);
    expect(fr.body).toContain("Données personnelles");
    expect(fr.body).toContain("Code de commerce, art. L123-22");
    const zh = await get(`/zh/admin/clients/${c.client_number}`, cs);
    expect(zh.body).toContain("个人数据");
    expect(zh.body).toContain(`action="/zh/admin/clients/${c.client_number}/donnees.json"`);
    const before = await audits();
    const file = await post(`/admin/clients/${c.client_number}/donnees.json`, [], cs);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("application/json");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="client-${c.client_number}.json"`);
    const data = JSON.parse(file.body) as { account: { email: string }; newsletter: { email: string } };
    expect(data.account.email).toBe(c.email);
    expect(data.newsletter.email).toBe(c.email);
    expect(file.body).not.toMatch(/passwordHash|password_hash|scrypt|token_?hash/i);
    expect(await audits()).toBe(before + 1);
    expect((await post("/admin/clients/C999999/donnees.json", [], cs)).status).toBe(404);
    // a read-only role does not see the section
    expect((await get(`/admin/clients/${c.client_number}`, await cookieOf("accountant"))).body).not.toContain("Données personnelles");
  });

  it("erases a customer after the typed confirmation (Chinese), and refuses an account with an unpaid order (French)", async () => {
    const c = await customer();
    const cs = await staff("service-client");
    const url = `/zh/admin/clients/${c.client_number}`;
    const wrong = await post(
      url,
      [
        ["intent", "erase"],
        ["confirm", "C000000"],
      ],
      cs,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain("请准确输入客户编号以确认删除。");
    const done = await post(
      url,
      [
        ["intent", "erase"],
        ["confirm", c.client_number.toLowerCase()],
      ],
      cs,
    );
    expect(done.status).toBe(200);
    expect(done.body).toContain("该客户的个人数据已删除。");
    const [row] = await t.app.services.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ lastName: "—", company: null, siret: null, phone: null, passwordHash: "erased" });
    expect(row.email).not.toContain("prive");
    expect(await t.app.services.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, c.email))).toHaveLength(
      0,
    );
    expect((await get(url, cs)).body).toContain("该账户的个人数据已删除");
    const unpaid = await post(
      "/admin/clients/C100001",
      [
        ["intent", "erase"],
        ["confirm", "C100001"],
      ],
      cs,
    );
    expect(unpaid.status).toBe(400);
    expect(unpaid.body).toContain("Effacement impossible : une commande de ce client est impayée");
    expect((await t.app.services.db.select().from(customers).where(eq(customers.clientNumber, "C100001")))[0].email).toBe(
      "demo@comptoir-emballage.fr",
    );
  });

  it("exports the newsletter's subscribers as CSV with headers in the staff member's language", async () => {
    const c = await customer();
    const cs = await staff("service-client");
    const fr = await post("/admin/clients/newsletter.csv", [], cs);
    expect(fr.status).toBe(200);
    expect(fr.headers.get("content-type")).toContain("text/csv");
    expect(fr.body).toContain("E-mail;Date d'inscription;Langue\r\n");
    expect(fr.body).toMatch(new RegExp(`${c.email};\\d{4}-\\d{2}-\\d{2};fr\\r\\n`));
    const zh = await post("/zh/admin/clients/newsletter.csv", [], cs);
    expect(zh.body).toContain("电子邮箱;订阅日期;语言\r\n");
    expect((await get("/admin/clients", cs)).body).toContain('action="/admin/clients/newsletter.csv"');
  });

  it("refuses the export, the erasure and the CSV to each role without its permission (403): nothing changes", async () => {
    const c = await customer();
    const before = await audits();
    for (const role of STAFF_ROLES) {
      const cookie = await cookieOf(role);
      const may = (p: string) => (ROLE_PERMISSIONS[role] as readonly string[]).includes(p);
      if (!may("customers:write")) {
        expect((await post(`/admin/clients/${c.client_number}/donnees.json`, [], cookie)).status, role).toBe(403);
        const erase = await post(
          `/admin/clients/${c.client_number}`,
          [
            ["intent", "erase"],
            ["confirm", c.client_number],
          ],
          cookie,
        );
        expect(erase.status, role).toBe(403);
      }
      if (!may("customers:read")) expect((await post("/admin/clients/newsletter.csv", [], cookie)).status, role).toBe(403);
    }
    expect((await t.app.services.db.select().from(customers).where(eq(customers.id, c.id)))[0].email).toBe(c.email);
    expect(await audits()).toBe(before);
  });

  it("unsubscribes by the e-mail's link without login in French and Chinese: valid, forged, replayed", async () => {
    const { db, newsletter } = t.app.services;
    await newsletter.subscribe(db, "lecteur@exemple.fr", "zh");
    const [sub] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "lecteur@exemple.fr"));
    const link = new URL(newsletter.linkOf(sub));
    expect(link.pathname).toBe("/zh/newsletter/desinscription");
    const path = `${link.pathname}${link.search}`;
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.body).toContain("退订通讯");
    expect(page.body).toContain(`action="${path}"`);
    // forged: another token for the same id, refused, still subscribed
    const forged = `/newsletter/desinscription?s=${sub.id}&t=${"A".repeat(43)}`;
    const refused = await post(forged, []);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Ce lien de désinscription n'est pas valide.");
    expect(await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, sub.id))).toHaveLength(1);
    expect((await get("/newsletter/desinscription?s=x&t=y")).body).toContain("Ce lien de désinscription n'est pas valide.");
    // valid, as a mail client's one-click POST (RFC 8058)
    const done = await post(path, [["List-Unsubscribe", "One-Click"]]);
    expect(done.status).toBe(200);
    expect(done.body).toContain("已完成：此邮箱已退订我们的通讯。");
    expect(await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, sub.id))).toHaveLength(0);
    // replayed: the same answer, nothing more to do
    const again = await post(path, []);
    expect(again.status).toBe(200);
    expect(again.body).toContain("已完成");
  });
});
