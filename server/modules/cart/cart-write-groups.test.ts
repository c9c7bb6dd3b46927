// Adds of different customers written together (cart-write-groups.ts). On PostgreSQL the groups of two "processes"
// (two cart services on one database, each with its own groups) run on separate pooled connections at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { contextOf } from "#server/context.ts";
import { plentifulModels } from "#server/test/catalogue.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { roundTrips } from "#server/test/round-trips.ts";
import { isDomainError } from "#core/domain-errors.ts";
import fc from "fast-check";
import { finalStatements, preparedStatements } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { createCartService } from "./cart.service.ts";
import { changedCart, type CartChange } from "./cart-write-groups.ts";
import { cartsOf, deleteCartLinesSql, lockCartsSql, putCartLinesSql, setCartLinesSql } from "./cart-rows.ts";
import { loadCart } from "./cart-view.ts";
import { createConfigService } from "#server/modules/content/config.service.ts";

const BUYERS = 20;

describe.each(testDbKinds())("adds of many customers at once on %s", (kind) => {
  let t: TestApp;
  let buyers: number[];
  /** Models on sale with plenty of stock and a high ceiling. */
  let m: number[];
  const db = () => t.database.db;
  const service = () => t.app.services.cart;
  const add = (customer: number, model_id: number, num = 1, s = service()) => s.add(contextOf(db(), customer), [{ model_id, num }]);
  /** Each call's outcome: "ok", a refusal's key; anything else fails the test. */
  const together = async (calls: (() => Promise<unknown>)[]) =>
    (await Promise.allSettled(calls.map((c) => c()))).map((r) => {
      if (r.status === "fulfilled") return "ok";
      if (!isDomainError(r.reason)) throw r.reason;
      return r.reason.key;
    });
  /** customer → model → quantity, for the buyers. */
  const carts = async () => {
    const rows = await query<{ customer_id: number; model_id: number; num: number }>(
      db(),
      sql`select c.customer_id, l.model_id, l.num from cart_lines l join carts c on c.id = l.cart_id`,
    );
    const out = new Map<number, Map<number, number>>();
    for (const r of rows) out.set(r.customer_id, (out.get(r.customer_id) ?? new Map()).set(r.model_id, r.num));
    return out;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    m = await plentifulModels(db(), 4);
    buyers = [];
    for (let n = 0; n < BUYERS; n++) {
      const [c] = await query<{ id: number }>(
        db(),
        sql`insert into customers (client_number, title, first_name, last_name, email, password_hash)
            values (${`G${kind}${n}`}, 'M', 'Acheteur', ${String(n)}, ${`groupe${n}@exemple.fr`}, 'x') returning id`,
      );
      buyers.push(c.id);
    }
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await query(db(), sql`delete from cart_lines`);
    await query(db(), sql`delete from carts where customer_id in (${sql.join(buyers, sql`, `)})`);
  });

  it("creates the missing carts and sums every customer's adds exactly, several per customer at once", async () => {
    const calls = buyers.flatMap((b) => [() => add(b, m[0]), () => add(b, m[0], 2), () => add(b, m[1])]);
    expect(await together(calls)).toEqual(calls.map(() => "ok"));
    const after = await carts();
    for (const b of buyers)
      expect(after.get(b)).toEqual(
        new Map([
          [m[0], 3],
          [m[1], 1],
        ]),
      );
  });

  it("sums adds and quantity changes of many customers at once, each customer's in the state of one order of them", async () => {
    await Promise.all(buyers.map((b) => add(b, m[0], 5)));
    const edit = (b: number, num: number, type: number) => () => service().edit(contextOf(db(), b), { model_id: m[0], num, type });
    // per customer: +2, −1 (type 2: by a delta) and +3 at once: 9 whatever their order
    const calls = buyers.flatMap((b) => [edit(b, 2, 2), edit(b, -1, 2), () => add(b, m[0], 3)]);
    expect(await together(calls)).toEqual(calls.map(() => "ok"));
    const after = await carts();
    for (const b of buyers) expect(after.get(b)?.get(m[0])).toBe(9);
    // a removal (to 0) and an edit of a line that no longer exists: one of two orders
    const outcomes = await together(buyers.flatMap((b) => [edit(b, 0, 1), edit(b, 4, 1)]));
    const final = await carts();
    buyers.forEach((b, i) => {
      const [removed, set] = outcomes.slice(2 * i, 2 * i + 2);
      expect(removed).toBe("ok");
      // set first then removed, or removed first and the set finds no line: no line either way
      expect(["ok", "api.cart_line_missing"]).toContain(set);
      expect(final.get(b)?.get(m[0])).toBeUndefined();
    });
  });

  it("answers each write with the cart a read after its writes gives (lines, quantities, quotations, order)", async () => {
    const [customer] = buyers;
    const [{ id: cartId }] = await query<{ id: number }>(db(), sql`insert into carts (customer_id) values (${customer}) returning id`);
    const [quotation] = await query<{ id: number }>(db(), sql`select id from quotations limit 1`);
    expect(quotation).toBeDefined();
    // a change as core decides them: puts of distinct models, sets and removals of distinct lines not put
    const scenario = fc.record({
      lines: fc.uniqueArray(fc.record({ model: fc.nat(3), num: fc.integer({ min: 1, max: 9 }), quoted: fc.boolean() }), {
        selector: (l) => l.model,
        maxLength: 4,
      }),
      put: fc.uniqueArray(fc.record({ model: fc.nat(3), num: fc.integer({ min: 1, max: 9 }) }), { selector: (p) => p.model, maxLength: 3 }),
      edits: fc.array(fc.record({ line: fc.nat(3), num: fc.integer({ min: 0, max: 9 }) }), { maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ lines, put, edits }) => {
        await query(db(), sql`delete from cart_lines where cart_id = ${cartId}`);
        for (const l of lines)
          await query(
            db(),
            sql`insert into cart_lines (cart_id, model_id, num, quotation_id) values (${cartId}, ${m[l.model]}, ${l.num}, ${l.quoted && quotation ? quotation.id : null})`,
          );
        const answer = await withTransaction(db(), async (tx) => {
          const read = cartsOf(
            [customer],
            put.map((p) => m[p.model]),
          );
          const [, rows] = await preparedStatements<[unknown[], never[]]>(tx, [lockCartsSql([customer], false), read.sql]);
          const { carts: before, models } = read.parse(rows);
          const cart = before.get(customer)!;
          const puts = put.map((p) => ({ model_id: m[p.model], num: p.num }));
          const untouched = cart.lines.filter((l) => !puts.some((p) => p.model_id === l.model_id));
          const picked = new Map(edits.filter((e) => e.line < untouched.length).map((e) => [untouched[e.line].id, e.num]));
          const change: CartChange = {
            put: puts,
            set: [...picked].filter(([, num]) => num > 0).map(([id, num]) => ({ id, num })),
            remove: [...picked].filter(([, num]) => num === 0).map(([id]) => id),
          };
          const writes = [
            change.put!.length ? putCartLinesSql(change.put!.map((p) => ({ cart_id: cartId, ...p }))) : null,
            change.set!.length ? setCartLinesSql(change.set!) : null,
            change.remove!.length ? deleteCartLinesSql(change.remove!) : null,
          ] as const;
          const [written] = writes.some(Boolean)
            ? await finalStatements<[{ id: number; cart_id: number; model_id: number }[], unknown[], unknown[]]>(tx, [...writes])
            : [[]];
          return changedCart(cart, change, new Map(written.map((w) => [w.model_id, w.id])), models);
        });
        expect(answer).toEqual(await loadCart(db(), customer));
      }),
      { numRuns: 40 },
    );
  });

  it("answers each add with its own customer's cart", async () => {
    await Promise.all(buyers.map((b) => add(b, m[0])));
    const answers = await Promise.all(buyers.map((b, i) => add(b, m[1], i + 1)));
    answers.forEach((json, i) => {
      const list = (JSON.parse(json) as { cart_list: { model_id: number; num: number }[] }).cart_list;
      expect(list.map((l) => [l.model_id, l.num])).toEqual([[m[1], i + 1]]);
    });
  });

  it("refuses the add past the stock alone; the others of its group are written", async () => {
    await Promise.all(buyers.map((b) => add(b, m[2])));
    await query(db(), sql`update models set stock = 5 where id = ${m[2]}`);
    try {
      const outcomes = await together(buyers.map((b, i) => () => add(b, m[2], i === 3 ? 10 : 3)));
      expect(outcomes.filter((o) => o !== "ok")).toEqual(["api.insufficient_stock"]);
      expect(outcomes[3]).toBe("api.insufficient_stock");
      const after = await carts();
      buyers.forEach((b, i) => expect(after.get(b)?.get(m[2])).toBe(i === 3 ? 1 : 4));
    } finally {
      await query(db(), sql`update models set stock = 100000 where id = ${m[2]}`);
    }
  });

  it("writes add by add after a failed group: only the add that failed fails", async () => {
    await Promise.all(buyers.map((b) => add(b, m[3])));
    // a constraint core does not know of: the add that breaks it fails its whole group's transaction
    await query(db(), sql`alter table cart_lines add constraint test_small_lines check (num < 500)`);
    try {
      const settled = await Promise.allSettled(buyers.map((b, i) => add(b, m[3], i === 7 ? 600 : 2)));
      expect(settled.map((s) => s.status)).toEqual(buyers.map((_, i) => (i === 7 ? "rejected" : "fulfilled")));
      const after = await carts();
      buyers.forEach((b, i) => expect(after.get(b)?.get(m[3])).toBe(i === 7 ? 1 : 3));
    } finally {
      await query(db(), sql`alter table cart_lines drop constraint test_small_lines`);
    }
  });

  it.runIf(kind === "pg")("writes the adds that arrive together in a few transactions, not one each", async () => {
    await Promise.all(buyers.map((b) => add(b, m[0])));
    // every pooled connection has parsed the statements
    for (let i = 0; i < 5; i++) await Promise.all(buyers.map((b) => add(b, m[0])));
    const trips = await roundTrips(db(), () => Promise.all(buyers.map((b) => add(b, m[0]))));
    // one group: lock and read, write and commit, the notice; one transaction each would make 2 a customer
    expect(trips).toBeLessThan(BUYERS);
  });

  it.runIf(kind === "pg")("never deadlocks two processes adding to the same carts in different orders", async () => {
    const { cart: one, cache } = t.app.services;
    const other = createCartService(createConfigService(db(), cache), one.models, one.freightFor);
    for (let round = 0; round < 5; round++) {
      const calls = buyers.flatMap((b, i) => [() => add(b, m[i % 2]), () => add(buyers[BUYERS - 1 - i], m[(i + 1) % 2], 1, other)]);
      expect(await together(calls)).toEqual(calls.map(() => "ok"));
    }
    const after = await carts();
    const total = [...after.values()].reduce((s, c) => s + [...c.values()].reduce((a, b) => a + b, 0), 0);
    expect(total).toBe(5 * 2 * BUYERS);
  });
});
