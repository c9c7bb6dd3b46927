// Catalogue pages through the real React Router build (npm test builds first): lists, detail, content,
// shops, canonical redirects and 404s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase } from "#server/test/databases.ts";
import { query, type Database } from "#server/db/client.ts";
import { categoryUrl, productUrl } from "#core/slug.ts";
import { CLIENT_DIR, pageBuild } from "#server/test/page-build.ts";

describe("catalogue pages", () => {
  let app: FastifyInstance;
  let database: Database;
  let cat: { id: number; name: string; zh: string };
  let prod: { id: number; name: string; zh: string };
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    await seedDemo(database.db, { size: "small" });
    const build = await pageBuild();
    app = await buildApp({
      env: loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", PUBLIC_URL: "https://shop.test" }),
      database,
      build,
      clientDir: CLIENT_DIR,
      logger: false,
    });
    await app.ready();
    [cat] = await query<typeof cat>(
      database.db,
      sql`
      select c.id, f.name, z.name as zh from categories c join category_translations f on f.category_id = c.id and f.lang = 'fr'
      join category_translations z on z.category_id = c.id and z.lang = 'zh' where c.level = 1 order by c.position, c.id limit 1`,
    );
    [prod] = await query<typeof prod>(
      database.db,
      sql`
      select p.id, f.name, z.name as zh from products p join product_translations f on f.product_id = p.id and f.lang = 'fr'
      join product_translations z on z.product_id = p.id and z.lang = 'zh' where p.active order by p.id limit 1`,
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("renders a category list with products, facets, canonical and breadcrumb JSON-LD", async () => {
    const url = categoryUrl("fr", cat);
    const res = await app.inject(encodeURI(url));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("TVA en sus");
    expect(res.body).toContain(`<link rel="canonical" href="https://shop.test${encodeURI(url)}"/>`);
    expect(res.body).toContain('"@type":"BreadcrumbList"');
    expect(res.body).toMatch(/Matière/);
    expect(res.body).toMatch(/<article/);
  });

  it("redirects a non-canonical category slug with 301 and keeps the query", async () => {
    const res = await app.inject(`/product/${cat.id}-nimporte-quoi?sort=price_asc`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${encodeURI(categoryUrl("fr", cat))}?sort=price_asc`);
    const zh = await app.inject(`/zh/product/${cat.id}-x`);
    expect(zh.statusCode).toBe(301);
    expect(zh.headers.location).toBe(encodeURI(categoryUrl("zh", { id: cat.id, name: cat.zh })));
    expect((await app.inject("/product/999999-rien")).statusCode).toBe(404);
    expect((await app.inject("/product/abc")).statusCode).toBe(404);
  });

  it("renders the flag lists and the whole list", async () => {
    for (const [path, title] of [
      ["/nouveaux-produits", "Nouveaux produits"],
      ["/promotions", "Promotions"],
      ["/meilleures-ventes", "Meilleures ventes"],
      ["/Prix-en-baisse", "Prix en baisse"],
      ["/product/productlist", "Tous nos produits"],
    ]) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(`<h1 class="text-2xl font-bold text-brand">${title}</h1>`);
    }
    const zh = await app.inject("/zh/promotions");
    expect(zh.body).toContain("促销");
  });

  it("renders the product page with models, JSON-LD offers, and redirects other slugs", async () => {
    const url = productUrl("fr", prod);
    const res = await app.inject(encodeURI(url));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"@type":"Product"');
    expect(res.body).toContain('"valueAddedTaxIncluded":false');
    expect(res.body).toContain("Prix HT / unité");
    expect(res.body).toContain("Quantité max.");
    const other = await app.inject(`/product/autre-nom/${prod.id}`);
    expect(other.statusCode).toBe(301);
    expect(other.headers.location).toBe(encodeURI(url));
    const legacy = await app.inject(`/product/product?id=${prod.id}`);
    expect(legacy.statusCode).toBe(301);
    const zh = await app.inject(encodeURI(productUrl("zh", { id: prod.id, name: prod.zh })));
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toContain("单价（不含税）");
    expect((await app.inject("/product/x/999999")).statusCode).toBe(404);
  });

  it("states a promotion's percentage and its gifted units per multiple of the minimum on the product page (fr, zh)", async () => {
    const [p] = await query<{ id: number; name: string; zh: string; model_id: number }>(
      database.db,
      sql`select p.id, f.name, z.name as zh, (select m.id from models m where m.product_id = p.id order by m.position, m.id limit 1) as model_id
      from products p join product_translations f on f.product_id = p.id and f.lang = 'fr'
      join product_translations z on z.product_id = p.id and z.lang = 'zh'
      where p.active and p.id <> ${prod.id} and exists (select 1 from models m where m.product_id = p.id) order by p.id desc limit 1`,
    );
    await query(database.db, sql`delete from promotions where model_id = ${p.model_id}`);
    await query(
      database.db,
      sql`insert into promotions (model_id, type, value, min_qty, gifted_units, starts_at) values (${p.model_id}, 1, 0.1, 10, 1, now() - interval '1 day')`,
    );
    (app as unknown as { services: { cache: { clear(): void } } }).services.cache.clear();
    const fr = await app.inject(encodeURI(productUrl("fr", p)));
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain("<li>-10 % dès 10</li>");
    expect(fr.body).toContain("<li>1 offert par 10 achetés</li>");
    const zh = await app.inject(encodeURI(productUrl("zh", { id: p.id, name: p.zh })));
    expect(zh.body).toContain("<li>满 10 减 10%</li>");
    expect(zh.body).toContain("<li>每购买 10 件赠送 1 件</li>");
  });

  it("renders content pages, their /page/content alias, and the shops", async () => {
    const res = await app.inject("/content/1-livraison");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<h2>Nos modes de livraison</h2>");
    const alias = await app.inject("/page/content?id=1");
    expect(alias.statusCode).toBe(301);
    expect(alias.headers.location).toBe("/content/1-livraison");
    expect((await app.inject("/content/999-rien")).statusCode).toBe(404);
    const shops = await app.inject("/magasins");
    expect(shops.statusCode).toBe(200);
    expect(shops.body).toContain("https://www.openstreetmap.org/?mlat=48.9064&amp;mlon=2.3796");
    expect(shops.body).toMatch(/lundi/);
    expect(shops.body).not.toMatch(/<iframe/);
  });

  it("serves sitemap.xml in both languages with alternates, and robots.txt", async () => {
    const res = await app.inject("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/xml/);
    expect(res.body).toContain(`<loc>https://shop.test${encodeURI(productUrl("fr", prod))}</loc>`);
    expect(res.body).toContain(`<loc>https://shop.test${encodeURI(productUrl("zh", { id: prod.id, name: prod.zh }))}</loc>`);
    expect(res.body).toContain(`<loc>https://shop.test${encodeURI(categoryUrl("fr", cat))}</loc>`);
    expect(res.body).toContain("<loc>https://shop.test/content/1-livraison</loc>");
    expect(res.body).toContain('hreflang="x-default"');
    expect((res.body.match(/<url>/g) ?? []).length).toBeGreaterThan(2 * 97);
    const robots = await app.inject("/robots.txt");
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain("Sitemap: https://shop.test/sitemap.xml");
    expect(robots.body).toContain("Disallow: /site/");
  });
});
