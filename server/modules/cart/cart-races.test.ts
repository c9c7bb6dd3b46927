// Concurrent writes to one cart (decision 113): each use case locks the cart row in a statement of its own, then reads
// the lines in a new statement, so writes to one cart run one after another, each deciding on the lines the one
// before it left. On PostgreSQL the calls below run on separate pooled connections at once; every test there fails
// when lockCart takes no lock, or when the lines are read by the statement that waits for the lock. On PGlite (one
// connection) they run one after another and check the same outcomes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { contextOf } from "#server/context.ts";
import { plentifulModels } from "#server/test/catalogue.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { transactionRoundTrips } from "#server/test/round-trips.ts";
import { isDomainError } from "#core/domain-errors.ts";

const CUSTOMER = 1;
const ROUNDS = 5;

describe.each(testDbKinds())("concurrent writes to one cart on %s", (kind) => {
  let t: TestApp;
  /** Models on sale with plenty of stock and a high ceiling. */
  let m: number[];

  const service = () => t.app.services.cart;
  const db = () => t.database.db;
  const ctx = () => contextOf(db(), CUSTOMER);
  const add = (model_id: number, num = 1) => service().add(ctx(), [{ model_id, num }]);
  const setNum = (model_id: number, num: number) => service().edit(ctx(), { model_id, num, type: 1 });
  const remove = (model_id: number) => service().remove(ctx(), [], [model_id]);
  const merge = (entries: { model_id: number; num: number }[]) => service().merge(ctx(), entries);
  /** The cart's lines as model id → quantity. */
  const lines = async () =>
    new Map(
      (
        await query<{ model_id: number; num: number }>(
          db(),
          sql`select l.model_id, l.num from cart_lines l join carts c on c.id = l.cart_id where c.customer_id = ${CUSTOMER}`,
        )
      ).map((l) => [l.model_id, l.num]),
    );
  /** Runs the calls at once; the refusals (domain errors) are answers, anything else fails the test. */
  const together = async (calls: (() => Promise<unknown>)[]) =>
    (await Promise.allSettled(calls.map((c) => c()))).map((r) => {
      if (r.status === "fulfilled") return "ok";
      if (!isDomainError(r.reason)) throw r.reason;
      return r.reason.key;
    });
  const setLimit = async (limit: number) => {
    await query(db(), sql`update site_config set value = ${String(limit)}::jsonb where key = 'cartGoodsLimit'`);
    t.app.services.cache.drop("config");
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    m = await plentifulModels(db(), 10);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await query(db(), sql`delete from cart_lines`);
    await setLimit(999);
  });

  it("never gives the cart more distinct lines than cartGoodsLimit", async () => {
    await setLimit(3);
    for (let round = 0; round < ROUNDS; round++) {
      await query(db(), sql`delete from cart_lines`);
      const answers = await together(m.map((id) => () => add(id)));
      expect(answers.filter((a) => a === "ok")).toHaveLength(3);
      expect(answers.filter((a) => a !== "ok").every((a) => a === "api.carts_out_of_limit")).toBe(true);
      expect((await lines()).size).toBe(3);
    }
  });

  it("sums concurrent adds of one model exactly", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await query(db(), sql`delete from cart_lines`);
      const nums = Array.from({ length: 30 }, (_, i) => (i % 3) + 1);
      expect(await together(nums.map((n) => () => add(m[0], n)))).toEqual(nums.map(() => "ok"));
      expect((await lines()).get(m[0])).toBe(nums.reduce((a, b) => a + b, 0));
    }
  });

  it("ends an add racing edits and removals of the same line in the state of one order of them", async () => {
    type Op = "add" | "set" | "remove";
    const ops: Op[] = ["add", "add", "add", "set", "set", "remove", "remove"];
    /** The line's quantity after `order` from 5 (0: no line): an add puts 2 more, a set makes 1 of a line, a removal none. */
    const serial = (order: Op[]) => order.reduce((n, op) => (op === "add" ? n + 2 : op === "set" ? (n > 0 ? 1 : 0) : 0), 5);
    const outcomes = new Set<number>();
    const orders = (left: Op[], done: Op[]): void => {
      if (left.length === 0) outcomes.add(serial(done));
      for (const op of new Set(left)) orders(left.toSpliced(left.indexOf(op), 1), [...done, op]);
    };
    orders(ops, []);
    for (let round = 0; round < ROUNDS * 2; round++) {
      await query(db(), sql`delete from cart_lines`);
      await add(m[0], 5);
      const answers = await together(ops.map((op) => () => (op === "add" ? add(m[0], 2) : op === "set" ? setNum(m[0], 1) : remove(m[0]))));
      expect(answers.filter((a) => a !== "ok").every((a) => a === "api.cart_line_missing")).toBe(true);
      expect(outcomes).toContain((await lines()).get(m[0]) ?? 0);
    }
  });

  it("sums a login merge racing adds of the same models, and keeps cartGoodsLimit", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await query(db(), sql`delete from cart_lines`);
      await add(m[0], 1);
      const answers = await together([
        () =>
          merge([
            { model_id: m[0], num: 3 },
            { model_id: m[1], num: 2 },
          ]),
        ...Array.from({ length: 6 }, () => () => add(m[0], 1)),
        ...Array.from({ length: 3 }, () => () => add(m[1], 1)),
      ]);
      expect(answers.every((a) => a === "ok")).toBe(true);
      expect(Object.fromEntries(await lines())).toEqual({ [m[0]]: 1 + 3 + 6, [m[1]]: 2 + 3 });
    }
    await setLimit(3);
    for (let round = 0; round < ROUNDS; round++) {
      await query(db(), sql`delete from cart_lines`);
      await add(m[0], 1);
      await together([
        () =>
          merge([
            { model_id: m[1], num: 1 },
            { model_id: m[2], num: 1 },
            { model_id: m[3], num: 1 },
          ]),
        () => add(m[4]),
        () => add(m[5]),
        () => add(m[6]),
      ]);
      expect((await lines()).size).toBe(3);
    }
  });

  it.runIf(kind === "pg")(
    "writes a cart in two round trips: the lock with the read, then the write with the answer's read and the commit",
    async () => {
      await setLimit(0);
      await query(db(), sql`delete from cart_lines`);
      // every pooled connection has parsed the statements (the first run on a connection sends them one by one)
      for (let i = 0; i < 12; i++) await together(Array.from({ length: 4 }, () => () => add(m[0], 1)));
      for (let i = 0; i < 12; i++) await together(Array.from({ length: 4 }, () => () => setNum(m[0], 2)));
      expect(await transactionRoundTrips(db(), () => add(m[0], 1))).toBe(2);
      expect(await transactionRoundTrips(db(), () => setNum(m[0], 5))).toBe(2);
    },
  );
});
