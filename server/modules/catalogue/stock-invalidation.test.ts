// Targeted invalidation (decision 061), API and read model: a stock change refreshes what shows the product and
// nothing else; the search index is not rebuilt for it; a catalogue edit still shows everywhere.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";

/** Waits (at most 2 s) for what another connection's commit tells this process through a notification. */
async function until(ok: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 40; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in 2 s");
}

type Pick = { model_id: number; product_id: number; stock: number; category_id: number };

describe.each(testDbKinds())("stock changes on %s", (kind) => {
  let t: TestApp;
  let p: Pick; // the product whose stock changes
  let q: { id: number; category_id: number }; // an unrelated product
  const detail = async (id: number) => (await get(t.app, "/site/Product/detail", { id: String(id) })).json().data;
  const card = async (category: number, id: number) => {
    const res = await post(t.app, "/site/Product/index", { type: category, pageSize: 96 });
    return (res.json().data.list as { id: number; in_stock: boolean; model_id: number | null }[]).find((c) => c.id === id);
  };
  const searchVersions = async () =>
    (
      await query<{ v: string }>(
        t.database.db,
        sql`select string_agg(distinct xmin::text, ',' order by xmin::text) as v from search_documents`,
      )
    )[0].v;
  const has = (key: string) => t.app.services.cache.has(key);

  beforeAll(async () => {
    t = await createTestApp(kind);
    [p] = await query<Pick>(
      t.database.db,
      sql`
      select m.id as model_id, m.product_id, m.stock, pr.category_id from models m join products pr on pr.id = m.product_id
      where pr.active and not m.not_for_sale and m.stock > 5
        and (select count(*) from models x where x.product_id = pr.id and not x.not_for_sale) <= 3
      order by m.id limit 1`,
    );
    [q] = await query<typeof q>(
      t.database.db,
      sql`
      select pr.id, pr.category_id from products pr
      where pr.active and pr.category_id <> ${p.category_id}
        and not exists (select 1 from related_products r where (r.product_id = pr.id and r.related_id = ${p.product_id}) or (r.product_id = ${p.product_id} and r.related_id = pr.id))
        and exists (select 1 from models m where m.product_id = pr.id and not m.not_for_sale and m.stock > 0)
      order by pr.id limit 1`,
    );
    await t.app.services.search.ready();
  });
  afterAll(() => t.close());

  it("refreshes the changed product's detail and keeps every other read-model entry", async () => {
    expect((await detail(p.product_id)).models.find((m: { id: number }) => m.id === p.model_id).stock).toBe(p.stock);
    await detail(q.id);
    expect((await card(q.category_id, q.id))?.in_stock).toBe(true);
    await t.app.services.catalogue.productCards("fr");
    const index = await searchVersions();

    await query(t.database.db, sql`update models set stock = stock - 1, purchasable_qty = purchasable_qty where id = ${p.model_id}`);
    await until(async () => (await detail(p.product_id)).models.find((m: { id: number }) => m.id === p.model_id).stock === p.stock - 1);
    // the list model, the cards, the other product's detail and the menu were not dropped
    expect(has("catalogue:list-model")).toBe(true);
    expect(has("cards:fr")).toBe(true);
    expect(has(`product:fr:${q.id}`)).toBe(true);
    expect(has("tree:fr")).toBe(true);
    // and the search index was not rebuilt
    await new Promise((r) => setTimeout(r, 300));
    await t.app.services.search.search("fr", "carton");
    expect(await searchVersions()).toBe(index);
  });

  it("shows a product going out of stock on its cards and lists, without reloading the read model", async () => {
    expect((await card(p.category_id, p.product_id))?.in_stock).toBe(true);
    const before = (await t.app.services.catalogue.productCards("fr")).get(p.product_id);
    expect(before?.in_stock).toBe(true);
    const index = await searchVersions();

    expect((await card(p.category_id, p.product_id))?.model_id).not.toBeNull();
    await query(t.database.db, sql`update models set stock = 0 where product_id = ${p.product_id}`);
    await until(async () => (await card(p.category_id, p.product_id))?.in_stock === false);
    // nothing left to add: the card carries no model (list, home and search cards alike)
    expect((await card(p.category_id, p.product_id))?.model_id).toBeNull();
    expect((await t.app.services.catalogue.productCards("fr")).get(p.product_id)?.model_id).toBeNull();
    expect((await detail(p.product_id)).product.in_stock).toBe(false);
    expect((await t.app.services.catalogue.productCards("fr")).get(p.product_id)?.in_stock).toBe(false);
    // the same card map, patched in place rather than reloaded; the unrelated detail is still cached
    expect((await t.app.services.catalogue.productCards("fr")).get(p.product_id)).toBe(before);
    expect(has(`product:fr:${q.id}`)).toBe(true);
    // the "in stock" facet of the list counts it no more
    const facet = async () => {
      const res = await post(t.app, "/site/Product/index", { type: p.category_id, filters: { stock: "1" }, pageSize: 96 });
      return (res.json().data.list as { id: number }[]).some((c) => c.id === p.product_id);
    };
    expect(await facet()).toBe(false);

    await query(t.database.db, sql`update models set stock = 7 where id = ${p.model_id}`);
    await until(async () => (await card(p.category_id, p.product_id))?.in_stock === true);
    // the only model back in stock is the one the card adds (if it can be bought: purchasable_qty > 0)
    const [{ buyable }] = await query<{ buyable: boolean }>(
      t.database.db,
      sql`select purchasable_qty > 0 as buyable from models where id = ${p.model_id}`,
    );
    expect((await card(p.category_id, p.product_id))?.model_id).toBe(buyable ? p.model_id : null);
    expect((await t.app.services.catalogue.productCards("fr")).get(p.product_id)?.model_id).toBe(buyable ? p.model_id : null);
    expect(await facet()).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await searchVersions()).toBe(index);
  });

  it("still shows a price or name edit everywhere, and refreshes the search index for it", async () => {
    const index = await searchVersions();
    await query(t.database.db, sql`update models set price = 987.6500 where id = ${p.model_id}`);
    await until(async () => (await detail(p.product_id)).models.find((m: { id: number }) => m.id === p.model_id).price === "987.6500");
    await query(
      t.database.db,
      sql`update product_translations set name = 'Zorglub inédit' where product_id = ${p.product_id} and lang = 'fr'`,
    );
    await until(async () => (await detail(p.product_id)).product.name === "Zorglub inédit");
    await until(async () => (await t.app.services.search.search("fr", "zorglub")).products.some((c) => c.id === p.product_id));
    expect(await searchVersions()).not.toBe(index);
  });

  it("counts sales without notifying anything", async () => {
    await detail(q.id);
    await query(t.database.db, sql`update products set sales_count = sales_count + 3 where id = ${p.product_id}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(has(`product:fr:${q.id}`)).toBe(true);
    expect(has("catalogue:list-model")).toBe(true);
  });
});
