// Catalogue API (SPEC §2, §7): lists by category with descendants, flag lists, facets and counts, sort,
// pagination, the 10-criteria limit, product detail and content pages — on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { query } from "#server/db/client.ts";
import type { ListCardAnswer, ProductListAnswer } from "#core/contracts/catalogue.ts";

describe.each(testDbKinds())("catalogue API on %s", (kind) => {
  let t: TestApp;
  let level1: { id: number; leaves: number[] };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await query<{ id: number }>(t.database.db, sql`select id from categories where level = 1 order by position, id limit 1`);
    const leaves = await query<{ id: number }>(
      t.database.db,
      sql`
      with recursive d as (select id from categories where id = ${rows[0].id} union all select c.id from categories c join d on c.parent_id = d.id)
      select distinct p.category_id as id from products p join d on d.id = p.category_id where p.active`,
    );
    level1 = { id: rows[0].id, leaves: leaves.map((r) => r.id) };
  });
  afterAll(() => t.close());

  const list = async (params: Record<string, unknown>, lang = "fr") => {
    const res = await post(t.app, "/site/Product/index", params, { lang });
    return {
      status: res.statusCode,
      body: res.json() as { code: number; info: string; data: ProductListAnswer },
    };
  };

  it("gives the shell a lighter menu tree: same nodes, images only where shown", async () => {
    const [tree, menu] = await Promise.all([t.app.services.catalogue.categoryTree("zh"), t.app.services.catalogue.menuTree("zh")]);
    type N = { id: number; name: string; img?: string | null; img_status?: number; child?: N[] };
    const flat = (ns: N[]): N[] => ns.flatMap((n) => [n, ...flat(n.child ?? [])]);
    const full = flat(tree);
    const slim = flat(menu);
    expect(slim.map((n) => [n.id, n.name])).toEqual(full.map((n) => [n.id, n.name]));
    for (const [i, n] of full.entries()) {
      expect(slim[i].img).toBe(n.img_status === 1 && n.img ? n.img : undefined);
      expect(slim[i].child === undefined).toBe(n.child!.length === 0);
      expect(Object.keys(slim[i]).every((k) => ["id", "name", "img", "child"].includes(k))).toBe(true);
    }
  });

  it("lists a category with the products of its descendant categories", async () => {
    const { status, body } = await list({ type: level1.id, pageSize: 96 });
    expect(status).toBe(200);
    expect(level1.leaves.length).toBeGreaterThan(1);
    expect(body.data.total).toBe(level1.leaves.length); // small seed: one product per leaf
    expect(new Set(body.data.list.map((p) => p.category_id))).toEqual(new Set(level1.leaves));
    expect(body.data.category?.name).toBeTruthy();
    expect(body.data.breadcrumbs[0].name).toBe("ACCUEIL");
    // also accepts the spec's `params` object
    const nested = await list({ params: { type: level1.id, pageSize: 96 } });
    expect(nested.body.data.total).toBe(body.data.total);
  });

  it("gives each card the model its add-to-cart adds: the cheapest that can be bought now, its price only when not the one shown", async () => {
    // one product with its cheapest model out of stock, another with nothing purchasable
    const [a, b] = (await list({ type: level1.id, pageSize: 96 })).body.data.list;
    const cheapest = async (productId: number) =>
      (
        await query<{ id: number }>(
          t.database.db,
          sql`select id from models where product_id = ${productId} and not not_for_sale order by price, position, id limit 1`,
        )
      )[0].id;
    const aCheapest = await cheapest(a.id);
    const saved = await query<{ id: number; stock: number; purchasable_qty: number }>(
      t.database.db,
      sql`select id, stock, purchasable_qty from models where product_id in (${a.id}, ${b.id})`,
    );
    await query(t.database.db, sql`update models set stock = 0 where id = ${aCheapest}`);
    await query(t.database.db, sql`update models set purchasable_qty = 0 where product_id = ${b.id}`);
    t.app.services.cache.clear();
    try {
      const expected = await query<{ product_id: number; id: number | null; price: string | null }>(
        t.database.db,
        sql`
        select p.id as product_id, a.id, a.price from products p left join lateral (
          select m.id, m.price::text as price from models m
          where m.product_id = p.id and not m.not_for_sale and m.stock > 0 and m.purchasable_qty > 0
          order by m.price, m.position, m.id limit 1) a on true where p.active`,
      );
      const want = new Map(expected.map((r) => [r.product_id, r]));
      const cards = (await list({ type: level1.id, pageSize: 96 })).body.data.list;
      for (const c of cards) {
        const w = want.get(c.id)!;
        expect(c.model_id, `product ${c.id}`).toBe(w.id);
        if (w.id !== null && w.price !== c.price_from) expect(c.model_price).toBe(w.price);
        else expect(c).not.toHaveProperty("model_price");
      }
      const byId = new Map(cards.map((c) => [c.id, c]));
      expect(byId.get(b.id)?.model_id).toBeNull();
      expect(byId.get(a.id)?.model_id).not.toBe(aCheapest);
      // home and search cards come from another read model: the same answer
      const homeCards = await t.app.services.catalogue.productCards("fr");
      for (const c of cards) {
        expect(homeCards.get(c.id)?.model_id).toBe(c.model_id);
        expect(homeCards.get(c.id)?.model_price).toBe(c.model_price);
      }
    } finally {
      for (const m of saved)
        await query(t.database.db, sql`update models set stock = ${m.stock}, purchasable_qty = ${m.purchasable_qty} where id = ${m.id}`);
      t.app.services.cache.clear();
    }
  });

  it("answers 404 for an unknown category", async () => {
    const { status, body } = await list({ type: 999_999 });
    expect(status).toBe(404);
    expect(body.info).toBe("Cette catégorie est introuvable.");
  });

  it("serves the flag lists and ignores the category there", async () => {
    const checks: [string, keyof ListCardAnswer][] = [
      ["whether_new", "is_new"],
      ["whether_promo", "in_promo"],
      ["best_selling", "best_selling"],
      ["prix-en-baisse", "price_drop"],
    ];
    for (const [flag, field] of checks) {
      const { body } = await list({ [flag]: 1, type: level1.id, pageSize: 96 });
      expect(body.data.total, flag).toBeGreaterThan(0);
      expect(
        body.data.list.every((p) => p[field] === true),
        flag,
      ).toBe(true);
      expect(body.data.category).toBeNull();
      const viaFlag = await list({ flag, pageSize: 96 });
      expect(viaFlag.body.data.total).toBe(body.data.total);
    }
  });

  it("filters with comma-separated values and counts every facet value", async () => {
    const all = (await list({ pageSize: 96 })).body.data;
    const material = all.facets.find((f) => f.field === "material")!;
    expect(material.values.length).toBeGreaterThan(2);
    const [a, b] = material.values;
    const one = (await list({ pageSize: 96, filters: { material: a.value } })).body.data;
    expect(one.total).toBe(a.count);
    expect(one.list.every((p) => p.material === a.value)).toBe(true);
    const two = (await list({ pageSize: 96, filters: { material: `${a.value},${b.value}` } })).body.data;
    expect(two.total).toBe(a.count + b.count);
    // the selected field keeps counting its other values; other facets narrow down
    const mf = two.facets.find((f) => f.field === "material")!;
    expect(mf.values.find((v) => v.value === a.value)).toMatchObject({ selected: true, count: a.count });
    const stock = two.facets.find((f) => f.field === "stock")!;
    expect(stock.values[0].count).toBeLessThanOrEqual(two.total);
    const inStock = (await list({ pageSize: 96, filters: { material: `${a.value},${b.value}`, stock: "1" } })).body.data;
    expect(inStock.total).toBe(stock.values[0].count);
    expect(inStock.list.every((p) => p.in_stock)).toBe(true);
    // price buckets
    const price = all.facets.find((f) => f.field === "price")!;
    const bucket = price.values[0];
    const priced = (await list({ pageSize: 96, filters: { price: bucket.value } })).body.data;
    expect(priced.total).toBe(bucket.count);
  });

  it("refuses more than 10 criteria and a bad volume range with a translated message", async () => {
    const many = Array.from({ length: 11 }, (_, i) => `m${i}`).join(",");
    const fr = await list({ filters: { material: many } });
    expect(fr.status).toBe(400);
    expect(fr.body.info).toBe("Vous pouvez sélectionner au maximum 10 critères");
    const zh = await list({ filters: { material: many } }, "zh");
    expect(zh.body.info).toBe("最多只能选择10个筛选条件");
    const bounds = (await list({})).body.data.volume_bounds!;
    expect(bounds.max).toBeGreaterThan(bounds.min);
    const inverted = await list({ filters: { volume: `${bounds.max},${bounds.min}` } });
    expect(inverted.status).toBe(400);
    expect(inverted.body.info).toBe("Le volume maximum ne peut pas être inférieur au volume minimum");
    const ok = await list({ filters: { volume: `${bounds.min},${bounds.max}` }, pageSize: 96 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.total).toBeGreaterThan(0);
  });

  it("sorts by price and paginates", async () => {
    const asc = (await list({ sort: "price_asc", pageSize: 96 })).body.data.list.map((p) => Number(p.price_from));
    expect(asc).toEqual([...asc].sort((x, y) => x - y));
    const desc = (await list({ sort: "price_desc", pageSize: 96 })).body.data.list.map((p) => Number(p.price_from));
    expect(desc).toEqual([...desc].sort((x, y) => y - x));
    const p1 = (await list({ pageSize: 12, page: 1 })).body.data;
    const p2 = (await list({ pageSize: 12, page: 2 })).body.data;
    expect(p1.total).toBe(97);
    expect(p1.pages).toBe(9);
    expect(p1.list).toHaveLength(12);
    expect(p2.page).toBe(2);
    expect(p2.list.map((p) => p.id).some((id) => p1.list.some((q) => q.id === id))).toBe(false);
    const bad = await list({ sort: "random" });
    expect(bad.status).toBe(400);
    expect(bad.body.info).toBe("Les paramètres de la liste sont invalides.");
  });

  it("returns the product detail with models, promotions, breadcrumbs and related products", async () => {
    const [{ id }] = await query<{ id: number }>(
      t.database.db,
      sql`
      select m.product_id as id from promotions pr join models m on m.id = pr.model_id order by pr.id limit 1`,
    );
    const res = await get(t.app, "/site/Product/detail", { id: String(id) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.product.id).toBe(id);
    expect(d.product.url).toMatch(new RegExp(`^/product/[^/]+/${id}$`));
    expect(d.models.length).toBeGreaterThan(0);
    expect(d.models[0]).toHaveProperty("purchasable_qty");
    expect(d.models.some((m: { promotion: unknown }) => m.promotion !== null)).toBe(true);
    expect(d.breadcrumbs[0]).toMatchObject({ name: "ACCUEIL", level: 0, url: "/" });
    expect(d.breadcrumbs.at(-1).name).toBe(d.product.name);
    const zh = (await get(t.app, "/site/Product/detail", { id: String(id) }, { lang: "zh" })).json().data;
    expect(zh.product.name).toMatch(/\p{Script=Han}/u);
    expect(zh.product.url).toMatch(/^\/zh\/product\//);
  });

  it("answers 404 for an unknown product and 400 without an id", async () => {
    const res = await get(t.app, "/site/Product/detail", { id: "999999" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, data: null, info: "Ce produit est introuvable." });
    const none = await get(t.app, "/site/Product/detail", {});
    expect(none.statusCode).toBe(400);
  });

  it("serves the content pages in both languages", async () => {
    const fr = await get(t.app, "/site/Index/getPagesInfo", { id: "1" });
    expect(fr.statusCode).toBe(200);
    expect(fr.json().data).toMatchObject({ id: 1, title: "Livraison" });
    expect(fr.json().data.body).toContain("<h2>");
    const zh = await get(t.app, "/site/Index/getPagesInfo", { id: "1" }, { lang: "zh" });
    expect(zh.json().data.title).toBe("配送");
    const missing = await get(t.app, "/site/Index/getPagesInfo", { id: "9999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().info).toBe("Cette page est introuvable.");
  });
});
