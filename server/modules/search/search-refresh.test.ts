// Row-by-row refresh of the search index (decision 061): an edit of some products rewrites their documents only,
// with the same result as a full rebuild; stock changes and tables the index does not hold rebuild nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { searchScope } from "./search.service.ts";

async function until(ok: () => Promise<boolean>) {
  for (let i = 0; i < 60; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in 3 s");
}

describe("searchScope", () => {
  it("reads product edits, and rebuilds only for the tables the index holds", () => {
    expect(searchScope("edit:3,14")).toEqual([3, 14]);
    expect(searchScope("products")).toBe("all");
    expect(searchScope("category_translations")).toBe("all");
    expect(searchScope("*")).toBe("all");
    expect(searchScope(undefined)).toBe("all");
    for (const t of ["promotions", "related_products", "site_config", "shops", "content_pages", "model_translations"])
      expect(searchScope(t)).toBe("none");
  });
});

describe.each(testDbKinds())("search index refresh on %s", (kind) => {
  let t: TestApp;
  let p: { id: number; model_id: number };
  /** Row versions of the documents: a product's change when its rows are rewritten. */
  const versions = async () =>
    new Map(
      (
        await query<{ product_id: number; v: string }>(
          t.database.db,
          sql`
    select product_id, string_agg(xmin::text, ',' order by lang) as v from search_documents group by product_id`,
        )
      ).map((r) => [r.product_id, r.v]),
    );
  /** The whole index as text, to compare a partial refresh with a full rebuild. */
  const snapshot = async () =>
    (
      await query<{ s: string }>(
        t.database.db,
        sql`
    select (select string_agg(concat_ws('|', product_id, lang, name_norm, text_norm, doc::text, dims::text), E'\n' order by product_id, lang) from search_documents)
      || (select string_agg(concat_ws('|', ref, product_id, model_ref), E'\n' order by ref, product_id, model_ref) from search_refs)
      || (select string_agg(word || ':' || freq, ',' order by word) from search_words) as s`,
      )
    )[0].s;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [p] = await query<typeof p>(
      t.database.db,
      sql`
      select pr.id, min(m.id)::int as model_id from products pr join models m on m.product_id = pr.id and not m.not_for_sale
      where pr.active group by pr.id order by pr.id limit 1`,
    );
    await t.app.services.search.ready();
  });
  afterAll(() => t.close());

  it("rewrites only the edited product's documents, as a full rebuild would", async () => {
    const before = await versions();
    await query(
      t.database.db,
      sql`update product_translations set name = 'Boîte isotherme polaire' where product_id = ${p.id} and lang = 'fr'`,
    );
    await until(async () => (await t.app.services.search.search("fr", "isotherme polaire")).products.some((c) => c.id === p.id));
    const after = await versions();
    expect(after.get(p.id)).not.toBe(before.get(p.id));
    const changed = [...after].filter(([id, v]) => before.get(id) !== v).map(([id]) => id);
    expect(changed).toEqual([p.id]);
    // a model's reference and dimensions too (models UPDATE)
    await query(t.database.db, sql`update models set reference = 'ZZ-ISO-42', length_mm = 421, width_mm = 311 where id = ${p.model_id}`);
    await until(async () => (await t.app.services.search.search("fr", "ZZ-ISO-42")).products.some((c) => c.id === p.id));
    expect((await t.app.services.search.search("fr", "42.1x31.1")).products.some((c) => c.id === p.id)).toBe(true);
    // same tables as rebuilding everything
    const partial = await snapshot();
    await query(t.database.db, sql`select refresh_search_documents()`);
    expect(await snapshot()).toBe(partial);
  });

  it("rebuilds nothing for a stock change or a promotion", async () => {
    const before = await versions();
    await query(t.database.db, sql`update models set stock = stock + 5 where id = ${p.model_id}`);
    await query(t.database.db, sql`update models set stock = 0 where product_id = ${p.id}`);
    await query(t.database.db, sql`insert into promotions (model_id, value) values (${p.model_id}, 0.1)`);
    await new Promise((r) => setTimeout(r, 400));
    await t.app.services.search.search("fr", "carton");
    expect(await versions()).toEqual(before);
  });
});
