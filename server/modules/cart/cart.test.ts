// The cart API (SPEC §5, §7; decision 070) with bad input of every kind, the totals against core, and
// the login merge. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { contextOf } from "#server/context.ts";
import { createTestApp, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { cartPayloads } from "./cart-notices.ts";
import { createCartService } from "./cart.service.ts";
import { createConfigService } from "#server/modules/content/config.service.ts";
import { isDomainError } from "#core/domain-errors.ts";
import { computeCartTotals } from "#core/cart/totals.ts";
import type { CartLine } from "#core/cart/types.ts";
import { patchedLines } from "#core/cart/operations.ts";

type Listed = { cart_info: unknown; cart_list: CartLine[] };
/** What an add or edit answers (decision 113) for a cart a full list shows as `full`: its totals, the lines of
 * the `changed` models, and every line's [model_id, num] in order. */
const patchOf = (full: Listed, changed: number[]) => ({
  cart_info: full.cart_info,
  cart_list: full.cart_list.filter((l) => changed.includes(l.model_id)),
  cart_models: full.cart_list.map((l) => [l.model_id, l.num]),
});

type M = { id: number; reference: string; price: string };

describe.each(testDbKinds())("cart API on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  let martin: string;
  /** a: stock 100, ceiling 50; b: stock 5, ceiling 5; c: not for sale; d: out of stock; p: with a promotion. */
  let a: M, b: M, c: M, d: M, p: M;
  const cart = (token: string | undefined, body: Record<string, unknown> = {}, lang?: string) =>
    post(t.app, "/site/Index/getShoppingCart", body, { token, lang });
  const add = (token: string, arr: unknown, lang?: string) => post(t.app, "/site/Customer/addShoppingCart", { arr }, { token, lang });
  const edit = (token: string, body: Record<string, unknown>) => post(t.app, "/site/Customer/editShoppingCart", body, { token });
  const del = (token: string, body: Record<string, unknown>) => post(t.app, "/site/Customer/delShoppingCart", body, { token });
  const lines = async (customerId: number) =>
    query<{ id: number; model_id: number; num: number }>(
      t.database.db,
      sql`select l.id, l.model_id, l.num from cart_lines l join carts c on c.id = l.cart_id where c.customer_id = ${customerId} order by l.model_id`,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    demo = await t.app.services.sessions.create(db, 1);
    martin = await t.app.services.sessions.create(db, 2);
    const ms = await query<M>(
      db,
      sql`
      select m.id, m.reference, m.price::text as price from models m join products p on p.id = m.product_id
      where p.active and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 4`,
    );
    [a, b, c, d] = ms;
    await query(db, sql`update models set stock = 100, purchasable_qty = 50, not_for_sale = false where id = ${a.id}`);
    await query(db, sql`update models set stock = 5, purchasable_qty = 5, not_for_sale = false where id = ${b.id}`);
    await query(db, sql`update models set stock = 100, purchasable_qty = 50, not_for_sale = true where id = ${c.id}`);
    await query(db, sql`update models set stock = 0, purchasable_qty = 0, not_for_sale = false where id = ${d.id}`);
    [p] = await query<M>(
      db,
      sql`
      select m.id, m.reference, m.price::text as price from models m join products pp on pp.id = m.product_id
      where pp.active and m.id > ${d.id} order by m.id limit 1`,
    );
    await query(db, sql`update models set stock = 1000, purchasable_qty = 500, not_for_sale = false where id = ${p.id}`);
    await query(db, sql`delete from promotions where model_id = ${p.id}`);
    await query(db, sql`insert into promotions (model_id, type, value, min_qty) values (${p.id}, 1, 0.1, 10)`);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await query(t.database.db, sql`delete from cart_lines`);
    t.app.services.cart.forgetAnswers(null); // the delete's notices reach the process later on pg
  });

  it("needs a login for every customer call", async () => {
    for (const path of [
      "/site/Customer/addShoppingCart",
      "/site/Customer/editShoppingCart",
      "/site/Customer/delShoppingCart",
      "/site/Customer/mergeShoppingCart",
    ]) {
      const res = await post(t.app, path, { arr: [{ model_id: a.id, num: 1 }] });
      expect(res.statusCode, path).toBe(401);
    }
  });

  it("tells every process of each write once it has committed, with one notice naming its customer", async () => {
    const { db } = t.database;
    const seen: string[] = [];
    await t.database.onChange((payload) => seen.push(payload));
    /** Notices received up to a marker sent now (notices arrive in commit order). */
    const upToNow = async () => {
      const mark = `test:${seen.length}:${Math.random()}`;
      await query(db, sql`select pg_notify('comptoir_cache', ${mark})`);
      await expect.poll(() => seen.includes(mark)).toBe(true);
      return seen.splice(0).filter((n) => n !== mark);
    };
    // both carts exist (creating one notifies from the carts trigger too)
    await Promise.all([add(demo, [{ model_id: a.id, num: 1 }]), add(martin, [{ model_id: a.id, num: 1 }])]);
    await upToNow();
    // Through the API, two customers at once: each is named once, and the writes themselves sent nothing else.
    await Promise.all([add(demo, [{ model_id: a.id, num: 1 }]), add(martin, [{ model_id: a.id, num: 1 }])]);
    expect((await upToNow()).flatMap((n) => n.replace("cart:", "").split(",")).sort()).toEqual(["1", "2"]);
    expect((await edit(demo, { model_id: a.id, num: 3, type: 1 })).json().code).toBe(200);
    expect(await upToNow()).toEqual(["cart:1"]);
    expect((await del(demo, { model_ids: a.id })).json().code).toBe(200);
    expect(await upToNow()).toEqual(["cart:1"]);
    const merged = await post(t.app, "/site/Customer/mergeShoppingCart", { carts: [{ model_id: a.id, num: 1 }] }, { token: demo });
    expect(merged.json().code).toBe(200);
    expect(await upToNow()).toEqual(["cart:1"]);
    // a refused write changes nothing and tells nothing
    expect((await add(demo, [{ model_id: c.id, num: 1 }])).json().code).toBe(400);
    expect(await upToNow()).toEqual([]);
    // the mark that leaves the notice to the shop ends with the write's transaction: a write from elsewhere notifies
    await query(db, sql`update cart_lines set num = 4 where cart_id = (select id from carts where customer_id = 2)`);
    expect(await upToNow()).toEqual(["cart:2"]);
  });

  it("splits a cart notice naming many customers under pg_notify's size limit", () => {
    const ids = Array.from({ length: 3000 }, (_, i) => 100_000 + i);
    const payloads = cartPayloads(ids);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(p.length).toBeLessThanOrEqual(7900);
    expect(
      payloads.flatMap((p) =>
        p
          .replace(/^cart:/, "")
          .split(",")
          .map(Number),
      ),
    ).toEqual(ids);
  });

  it("adds, merges quantities and answers the whole cart", async () => {
    const r1 = await add(demo, [{ model_id: a.id, num: 2 }]);
    expect(r1.json()).toMatchObject({ code: 200, info: "Ajouté au panier." });
    const r2 = await add(demo, [
      { model_id: b.id, num: 1 },
      { model_id: a.id, num: "3" },
    ]);
    const data = r2.json().data;
    expect(data.cart_list.map((l: { model_id: number }) => l.model_id).sort()).toEqual([a.id, b.id].sort());
    expect(data.cart_list.find((l: { model_id: number }) => l.model_id === a.id)).toMatchObject({
      num: 5,
      price: a.price,
      reference: a.reference,
      stock: 100,
      purchasable_qty: 50,
      not_for_sale: false,
      non_gls_status: expect.any(Number),
    });
    expect(data.cart_info).toMatchObject({ id: expect.any(Number), totalQuantity: 6, pickup_method: 1 });
    expect(await lines(1)).toHaveLength(2);
  });

  it("leaves out lines with num ≤ 0 and refuses an add with none left", async () => {
    const r = await add(demo, [
      { model_id: a.id, num: 0 },
      { model_id: b.id, num: -3 },
      { model_id: a.id, num: 2 },
    ]);
    expect(r.json().code).toBe(200);
    expect(await lines(1)).toEqual([expect.objectContaining({ model_id: a.id, num: 2 })]);
    const none = await add(demo, [
      { model_id: a.id, num: 0 },
      { model_id: b.id, num: -1 },
    ]);
    expect(none.json()).toMatchObject({ code: 400, info: "Veuillez indiquer une quantité supérieure à 0." });
    expect((await add(demo, [])).json().code).toBe(400);
  });

  it.each([
    ["fractional", 1.5],
    ["huge", 100_001],
    ["non-numeric", "abc"],
    ["empty text", ""],
    ["boolean", true],
    ["null", null],
    ["exponent", "1e3"],
    ["object", { n: 1 }],
  ])("refuses a %s quantity and changes nothing", async (_name, num) => {
    await add(demo, [{ model_id: a.id, num: 1 }]);
    const r = await add(demo, [
      { model_id: b.id, num: 1 },
      { model_id: a.id, num },
    ]);
    expect(r.statusCode).toBe(400);
    expect(r.json().info).toBe("La quantité doit être un nombre entier compris entre 1 et 100 000.");
    expect(await lines(1)).toEqual([expect.objectContaining({ model_id: a.id, num: 1 })]);
  });

  it("refuses unknown, not-for-sale and malformed model ids, in both languages", async () => {
    for (const model_id of [999_999, c.id, -1, 0, "x", 1.5]) {
      const r = await add(demo, [
        { model_id: a.id, num: 1 },
        { model_id, num: 1 },
      ]);
      expect(r.statusCode, String(model_id)).toBe(400);
      expect(r.json().info).toBe("Articles indisponibles ou qui ne sont plus vendus.");
    }
    const zh = await add(demo, [{ model_id: c.id, num: 1 }], "zh");
    expect(zh.json().info).toBe("商品不可购买或已停售。");
    expect(await lines(1)).toEqual([]);
  });

  it("refuses above stock and above the purchase ceiling, counting what the cart already holds", async () => {
    const stock = await add(demo, [{ model_id: b.id, num: 6 }]);
    expect(stock.json()).toMatchObject({ code: 400, info: `Stock insuffisant pour la référence ${b.reference} (5 disponibles).` });
    const out = await add(demo, [{ model_id: d.id, num: 1 }]);
    expect(out.json().info).toMatch(/^Stock insuffisant/);
    await add(demo, [{ model_id: a.id, num: 40 }]);
    const ceiling = await add(demo, [{ model_id: a.id, num: 11 }]);
    expect(ceiling.json()).toMatchObject({ code: 400, info: `La référence ${a.reference} dépasse la quantité maximale achetable (50).` });
    expect(await lines(1)).toEqual([expect.objectContaining({ model_id: a.id, num: 40 })]);
  });

  it("never lets concurrent adds go past the stock of a line", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => add(demo, [{ model_id: b.id, num: 1 }])));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.json().info.startsWith("Stock insuffisant"))).toBe(true);
    expect(await lines(1)).toEqual([expect.objectContaining({ model_id: b.id, num: 5 })]);
  });

  it("ignores a price sent by the client", async () => {
    const r = await add(demo, [{ model_id: a.id, num: 2, price: "0.01", site_price: 0 }]);
    const line = r.json().data.cart_list[0];
    expect(line.price).toBe(a.price);
    expect(r.json().data.cart_info.totalAmount).not.toBe("0.02");
    const anon = await cart(undefined, { carts: [{ model_id: a.id, num: 2, price: 0 }] });
    expect(anon.json().data.cart_list[0].price).toBe(a.price);
  });

  it("applies cartGoodsLimit to distinct lines, already there plus added", async () => {
    const { db } = t.database;
    await query(db, sql`update site_config set value = '2'::jsonb where key = 'cartGoodsLimit'`);
    t.app.services.cache.drop("config");
    try {
      await add(demo, [
        { model_id: a.id, num: 1 },
        { model_id: b.id, num: 1 },
      ]);
      expect((await add(demo, [{ model_id: a.id, num: 1 }])).json().code).toBe(200); // same model: not a new line
      const r = await add(demo, [{ model_id: p.id, num: 1 }]);
      expect(r.json()).toMatchObject({ code: 400, info: "Votre panier ne peut pas contenir plus de 2 articles différents." });
      const anon = await cart(undefined, {
        carts: [
          { model_id: a.id, num: 1 },
          { model_id: b.id, num: 1 },
          { model_id: p.id, num: 1 },
        ],
      });
      expect(anon.json().code).toBe(400);
    } finally {
      await query(db, sql`update site_config set value = '999'::jsonb where key = 'cartGoodsLimit'`);
      t.app.services.cache.drop("config");
    }
  });

  it("writes nothing when one model of an add is no longer sold, and answers what a fresh list shows", async () => {
    await add(demo, [{ model_id: a.id, num: 2 }]);
    const mixed = await add(demo, [
      { model_id: b.id, num: 1 },
      { model_id: a.id, num: 3 },
      { model_id: c.id, num: 1 },
    ]);
    expect(mixed.json()).toMatchObject({ code: 400, info: "Articles indisponibles ou qui ne sont plus vendus." });
    expect(await lines(1)).toEqual([expect.objectContaining({ model_id: a.id, num: 2 })]);
    // the answer is the cart read after the write: what a fresh list shows
    const added = await add(demo, [
      { model_id: b.id, num: 2 },
      { model_id: p.id, num: 12 },
      { model_id: a.id, num: 1 },
    ]);
    expect(added.json().code).toBe(200);
    const listed = (await cart(demo)).json().data;
    expect(added.json().data).toEqual(patchOf(listed, [b.id, p.id, a.id]));
    expect(listed.cart_list.map((l: CartLine) => [l.model_id, l.num])).toEqual([
      [p.id, 12],
      [b.id, 2],
      [a.id, 3],
    ]);
    const edited = await edit(demo, { model_id: b.id, num: 1, type: 2 });
    expect(edited.json().data).toEqual(patchOf((await cart(demo)).json().data, [b.id]));
  });

  it("keeps cartGoodsLimit exact under concurrent adds of new lines", async () => {
    const { db } = t.database;
    const extra = await query<{ id: number }>(
      db,
      sql`select m.id from models m join products pp on pp.id = m.product_id
      where pp.active and not m.not_for_sale and m.stock > 0 and m.purchasable_qty > 0 and m.id > ${p.id} order by m.id limit 8`,
    );
    expect(extra).toHaveLength(8);
    await query(db, sql`update site_config set value = '3'::jsonb where key = 'cartGoodsLimit'`);
    t.app.services.cache.drop("config");
    try {
      // Each add alone is within the limit; only the cart row's lock makes the count see the others' lines.
      const results = await Promise.all(extra.map((m) => add(demo, [{ model_id: m.id, num: 1 }])));
      expect(results.filter((r) => r.json().code === 200)).toHaveLength(3);
      expect(results.filter((r) => r.json().code !== 200).every((r) => /plus de 3 articles/.test(r.json().info))).toBe(true);
      expect(await lines(1)).toHaveLength(3);
    } finally {
      await query(db, sql`update site_config set value = '999'::jsonb where key = 'cartGoodsLimit'`);
      t.app.services.cache.drop("config");
    }
  });

  it("never lets concurrent edits raise a line past its stock", async () => {
    await add(demo, [{ model_id: b.id, num: 1 }]);
    const results = await Promise.all(Array.from({ length: 12 }, () => edit(demo, { model_id: b.id, num: 1, type: 2 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.json().info.startsWith("Stock insuffisant"))).toBe(true);
    expect(await lines(1)).toEqual([expect.objectContaining({ model_id: b.id, num: 5 })]);
  });

  it("answers add, edit, delete and list with kept lines exactly as a full rebuild (random sequences)", async () => {
    const { db } = t.database;
    const { cart: service, cache } = t.app.services;
    const ids = [a.id, b.id, p.id];
    const op = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), m: fc.constantFrom(...ids), num: fc.integer({ min: 1, max: 4 }) }),
      fc.record({
        kind: fc.constant("edit" as const),
        m: fc.constantFrom(...ids),
        num: fc.integer({ min: -3, max: 3 }),
        type: fc.constantFrom(1, 2),
      }),
      fc.record({ kind: fc.constant("del" as const), m: fc.constantFrom(...ids) }),
      fc.record({ kind: fc.constant("stock" as const), m: fc.constantFrom(...ids), stock: fc.integer({ min: 1, max: 200 }) }),
      fc.record({ kind: fc.constant("price" as const), m: fc.constantFrom(...ids), cents: fc.integer({ min: 100, max: 99_999 }) }),
      // a write of the lines from elsewhere (another process, an order, a quotation)
      fc.record({ kind: fc.constant("other" as const), m: fc.constantFrom(...ids), num: fc.integer({ min: 1, max: 5 }) }),
    );
    const saved = await query<{ id: number; stock: number; price: string }>(
      db,
      sql`select id, stock, price::text as price from models where id in (${a.id}, ${b.id}, ${p.id})`,
    );
    const restore = async () => {
      for (const m of saved) await query(db, sql`update models set stock = ${m.stock}, price = ${m.price}::numeric where id = ${m.id}`);
      cache.drop("cart-models:fr");
      cache.drop("cart-models:zh");
    };
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), fc.constantFrom("fr", "zh"), async (ops, lang) => {
          await query(db, sql`delete from cart_lines`);
          service.forgetAnswers([1]); // what the delete's 'cart:1' notice does, without waiting for it (it comes later on pg)
          let shown: CartLine[] = []; // the lines the browser shows, as cart-store.ts keeps them
          for (const o of ops) {
            let r: { statusCode: number; json: () => { data: unknown } } | null = null;
            if (o.kind === "add") r = await add(demo, [{ model_id: o.m, num: o.num }], lang);
            else if (o.kind === "edit" && o.num !== 0)
              r = await post(t.app, "/site/Customer/editShoppingCart", { model_id: o.m, num: o.num, type: o.type }, { token: demo, lang });
            else if (o.kind === "del") await del(demo, { model_ids: o.m });
            else if (o.kind === "stock") {
              await query(db, sql`update models set stock = ${o.stock} where id = ${o.m}`);
              service.forgetAnswers(null); // what the stock change's notice does (decision 091), without waiting for it
            } else if (o.kind === "price") {
              await query(db, sql`update models set price = ${o.cents / 100} where id = ${o.m}`);
              cache.drop(`cart-models:${lang}`);
            } else if (o.kind === "other") {
              await query(
                db,
                sql`insert into cart_lines (cart_id, model_id, num) select id, ${o.m}, ${o.num} from carts where customer_id = 1
                    on conflict (cart_id, model_id) do update set num = excluded.num`,
              );
              service.forgetAnswers([1]); // likewise: the list must not serve the answer the notice is on its way to drop
            }
            // the full rebuild: every line priced and the whole answer serialised, no kept line or answer
            const view = await service.view(contextOf(db, 1, lang));
            const full = JSON.stringify(view);
            if (r && r.statusCode === 200) {
              const answer = r.json().data as Listed & { cart_models: [number, number][] };
              expect(JSON.stringify(answer)).toBe(JSON.stringify(patchOf(view as unknown as Listed, [o.m])));
              // the browser's lines (the list after the previous step) patched with the answer are the full list's
              expect(JSON.stringify(patchedLines(shown, answer.cart_list, answer.cart_models))).toBe(JSON.stringify(view.cart_list));
            }
            expect(JSON.stringify((await cart(demo, {}, lang)).json().data)).toBe(full);
            shown = JSON.parse(full).cart_list;
          }
        }),
        { numRuns: 16, seed: 758168083, path: "9:7:7" },
      );
    } finally {
      await restore();
    }
  });

  it("answers two processes writing one cart in turn as a full list shows it", async () => {
    const { db } = t.database;
    const { cart: one, cache } = t.app.services;
    // a second process: its own kept carts, lines and answers, on the same database
    const other = createCartService(createConfigService(db, cache), one.models, one.freightFor);
    const ids = [a.id, b.id, p.id];
    const op = fc.record({
      who: fc.constantFrom(0, 1),
      m: fc.constantFrom(...ids),
      num: fc.integer({ min: -2, max: 3 }),
      edit: fc.boolean(),
    });
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        await query(db, sql`delete from cart_lines`);
        for (const o of ops) {
          const s = o.who ? other : one;
          let json: string | null = null;
          try {
            if (o.edit && o.num !== 0) json = await s.edit(contextOf(db, 1), { model_id: o.m, num: o.num, type: 2 });
            else if (!o.edit && o.num > 0) json = await s.add(contextOf(db, 1), [{ model_id: o.m, num: o.num }]);
          } catch (e) {
            if (!isDomainError(e)) throw e; // a refusal (stock, no such line) changes nothing
          }
          if (json === null) continue;
          answered++;
          const view = await one.view(contextOf(db, 1));
          expect(JSON.stringify(JSON.parse(json))).toBe(JSON.stringify(patchOf(view as unknown as Listed, [o.m])));
        }
      }),
      { numRuns: 20 },
    );
    expect(answered).toBeGreaterThan(5); // not vacuous: about half the ops of 20 runs are answered
  });

  it("edits: sets with type 1, adds a delta otherwise, removes at 0, refuses bad quantities", async () => {
    await add(demo, [{ model_id: a.id, num: 5 }]);
    expect((await edit(demo, { model_id: a.id, num: 8, type: 1 })).json().data.cart_list[0].num).toBe(8);
    expect((await edit(demo, { model_id: a.id, num: -3, type: 2 })).json().data.cart_list[0].num).toBe(5);
    for (const body of [
      { num: 0, type: 1 },
      { num: -1, type: 1 },
      { num: 2.5, type: 1 },
      { num: "deux", type: 1 },
      { num: 100_001, type: 1 },
      { num: 0, type: 2 },
    ]) {
      const r = await edit(demo, { model_id: a.id, ...body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await edit(demo, { model_id: a.id, num: 51, type: 1 })).json().info).toMatch(/quantité maximale achetable/);
    expect((await edit(demo, { model_id: b.id, num: 1, type: 1 })).json()).toMatchObject({
      code: 400,
      info: "Cet article n'est plus dans votre panier.",
    });
    expect(await lines(1)).toEqual([expect.objectContaining({ model_id: a.id, num: 5 })]);
    const gone = await edit(demo, { model_id: a.id, num: -5, type: 2 });
    expect(gone.json().data.cart_list).toEqual([]);
  });

  it("lowers a line that went above stock, but never raises it past", async () => {
    await add(demo, [{ model_id: b.id, num: 5 }]);
    await query(t.database.db, sql`update models set stock = 2 where id = ${b.id}`);
    try {
      const shown = (await cart(demo)).json().data.cart_list[0];
      expect(shown).toMatchObject({ num: 5, stock: 2 });
      expect((await edit(demo, { model_id: b.id, num: 4, type: 1 })).json().code).toBe(200);
      expect((await edit(demo, { model_id: b.id, num: 1, type: 2 })).json().code).toBe(400);
    } finally {
      await query(t.database.db, sql`update models set stock = 5 where id = ${b.id}`);
    }
  });

  it("deletes by line id or model id within the caller's cart only", async () => {
    await add(demo, [
      { model_id: a.id, num: 1 },
      { model_id: b.id, num: 1 },
    ]);
    await add(martin, [{ model_id: a.id, num: 3 }]);
    const [martinLine] = await lines(2);
    const foreign = await del(demo, { ids: martinLine.id, model_ids: "" });
    expect(foreign.json().code).toBe(200);
    expect(await lines(2)).toHaveLength(1);
    const [demoA] = (await lines(1)).filter((l) => l.model_id === a.id);
    await del(demo, { ids: [demoA.id, martinLine.id] });
    expect((await lines(1)).map((l) => l.model_id)).toEqual([b.id]);
    await del(demo, { ids: "", model_ids: b.id });
    expect(await lines(1)).toEqual([]);
    expect(await lines(2)).toHaveLength(1);
    expect((await edit(demo, { id: martinLine.id, num: 1, type: 1 })).json().code).toBe(400);
    expect((await lines(2))[0].num).toBe(3);
    expect((await del(demo, { ids: "abc" })).json().code).toBe(400);
    expect((await del(demo, {})).json().code).toBe(400);
  });

  it("answers every cart total of SPEC §3, equal to core's", async () => {
    await add(demo, [
      { model_id: a.id, num: 3 },
      { model_id: p.id, num: 12 },
      { model_id: b.id, num: 2 },
    ]);
    const { cart_info, cart_list } = (await cart(demo)).json().data;
    for (const f of [
      "id",
      "delivery_addr_id",
      "invoice_addr_id",
      "pickup_method",
      "delivery_addr_obj",
      "extra_options",
      "discount_info",
      "freight",
      "totalAmount",
      "cartTotalAmount",
      "totalQuantity",
      "amount_for_freeDelivery",
      "totalTva",
      "remiseAmount",
      "discountAmount",
      "freightDiscount_ht",
      "totalPoids",
      "totalVolume",
      "palette_num",
      "colis_qte",
      "colis_vol_num",
      "has_gls_model",
    ])
      expect(cart_info, f).toHaveProperty(f);
    for (const f of [
      "id",
      "model_id",
      "num",
      "price",
      "site_price",
      "poids",
      "volume",
      "tva",
      "unit",
      "non_gls_status",
      "remise_info",
      "purchasable_qty",
      "name",
      "label",
      "reference",
      "image",
      "url",
      "stock",
      "not_for_sale",
      "amount",
    ])
      expect(cart_list[0], f).toHaveProperty(f);
    const promo = cart_list.find((l: CartLine) => l.model_id === p.id);
    expect(promo.remise_info).toEqual({ type: 1, value: "0.1000", num: 10 });
    const config = (await query<{ key: string; value: unknown }>(t.database.db, sql`select key, value from site_config`)).reduce<
      Record<string, unknown>
    >((o, r) => ({ ...o, [r.key]: r.value }), {});
    const expected = computeCartTotals(cart_list, cart_info, config, { loggedIn: true });
    const { lines: _l, ...flat } = expected;
    expect(cart_info).toMatchObject(flat);
    expect(Number(cart_info.remiseAmount)).toBeGreaterThan(0);
    expect(promo.amount).toBe(expected.lines.find((l) => l.model_id === p.id)!.lineAmount);
  });

  it("gives each line the units its promotion offers once the minimum is reached, for customers and visitors", async () => {
    await query(t.database.db, sql`update promotions set gifted_units = 2 where model_id = ${p.id}`);
    t.app.services.cache.clear();
    try {
      const below = (await add(demo, [{ model_id: p.id, num: 9 }])).json().data.cart_list[0];
      expect(below).toMatchObject({ model_id: p.id, gifted_units: 0, remise_info: { num: 10, gifted_units: 2 } });
      const reached = (await add(demo, [{ model_id: p.id, num: 1 }])).json().data.cart_list[0];
      expect(reached).toMatchObject({ num: 10, gifted_units: 2 });
      expect(Number(reached.amount)).toBeCloseTo(Number(p.price) * 10 * 0.9, 2);
      const anon = (await cart(undefined, { carts: [{ model_id: p.id, num: 12 }] })).json().data.cart_list[0];
      expect(anon).toMatchObject({ num: 12, gifted_units: 2 });
      const other = (await add(demo, [{ model_id: a.id, num: 10 }]))
        .json()
        .data.cart_list.find((l: { model_id: number }) => l.model_id === a.id);
      expect(other).toMatchObject({ gifted_units: 0, remise_info: null });
    } finally {
      await query(t.database.db, sql`update promotions set gifted_units = null where model_id = ${p.id}`);
      t.app.services.cache.clear();
    }
  });

  it("prices an anonymous cart without storing anything, leaving junk out", async () => {
    const before = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from cart_lines`);
    const r = await cart(undefined, {
      carts: [
        { model_id: a.id, num: 2 },
        { model_id: a.id, num: 1 },
        { model_id: c.id, num: 1 },
        { model_id: 999_999, num: 1 },
        "junk",
        null,
        { model_id: b.id },
        { model_id: b.id, num: -2 },
        { model_id: b.id, num: 1.5 },
        { model_id: "x", num: 1 },
        42,
      ],
    });
    const data = r.json().data;
    expect(r.json().code).toBe(200);
    expect(data.cart_list).toEqual([expect.objectContaining({ model_id: a.id, num: 3, id: 0, price: a.price })]);
    expect(data.messages.map((m: { model_id: number }) => m.model_id).sort()).toEqual([c.id, 999_999].sort());
    expect(data.cart_info).toMatchObject({ id: 0, totalQuantity: 3, freightDiscount_ht: "0.00" });
    expect((await cart(undefined, { carts: "not a list" })).json().data.cart_list).toEqual([]);
    expect((await cart(undefined, {})).json().data.cart_list).toEqual([]);
    const after = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from cart_lines`);
    expect(after).toEqual(before);
  });

  it("merges the anonymous cart at login: quantities added, limited, unsold lines dropped with messages", async () => {
    await add(demo, [
      { model_id: a.id, num: 45 },
      { model_id: b.id, num: 1 },
    ]);
    const r = await post(
      t.app,
      "/site/Customer/mergeShoppingCart",
      {
        carts: [
          { model_id: a.id, num: 10 },
          { model_id: b.id, num: 2 },
          { model_id: c.id, num: 1 },
          { model_id: d.id, num: 3 },
          { model_id: p.id, num: 4 },
          "junk",
        ],
      },
      { token: demo },
    );
    const data = r.json().data;
    expect(r.json().code).toBe(200);
    const nums = Object.fromEntries((await lines(1)).map((l) => [l.model_id, l.num]));
    expect(nums).toEqual({ [a.id]: 50, [b.id]: 3, [p.id]: 4 });
    const byModel = Object.fromEntries(data.messages.map((m: { model_id: number; info: string }) => [m.model_id, m.info]));
    expect(byModel[a.id]).toBe(`Référence ${a.reference} : quantité ramenée à 50 (stock ou quantité maximale achetable).`);
    expect(byModel[c.id]).toBe(`La référence ${c.reference} n'est plus vendue : elle a été retirée de votre panier.`);
    expect(byModel[d.id]).toMatch(/rupture de stock/);
    expect(Object.keys(byModel)).toHaveLength(3);
    expect(data.cart_list).toHaveLength(3);
    const again = await post(t.app, "/site/Customer/mergeShoppingCart", { carts: [] }, { token: demo });
    expect(again.json().data.messages).toEqual([]);
  });
});
