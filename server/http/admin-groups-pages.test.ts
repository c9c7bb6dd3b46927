// Customer groups in the back office over the real build (decision 157): /admin/groupes answers the roles with
// catalogue:write and 403 to the others (page and action), in French and Chinese; a group is created and given a
// model price, a bad price is refused with its message and nothing changes; the customer's page puts them in the
// group (customers:write) and the cart then shows the group's price.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { customers, priceGroupModels, priceGroups } from "#server/db/schema/index.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { ROLE_PERMISSIONS, STAFF_ROLES } from "#core/staff/permissions.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";

const text = (html: string) => html.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;|&#39;/g, "'");

describe("back office customer groups", () => {
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

  it("answers the page and its action to the roles with catalogue:write, 403 to the others", async () => {
    for (const role of STAFF_ROLES) {
      const who = DEMO_STAFF.find((s) => s.roles.includes(role) && s.roles.length === 1);
      if (!who) continue;
      const cookie = await staff(who.email);
      const allowed = ROLE_PERMISSIONS[role].includes("catalogue:write");
      const page = await get("/admin/groupes", cookie);
      expect(page.status, role).toBe(allowed ? 200 : 403);
      if (allowed) expect(page.body).toContain("Groupes de clients");
      if (!allowed) {
        const res = await post(
          "/admin/groupes",
          [
            ["intent", "create"],
            ["name", `Refusé ${role}`],
          ],
          cookie,
        );
        expect(res.status, role).toBe(403);
      }
    }
    expect(
      await t.app.services.db
        .select()
        .from(priceGroups)
        .where(sql`name like 'Refusé%'`),
    ).toEqual([]);
  });

  it("creates a group, prices a model, refuses a bad price, and the customer's page puts a customer in it", async () => {
    const catalogue = await staff("catalogue");
    const created = await post(
      "/admin/groupes",
      [
        ["intent", "create"],
        ["name", "Grossistes"],
      ],
      catalogue,
    );
    expect(created.status).toBe(200);
    const [g] = await t.app.services.db.select().from(priceGroups).where(eq(priceGroups.name, "Grossistes"));
    const [m] = await query<{ id: number; reference: string }>(
      t.app.services.db,
      sql`select m.id, m.reference from models m join products p on p.id = m.product_id
          where p.active and not m.not_for_sale and m.price > 5 and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 1`,
    );
    const bad = await post(
      `/admin/groupes?groupe=${g.id}`,
      [
        ["intent", "model"],
        ["id", String(g.id)],
        ["version", String(g.version)],
        ["reference", m.reference],
        ["min_qty", "1"],
        ["price", "abc"],
      ],
      catalogue,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Le prix HT doit être un montant positif, avec au plus quatre décimales.");
    const ok = await post(
      `/admin/groupes?groupe=${g.id}`,
      [
        ["intent", "model"],
        ["id", String(g.id)],
        ["version", String(g.version)],
        ["reference", m.reference],
        ["min_qty", "1"],
        ["price", "1,2345"],
      ],
      catalogue,
    );
    expect(ok.status).toBe(200);
    expect(
      await t.app.services.db.select({ price: priceGroupModels.price }).from(priceGroupModels).where(eq(priceGroupModels.groupId, g.id)),
    ).toEqual([{ price: "1.2345" }]);
    const stale = await post(
      `/admin/groupes?groupe=${g.id}`,
      [
        ["intent", "rename"],
        ["id", String(g.id)],
        ["version", String(g.version)],
        ["name", "Autre"],
      ],
      catalogue,
    );
    expect(stale.status).toBe(409);
    const page = await get(`/admin/groupes?groupe=${g.id}`, catalogue);
    expect(page.body).toContain(m.reference);
    expect(page.body).toContain("1,2345 € HT");
    const zh = await get(`/zh/admin/groupes?groupe=${g.id}`, catalogue);
    expect(zh.status).toBe(200);
    expect(zh.body).toContain("各型号净价");

    const [c] = await query<{ id: number; client_number: string }>(
      t.app.services.db,
      sql`insert into customers (client_number, title, first_name, last_name, company, email, password_hash)
          values ('C880157', 'Mme', 'Lise', 'Groupe', 'Bazar groupé', 'groupe@exemple.fr', 'x') returning id, client_number`,
    );
    await query(t.app.services.db, sql`insert into carts (customer_id) values (${c.id})`);
    await query(
      t.app.services.db,
      sql`insert into cart_lines (cart_id, model_id, num) select id, ${m.id}, 2 from carts where customer_id = ${c.id}`,
    );
    const path = `/admin/clients/${c.client_number}`;
    expect(
      await post(
        path,
        [
          ["intent", "group"],
          ["group_id", String(g.id)],
        ],
        await staff("entrepot"),
      ),
    ).toMatchObject({ status: 403 });
    const service = await staff("service-client");
    const set = await post(
      path,
      [
        ["intent", "group"],
        ["group_id", String(g.id)],
      ],
      service,
    );
    expect(set.status).toBe(200);
    expect(set.body).toContain("Le groupe du client est enregistré.");
    const [row] = await t.app.services.db.select({ g: customers.priceGroupId }).from(customers).where(eq(customers.id, c.id));
    expect(row.g).toBe(g.id);
    expect((await get(path, service)).body).toContain("Grossistes");
    expect((await get(`/zh${path}`, service)).body).toContain("价格组");
    const cart = JSON.parse(await t.app.services.cart.viewJson({ db: t.app.services.db, customer: { id: c.id }, lang: "fr" }));
    expect(cart.cart_list[0].price).toBe("1.2345");
  });
});
