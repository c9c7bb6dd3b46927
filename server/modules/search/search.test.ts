import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import type { SearchAnswer } from "#core/contracts/search.ts";
import { parseQuery } from "./search-query.ts";

type Body = { code: number; info: string; data: SearchAnswer };

describe("parseQuery", () => {
  it("reads dimensions in mm or cm and keeps the other words", () => {
    expect(parseQuery("40x30").dims).toEqual(["40x30mm", "40x30cm"]);
    expect(parseQuery("40 X 30 cm").dims).toEqual(["40x30cm"]);
    expect(parseQuery("carton 400×300×300").dims).toEqual(["400x300x300mm", "400x300x300cm"]);
    expect(parseQuery("carton 400×300×300").words).toEqual(["carton"]);
    expect(parseQuery("27,5x20").dims).toEqual(["27.5x20mm", "27.5x20cm"]);
    expect(parseQuery("CAR-DEM").refLike).toBe(true);
    expect(parseQuery("Déménagement").norm).toBe("demenagement");
  });
});

describe.each(testDbKinds())("search on %s", (kind) => {
  let t: TestApp;
  const search = async (q: string, lang = "fr", extra: Record<string, string> = {}) =>
    (await get(t.app, "/site/Product/search", { search: q, ...extra }, { lang })).json() as Body;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("is accent-insensitive", async () => {
    const plain = await search("carton demenagement");
    expect(plain.code).toBe(200);
    expect(plain.data.total).toBeGreaterThan(0);
    expect(plain.data.products[0].name).toMatch(/^Carton de déménagement/);
    const accented = await search("Carton Déménagement");
    expect(accented.data.products.map((p) => p.id)).toEqual(plain.data.products.map((p) => p.id));
  });

  it("handles singular and plural", async () => {
    const one = await search("carton déménagement");
    const many = await search("cartons déménagements");
    expect(many.data.total).toBe(one.data.total);
  });

  it("tolerates a typo", async () => {
    const r = await search("cartn");
    expect(r.data.total).toBeGreaterThan(0);
    expect(r.data.products.slice(0, 5).every((p) => /carton/i.test(p.name))).toBe(true);
    const r2 = await search("carton demenagment");
    expect(r2.data.products[0].name).toMatch(/déménagement/);
  });

  it("ranks the exact reference, then references starting with the text, first", async () => {
    const exact = await search("CAR-DEM-0001");
    expect(exact.data.products[0].reference).toBe("CAR-DEM-0001");
    const prefix = await search("car-dem");
    expect(prefix.data.total).toBeGreaterThan(0);
    expect(prefix.data.products.every((p) => p.reference.startsWith("CAR-DEM"))).toBe(true);
    // a model reference finds its product
    const model = (await get(t.app, "/site/Product/suggest", { search: "CAR-DEM-0001-" })).json();
    expect(model.data.list[0].reference).toMatch(/^CAR-DEM-0001-/);
  });

  it("finds Chinese names in zh", async () => {
    const r = await search("纸箱", "zh");
    expect(r.data.total).toBeGreaterThan(3);
    expect(r.data.products[0].name).toContain("纸箱");
    const fr = await search("carton", "zh");
    expect(fr.data.products[0].name).toMatch(/\p{Script=Han}/u);
  });

  it("matches dimensions in cm or mm", async () => {
    const cm = await search("40x30");
    const mm = await search("400 x 300");
    expect(cm.data.total).toBeGreaterThan(0);
    expect(mm.data.total).toBeGreaterThan(0);
    expect(cm.data.products.map((p) => p.id)).toEqual(expect.arrayContaining(mm.data.products.slice(0, 3).map((p) => p.id)));
    const words = await search("carton déménagement 40x30x30");
    expect(words.data.products.length).toBeGreaterThan(0);
    expect(words.data.products.every((p) => /déménag/.test(p.name))).toBe(true);
  });

  it("pages the results", async () => {
    const p1 = await search("carton");
    expect(p1.data.page).toBe(1);
    expect(p1.data.pageSize).toBe(24);
    expect(p1.data.total).toBeGreaterThan(p1.data.products.length - 1);
    const p2 = await search("carton", "fr", { page: "2" });
    if (p1.data.total > 24) expect(p2.data.products[0].id).not.toBe(p1.data.products[0].id);
    const far = await search("carton", "fr", { page: "400" });
    expect(far.data.products).toEqual([]);
  });

  it("answers nothing found with an empty list", async () => {
    const r = await search("zzzzqqqq");
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ total: 0, products: [] });
  });

  it("leaves out a word like nothing in the catalogue when the others match", async () => {
    const r = await search("essuie-tout");
    expect(r.data.total).toBeGreaterThan(0);
    expect(r.data.products[0].name).toMatch(/^Essuie/);
    const cartons = await search("carton zzzzqqqq");
    expect(cartons.data.total).toBe((await search("carton")).data.total);
  });

  it("refuses an empty, too long text or a bad page with a translated 400", async () => {
    const empty = await get(t.app, "/site/Product/search", { search: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().info).toBe("Veuillez saisir un mot-clé");
    const long = await get(t.app, "/site/Product/search", { search: "x".repeat(36) }, { lang: "zh" });
    expect(long.statusCode).toBe(400);
    expect(long.json().info).toMatch(/\p{Script=Han}/u);
    const page = await get(t.app, "/site/Product/search", { search: "carton", page: "0" });
    expect(page.json()).toMatchObject({ code: 400, info: "Le numéro de page est invalide." });
    const missing = await get(t.app, "/site/Product/suggest", {});
    expect(missing.statusCode).toBe(400);
  });

  it("suggests at most 8 products from 3 characters, the last word as a prefix", async () => {
    const r = (await get(t.app, "/site/Product/suggest", { search: "carton dém" })).json();
    expect(r.code).toBe(200);
    const list = r.data.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(r.data).toMatchObject({ total: list.length, page: 1, page_size: list.length });
    expect(list[0]).toMatchObject({ name: expect.stringMatching(/déménagement/), url: expect.stringMatching(/^\/product\//) });
    const short = (await get(t.app, "/site/Product/suggest", { search: "ca" })).json();
    expect(short.data).toEqual({ list: [], total: 0, page: 1, page_size: 0 });
    const zh = (await get(t.app, "/site/Product/suggest", { search: "搬家纸箱" }, { lang: "zh" })).json();
    expect(zh.data.list[0].url).toMatch(/^\/zh\/product\//);
  });

  it("follows catalogue changes without a restart", async () => {
    expect((await search("zorglub")).data.total).toBe(0);
    await query(t.database.db, sql`update product_translations set name = name || ' Zorglub' where product_id = 5 and lang = 'fr'`);
    let total = 0;
    for (let i = 0; i < 50 && total === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      total = (await search("zorglub")).data.total;
    }
    expect(total).toBe(1);
  });
});
