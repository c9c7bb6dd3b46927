// Payment on account in the back office over the real build (decision 149): the customer page shows the terms form,
// staff with customers:write save them (audited), a bad limit is refused with its message and nothing changes; the
// unpaid list answers the roles with invoices:read and 403 to the others; recording a transfer is refused (403) to a
// role without orders:refund.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { customers } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { ROLE_PERMISSIONS, STAFF_ROLES } from "#core/staff/permissions.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";

const text = (html: string) => html.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;|&#39;/g, "'");

describe("back office payment on account", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  const staff = (who: string) => staffCookie(t.app, who.includes("@") ? who : `${who}@comptoir-emballage.fr`);
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }
  const get = async (path: string, cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    return { status: res.status, body: text(await res.text()) };
  };
  const post = async (path: string, fields: [string, string][], cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    return { status: res.status, body: text(await res.text()) };
  };
  async function pro() {
    const [c] = await query<{ id: number; client_number: string }>(
      t.app.services.db,
      sql`insert into customers (client_number, title, first_name, last_name, company, email, password_hash)
          values ('C880001', 'Mme', 'Lise', 'Terme', 'Bazar à terme', 'terme@exemple.fr', 'x') returning id, client_number`,
    );
    return c;
  }

  it("saves the terms from the customer page, refuses a bad limit, and keeps the forms to their permissions", async () => {
    const c = await pro();
    const service = await staff("service-client");
    const page = await get(`/admin/clients/${c.client_number}`, service);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Paiement à réception de facture");
    const bad = await post(
      `/admin/clients/${c.client_number}`,
      [
        ["intent", "terms"],
        ["on_account", "on"],
        ["days", "30"],
        ["limit", "abc"],
      ],
      service,
    );
    expect(bad.status).toBe(400);
    const ok = await post(
      `/admin/clients/${c.client_number}`,
      [
        ["intent", "terms"],
        ["on_account", "on"],
        ["days", "45"],
        ["limit", "5 000,50"],
      ],
      service,
    );
    expect(ok.status).toBe(200);
    const [row] = await t.app.services.db
      .select({ on: customers.onAccount, days: customers.onAccountDays, limit: customers.onAccountLimitCents })
      .from(customers)
      .where(eq(customers.id, c.id));
    expect(row).toEqual({ on: true, days: 45, limit: 500_050 });
    const zh = await get(`/zh/admin/clients/${c.client_number}`, service);
    expect(zh.body).toContain("凭发票付款");
    // customer service has no orders:refund: a transfer is not theirs to record
    expect(
      (
        await post(
          `/admin/clients/${c.client_number}`,
          [
            ["intent", "settle"],
            ["invoice", "FA2026-000001"],
          ],
          service,
        )
      ).status,
    ).toBe(403);
    expect((await post(`/admin/clients/impayes`, [["invoice", "FA2026-000001"]], service)).status).toBe(403);
  });

  it("answers the unpaid list to the roles with invoices:read, 403 to the others", async () => {
    for (const role of STAFF_ROLES) {
      const who = DEMO_STAFF.find((s) => s.roles.includes(role) && s.roles.length === 1);
      if (!who) continue;
      const res = await get("/admin/clients/impayes", await staff(who.email));
      expect(res.status, role).toBe(ROLE_PERMISSIONS[role].includes("invoices:read") ? 200 : 403);
      if (res.status === 200) expect(res.body).toContain("Factures impayées");
    }
  });
});
