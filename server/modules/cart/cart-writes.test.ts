// The add and edit calls of a moment in one statement (decision 108): answered each as alone, one customer's in
// order, a failing call failing alone, and statements that lock the same carts never deadlocking.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Database, type Db } from "#server/db/client.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { createCartWrites, writeMany, type CartOp } from "./cart-writes.ts";

type Answer = { written: boolean; head: { customer_id: number }; lines: [number, number, number, number | null][] };

describe.each(testDbKinds())("cart writes of a moment (%s)", (kind) => {
  let d: Database;
  let customers: number[];
  let models: number[];
  const nums = async (customerId: number) =>
    (
      await query<{ model_id: number; num: number }>(
        d.db,
        sql`select l.model_id, l.num from cart_lines l join carts c on c.id = l.cart_id where c.customer_id = ${customerId} order by l.model_id`,
      )
    ).map((l) => [l.model_id, l.num]);

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    customers = (
      await query<{ id: number }>(
        d.db,
        sql`insert into customers (client_number, title, first_name, last_name, email, password_hash)
            select 'W' || g, 'M', 'Lot', 'Essai', 'lot-' || g || '@exemple.fr', 'x' from generate_series(1, 6) g returning id`,
      )
    ).map((c) => c.id);
    models = (
      await query<{ id: number }>(
        d.db,
        sql`select m.id from models m join products p on p.id = m.product_id where p.active and not m.not_for_sale order by m.id limit 3`,
      )
    ).map((m) => m.id);
    await query(d.db, sql`update models set stock = 1000, purchasable_qty = 1000 where id in (${models[0]}, ${models[1]}, ${models[2]})`);
  }, 120_000);
  afterAll(async () => {
    await d?.close();
  });

  const add = (customerId: number, model: number, num: number): CartOp => ({ kind: "add", customerId, items: [[model, num]], limit: 0 });
  const counting = () => {
    const statements: CartOp[][] = [];
    const run = (q: Db, ops: readonly CartOp[]) => {
      statements.push([...ops]);
      return writeMany(q, ops);
    };
    return { statements, run };
  };

  it("runs the calls of a moment in one statement, in customer order, and answers each its own cart", async () => {
    const { statements, run } = counting();
    const writes = createCartWrites({ inFlight: 1, run });
    const order = [customers[3], customers[1], customers[2], customers[0]];
    const answers = (await Promise.all(order.map((c) => writes.write(d.db, add(c, models[0], 2))))) as Answer[];
    expect(statements.map((s) => s.map((o) => o.customerId))).toEqual([[...order].sort((a, b) => a - b)]);
    expect(answers.map((a) => [a.written, a.head.customer_id, a.lines.map((l) => [l[1], l[2]])])).toEqual(
      order.map((c) => [true, c, [[models[0], 2]]]),
    );
  });

  it("keeps one customer's calls in their order within a statement", async () => {
    const { statements, run } = counting();
    const writes = createCartWrites({ inFlight: 1, run });
    const c = customers[4];
    const [first, set, last] = (await Promise.all([
      writes.write(d.db, add(c, models[1], 2)),
      writes.write(d.db, { kind: "edit", customerId: c, line: null, model: models[1], set: true, num: 5 }),
      writes.write(d.db, add(c, models[1], 1)),
    ])) as [Answer, Answer & { line: number[] }, Answer & { sold: number[][] }];
    expect(statements).toHaveLength(1);
    expect(first.lines.map((l) => l[2])).toEqual([2]);
    expect(set.line.slice(2, 4)).toEqual([2, 5]);
    expect(last.sold[0][3]).toBe(6);
    expect(await nums(c)).toEqual([[models[1], 6]]);
  });

  it("fails only the call that fails alone when its statement fails", async () => {
    const { statements, run } = counting();
    const writes = createCartWrites({ inFlight: 1, run });
    const nobody = 2_000_000_000; // no such customer: creating its cart breaks the foreign key
    const results = await Promise.allSettled([
      writes.write(d.db, add(customers[5], models[2], 1)),
      writes.write(d.db, add(nobody, models[2], 1)),
      writes.write(d.db, { kind: "edit", customerId: customers[5], line: null, model: models[2], set: true, num: 5 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    // run alone in the statement's order: the add, then the set (the other way round would leave 6)
    expect(statements.map((s) => s.map((o) => o.kind))).toEqual([["add", "edit", "add"], ["add"], ["edit"], ["add"]]);
    expect(await nums(customers[5])).toEqual([[models[2], 5]]);
  });

  it("never deadlocks statements that lock the same carts, whatever order the calls came in", async () => {
    const writes = createCartWrites({ inFlight: 4, maxOps: 5 });
    const cs = customers.slice(0, 4);
    const before = await Promise.all(cs.map(nums));
    const ops = Array.from({ length: 60 }, (_, i) => add(cs[(i * 7) % cs.length] ?? cs[0], models[2], 1));
    const answers = (await Promise.all(ops.map((op) => writes.write(d.db, op)))) as Answer[];
    expect(answers.every((a) => a.written)).toBe(true);
    const after = await Promise.all(cs.map(nums));
    cs.forEach((c, i) => {
      const had = before[i].find(([m]) => m === models[2])?.[1] ?? 0;
      expect(after[i].find(([m]) => m === models[2])?.[1]).toBe(had + ops.filter((o) => o.customerId === c).length);
    });
  });
});
