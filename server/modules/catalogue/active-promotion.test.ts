// "In promotion" is one condition (active-promotion.ts): a running model promotion (type 1). A coupon-scope
// promotion (type 2), an ended one or a future one marks no card — on the home page, in search, in lists and
// on the product page alike; a running type 1 marks all of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { query } from "#server/db/client.ts";

type Picked = { id: number; reference: string; model_id: number };

describe.each(testDbKinds())("active promotion on %s", (kind) => {
  let t: TestApp;
  let coupon: Picked, ended: Picked, future: Picked, running: Picked;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    // Four sellable products without any promotion, made best sellers so that the home page's promotion row
    // (best sales first) would show them if they counted as in promotion.
    const rows = await query<Picked>(
      db,
      sql`
      select p.id, p.reference, (select min(m.id) from models m where m.product_id = p.id and not m.not_for_sale) as model_id
      from products p
      where p.active
        and exists (select 1 from models m where m.product_id = p.id and not m.not_for_sale)
        and not exists (select 1 from models m join promotions pr on pr.model_id = m.id where m.product_id = p.id)
      order by p.id limit 4`,
    );
    expect(rows).toHaveLength(4);
    [coupon, ended, future, running] = rows;
    await db.execute(
      sql`update products set sales_count = 1000000 + id where id in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    await db.execute(sql`insert into promotions (model_id, type, value, min_qty, starts_at, ends_at) values
      (${coupon.model_id}, 2, 0.1, 1, now() - interval '1 day', null),
      (${ended.model_id}, 1, 0.1, 1, now() - interval '10 days', now() - interval '1 day'),
      (${future.model_id}, 1, 0.1, 1, now() + interval '1 day', null),
      (${running.model_id}, 1, 0.1, 1, now() - interval '1 day', now() + interval '10 days')`);
  });
  afterAll(() => t.close());

  const expected = () =>
    new Map([
      [coupon.id, false],
      [ended.id, false],
      [future.id, false],
      [running.id, true],
    ]);

  it("marks home cards only for a running model promotion", async () => {
    const sections = await t.app.services.catalogue.homeSections("fr");
    const promo = sections.find((s) => s.key === "promo")!.products.map((p) => p.id);
    expect(promo).toContain(running.id);
    for (const p of [coupon, ended, future]) expect(promo).not.toContain(p.id);
    const best = sections.find((s) => s.key === "best")!.products;
    for (const card of best.filter((c) => expected().has(c.id))) expect(card.in_promo).toBe(expected().get(card.id));
  });

  it("marks search cards only for a running model promotion", async () => {
    for (const p of [coupon, ended, future, running]) {
      const r = await t.app.services.search.search("fr", p.reference, { page: 1 });
      const card = r.products.find((c) => c.id === p.id);
      expect(card, p.reference).toBeDefined();
      expect(card!.in_promo).toBe(expected().get(p.id));
    }
  });

  it("agrees with the list model and the product page", async () => {
    const cards = await t.app.services.catalogue.productCards("zh");
    for (const [id, inPromo] of expected()) {
      expect(cards.get(id)!.in_promo).toBe(inPromo);
      const detail = await t.app.services.products.productDetail("fr", id);
      expect(detail.product.in_promo).toBe(inPromo);
      expect(detail.models.some((m) => m.promotion !== null)).toBe(inPromo);
    }
    const promoList = await t.app.services.products.productList("fr", { whether_promo: 1, pageSize: 96 });
    const listed = new Set(promoList.list.map((c) => c.id));
    expect(listed.has(running.id)).toBe(true);
    for (const p of [coupon, ended, future]) expect(listed.has(p.id)).toBe(false);
  });
});
