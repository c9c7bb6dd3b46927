// DESIGN §5 and decision 061: two app processes on one database. A change made through one is seen by the other
// at once — stock (API and product page), a catalogue edit, a content page and a shop, a session ended, the card-refund limit, the unread notices count, a cart — and a stock change drops only the
// rendered pages that show the product. On PostgreSQL the two apps have their own pools and LISTEN connections,
// as two processes would; on PGlite (one process by nature) they share the embedded database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { query } from "#server/db/client.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { openShared } from "#server/test/shared-db.ts";
import { get, post, TEST_SECRET } from "#server/test/app.ts";
import { categoryUrl, productUrl } from "#core/slug.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { CLIENT_DIR, pageBuild } from "#server/test/page-build.ts";
import { demoStaff } from "#server/test/staff.ts";

async function until(ok: () => Promise<boolean>) {
  for (let i = 0; i < 40; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in 2 s");
}

describe.each(testDbKinds())("two app processes on one %s database", (kind) => {
  let shared: Awaited<ReturnType<typeof openShared>>;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let p: { model_id: number; id: number; stock: number; name: string; category_id: number; category: string };
  let q: { id: number; name: string; category_id: number; category: string };
  const page = (app: FastifyInstance, url: string) => app.inject(encodeURI(url));
  const detail = async (app: FastifyInstance, id: number) => (await get(app, "/site/Product/detail", { id: String(id) })).json().data;
  const cacheState = async (app: FastifyInstance, url: string) => (await page(app, url)).headers["x-render-cache"];

  beforeAll(async () => {
    shared = await openShared(kind);
    await seedDemo(shared.a.db, { size: "small" });
    const build = await pageBuild();
    const env = loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", PUBLIC_URL: "https://shop.test", SIGN_SECRET: TEST_SECRET });
    one = await buildApp({ env, database: shared.a, build, clientDir: CLIENT_DIR, logger: false });
    two = await buildApp({ env, database: shared.b, build, clientDir: CLIENT_DIR, logger: false });
    await Promise.all([one.ready(), two.ready()]);
    [p] = await query<typeof p>(
      shared.a.db,
      sql`
      select m.id as model_id, pr.id, m.stock, f.name, pr.category_id, cf.name as category
      from models m join products pr on pr.id = m.product_id
      join product_translations f on f.product_id = pr.id and f.lang = 'fr'
      join category_translations cf on cf.category_id = pr.category_id and cf.lang = 'fr'
      where pr.active and not m.not_for_sale and m.stock > 5 order by m.id limit 1`,
    );
    [q] = await query<typeof q>(
      shared.a.db,
      sql`
      select pr.id, f.name, pr.category_id, cf.name as category from products pr
      join product_translations f on f.product_id = pr.id and f.lang = 'fr'
      join category_translations cf on cf.category_id = pr.category_id and cf.lang = 'fr'
      where pr.active and pr.category_id <> ${p.category_id}
        and not exists (select 1 from related_products r where (r.product_id = pr.id and r.related_id = ${p.id}) or (r.product_id = ${p.id} and r.related_id = pr.id))
      order by pr.id limit 1`,
    );
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await shared?.close();
  });

  it("drops only the rendered pages that show a product whose stock changed", async () => {
    const pUrl = productUrl("fr", p);
    const qUrl = productUrl("fr", q);
    const pList = categoryUrl("fr", { id: p.category_id, name: p.category });
    const qList = categoryUrl("fr", { id: q.category_id, name: q.category });
    for (const url of [pUrl, qUrl, pList, qList, "/"]) {
      await page(one, url);
      expect(await cacheState(one, url), url).toBe("hit");
    }
    expect((await page(one, pUrl)).body).toContain(`En stock (${p.stock})`);

    // quantities only: the product's page; its cards and lists still say "in stock"
    await query(shared.a.db, sql`update models set stock = stock - 2 where id = ${p.model_id}`);
    await until(async () => (await page(one, pUrl)).body.includes(`En stock (${p.stock - 2})`));
    for (const url of [qUrl, pList, qList, "/"]) expect(await cacheState(one, url), url).toBe("hit");

    // out of stock: its page and the lists of its category too, not the others
    await query(shared.a.db, sql`update models set stock = 0 where product_id = ${p.id}`);
    await until(async () => (await cacheState(one, pList)) === "miss");
    expect((await page(one, pUrl)).body).not.toContain("En stock (");
    for (const url of [qUrl, qList]) expect(await cacheState(one, url), url).toBe("hit");
    await query(shared.a.db, sql`update models set stock = ${p.stock} where id = ${p.model_id}`);
    await until(async () => (await page(one, pUrl)).body.includes(`En stock (${p.stock})`));
  });

  it("shows a stock change made through one process in the other at once (API and product page)", async () => {
    const url = productUrl("fr", p);
    await page(two, url);
    expect(await cacheState(two, url)).toBe("hit");
    const before = (await detail(two, p.id)).models.find((m: { id: number }) => m.id === p.model_id).stock;
    await query(shared.a.db, sql`update models set stock = stock - 1 where id = ${p.model_id}`);
    await until(async () => (await detail(two, p.id)).models.find((m: { id: number }) => m.id === p.model_id).stock === before - 1);
    await until(async () => (await page(two, url)).body.includes(`En stock (${before - 1})`));
    expect((await detail(one, p.id)).models.find((m: { id: number }) => m.id === p.model_id).stock).toBe(before - 1);
  });

  it("shows a catalogue edit made through one process in the other at once", async () => {
    const url = productUrl("fr", q);
    await page(two, url);
    expect(await cacheState(two, url)).toBe("hit");
    await shared.a.db.execute(sql`update product_translations set name = 'Caisse renommée' where product_id = ${q.id} and lang = 'fr'`);
    await until(async () => (await detail(two, q.id)).product.name === "Caisse renommée");
    const renamed = productUrl("fr", { id: q.id, name: "Caisse renommée" });
    await until(async () => (await page(two, renamed)).body.includes("Caisse renommée"));
    expect((await page(two, url)).statusCode).toBe(301); // the old slug now redirects
    expect((await page(two, productUrl("fr", p))).body).not.toContain("123,45");
    await shared.a.db.execute(sql`update models set price = 123.4500 where id = ${p.model_id}`);
    await until(async () => (await detail(two, p.id)).models.find((m: { id: number }) => m.id === p.model_id).price === "123.4500");
    await until(async () => (await page(two, productUrl("fr", p))).body.includes("123,45"));
  });

  it("holds in the other process at once the owner's card-refund limit set through one (decision 141)", async () => {
    const owner = await demoStaff(one.services.db, "direction");
    expect(await two.services.returnDesk.cardLimit({ db: two.services.db })).toBe("300.00");
    await one.services.returnDesk.setCardLimit(owner, "12.50");
    // read from the row, not a cache: no notification to wait for
    expect(await two.services.returnDesk.cardLimit({ db: two.services.db })).toBe("12.50");
    await query(shared.a.db, sql`delete from site_config where key = 'serviceCardRefundLimit'`);
    expect(await two.services.returnDesk.cardLimit({ db: two.services.db })).toBe("300.00");
  });

  it("applies in the other process at its next request a setting and maintenance saved through one (decision 151)", async () => {
    const owner = await demoStaff(one.services.db, "direction");
    const config = async (app: FastifyInstance) => (await get(app, "/site/Index/config", {})).json().data.config;
    expect((await config(two)).minBuyPrice).toBe(50);
    await one.services.staffSettings.save(owner, "cart", { minBuyPrice: 75.5 });
    await until(async () => (await config(two)).minBuyPrice === 75.5);
    expect((await two.services.cart.settings()).minBuyPrice).toBe(75.5);
    await one.services.staffSettings.save(owner, "maintenance", { maintenance: { on: true, message_fr: "Retour à 14 h", message_zh: "" } });
    await until(async () => (await get(two, "/site/Index/config", {})).statusCode === 503);
    expect((await get(two, "/site/Index/config", {})).json().info).toBe("Retour à 14 h");
    expect((await page(two, "/")).statusCode).toBe(503);
    await one.services.staffSettings.save(owner, "maintenance", { maintenance: { on: false, message_fr: "", message_zh: "" } });
    await until(async () => (await get(two, "/site/Index/config", {})).statusCode === 200);
    expect((await page(two, "/")).statusCode).toBe(200);
    await query(shared.a.db, sql`update site_config set value = '50' where key = 'minBuyPrice'`);
  });

  it("shows in the other process's footer and shops page at once a content page and a shop saved through one (decision 155)", async () => {
    const owner = await demoStaff(one.services.db, "direction");
    const home = async () => (await page(two, "/")).body;
    expect(await home()).toContain("/content/1-livraison"); // rendered and cached by the other process
    const read = await one.services.staffContent.page(owner, 1);
    const form = {
      version: read.version,
      slug: read.slug,
      title_fr: "Livraison et retrait",
      title_zh: read.title.zh,
      body_fr: read.body.fr,
      body_zh: read.body.zh,
      in_footer: true,
      position: read.position,
    };
    await one.services.staffContent.savePage(owner, 1, form);
    await until(async () => (await home()).includes("Livraison et retrait"));
    const [shop] = await one.services.staffContent.shops(owner);
    expect((await page(two, "/magasins")).body).not.toContain("06:45");
    await one.services.staffContent.saveShop(owner, shop.id, {
      ...shop,
      email: shop.email,
      hours: shop.hours.map((h) => h && { ...h, open: "06:45" }),
    });
    await until(async () => (await page(two, "/magasins")).body.includes("06:45"));
    const now = await one.services.staffContent.page(owner, 1);
    await one.services.staffContent.savePage(owner, 1, { ...form, version: now.version, title_fr: read.title.fr });
    const changed = (await one.services.staffContent.shops(owner))[0];
    await one.services.staffContent.saveShop(owner, shop.id, { ...shop, version: changed.version });
  });

  it("refuses in one process a session ended through the other", async () => {
    const [c] = await query<{ id: number }>(shared.a.db, sql`select id from customers order by id limit 1`);
    const token = await one.services.sessions.create(one.services.db, c.id);
    expect((await get(one, "/site/Customer/getUserInfo", {}, { token })).statusCode).toBe(200);
    expect((await get(two, "/site/Customer/getUserInfo", {}, { token })).statusCode).toBe(200); // now cached in two
    expect((await post(one, "/site/user/logout", {}, { token })).statusCode).toBe(200);
    await until(async () => (await get(two, "/site/Customer/getUserInfo", {}, { token })).statusCode === 401);
  });

  it("shows in each process at once a cart changed through the other, by the API or in the database (decision 091)", async () => {
    const [c] = await query<{ id: number }>(shared.a.db, sql`select id from customers order by id limit 1`);
    const token = await one.services.sessions.create(one.services.db, c.id);
    const list = async (app: FastifyInstance) => (await post(app, "/site/Index/getShoppingCart", {}, { token })).json().data;
    const line = async (app: FastifyInstance) =>
      (await list(app)).cart_list.find((l: { model_id: number }) => l.model_id === p.model_id) as
        { num: number; stock: number; price: string } | undefined;
    await post(one, "/site/Customer/delShoppingCart", { model_ids: [p.model_id] }, { token });
    expect(await line(one)).toBeUndefined();
    expect(await line(two)).toBeUndefined(); // now held by both
    expect((await post(one, "/site/Customer/addShoppingCart", { arr: [{ model_id: p.model_id, num: 2 }] }, { token })).statusCode).toBe(
      200,
    );
    expect((await line(one))?.num).toBe(2); // the writing process at once
    await until(async () => (await line(two))?.num === 2);
    // changes made outside the app (plain SQL): the cart's lines, the model's stock, its price
    await query(
      shared.b.db,
      sql`update cart_lines set num = 3 where model_id = ${p.model_id} and cart_id = (select id from carts where customer_id = ${c.id})`,
    );
    await until(async () => (await line(one))?.num === 3 && (await line(two))?.num === 3);
    const stock = (await line(two))!.stock;
    await query(shared.a.db, sql`update models set stock = stock - 1 where id = ${p.model_id}`);
    await until(async () => (await line(one))?.stock === stock - 1 && (await line(two))?.stock === stock - 1);
    await query(shared.a.db, sql`update models set price = 99.5000, site_price = 99.5000 where id = ${p.model_id}`);
    await until(async () => (await line(one))?.price === "99.5000" && (await line(two))?.price === "99.5000");
    await post(two, "/site/Customer/delShoppingCart", { model_ids: [p.model_id] }, { token });
    expect(await line(two)).toBeUndefined();
    await until(async () => (await line(one)) === undefined);
  });

  it("shows in each process at once the unread count of notices added or read through the other (decision 088)", async () => {
    const [c] = await query<{ id: number }>(shared.a.db, sql`select id from customers order by id limit 1`);
    const token = await one.services.sessions.create(one.services.db, c.id);
    const unread = async (app: FastifyInstance) =>
      (await get(app, "/site/Index/config", { part: "session" }, { token })).json().data.notifications_unread as number;
    const before = await unread(two);
    expect(await unread(one)).toBe(before); // now held by both
    await addNotification(one.services.db, { customerId: c.id, kind: "order_shipped", ref: "CE2026-999999" });
    expect(await unread(one)).toBe(before + 1); // the writing process at once
    await until(async () => (await unread(two)) === before + 1);
    expect((await post(two, "/site/Customer/readNotification", { all: true }, { token })).json().data.unread).toBe(0);
    expect(await unread(two)).toBe(0);
    await until(async () => (await unread(one)) === 0);
    // a change made outside the app (plain SQL, as a back-office or a script would) reaches both
    await query(shared.b.db, sql`update notifications set read_at = null where customer_id = ${c.id} and ref = 'CE2026-999999'`);
    await until(async () => (await unread(one)) === 1 && (await unread(two)) === 1);
    await query(shared.a.db, sql`delete from notifications where ref = 'CE2026-999999'`);
    await until(async () => (await unread(one)) === 0 && (await unread(two)) === 0);
  });
});
