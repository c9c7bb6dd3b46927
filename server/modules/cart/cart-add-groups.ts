// Adds to the carts of different customers, written together (group commit). The adds that arrive while a group is
// being written form the next group, one transaction for all of them with the steps of any cart write (cart-rows.ts),
// each one statement for the whole group:
// 1. lockCarts: the group's cart rows, locked in id order (two groups, of two processes, never wait on each other
//    in a cycle); carts created first for the customers who have none,
// 2. linesAndModelsOf: their lines and the live counters of the models added (a new statement, after the lock),
// 3. each add decided by its own `decide` (core), a refusal being that add's answer only,
// 4. putCartLinesSql: every line decided, then cartStatesSql: the carts for the answers, sent with the COMMIT.
// A customer's next add waits for the next group, so that it decides on the lines this one leaves. A group whose
// transaction fails is written again add by add, so that a failure is the answer of the add that caused it only.
import { isDomainError } from "#core/domain-errors.ts";
import type { Quantity } from "#core/cart/writes.ts";
import { finalStatements, preparedStatements, query, type Db } from "#server/db/client.ts";
import { afterCommit, isTransaction, withTransaction } from "#server/db/tx.ts";
import type { LiveModel } from "./cart-models.ts";
import { createCartsSql, linesAndModelsOf, lockCartsSql, putCartLinesSql } from "./cart-rows.ts";
import { cartState, cartStatesSql, type CartState, type CartStateRow } from "./cart-view.ts";

/** One add: the customer, the models it adds, and the lines core decides from the cart's lines and the models' counters (throws a domain error to refuse). */
export type AddJob = {
  customerId: number;
  modelIds: readonly number[];
  decide: (read: { lines: Quantity[]; models: Map<number, LiveModel> }) => readonly Quantity[];
};

type Pending = AddJob & { resolve: (cart: CartState) => void; reject: (e: unknown) => void };
type Outcome = { cart: CartState; wrote: boolean } | { error: unknown } | { alone: true };

/** The most adds one group writes. */
const MAX_GROUP = 64;

/**
 * `add` writes a job in the next group of its pool; `changed(pool, customerIds)` runs once a group has committed and
 * before its adds answer (the cart answers kept in this process, the notice to the others).
 */
export function createAddGroups(hooks: { forget: (ids: number[]) => void; changed: (pool: Db, ids: number[]) => Promise<void> }) {
  /** The adds waiting for a group, per pool, and whether a group of that pool is being written. */
  const queues = new WeakMap<Db, { jobs: Pending[]; writing: boolean }>();

  /**
   * Steps 1 to 4 for these jobs (of different customers) in the transaction `tx`. A customer without a cart is left
   * to a group of their own (`alone`), which creates it: a refused add leaves no cart behind, since a group of one
   * throws its refusal and rolls back.
   */
  async function writeGroup(tx: Db, jobs: readonly AddJob[], deferNotice: boolean): Promise<Outcome[]> {
    const ids = jobs.map((j) => j.customerId);
    const read = linesAndModelsOf(ids, [...new Set(jobs.flatMap((j) => j.modelIds))]);
    const lockAndRead = () =>
      preparedStatements<[{ id: number; customer_id: number }[], never[]]>(tx, [lockCartsSql(ids, deferNotice), read.sql]);
    let [carts, rows] = await lockAndRead();
    if (carts.length === 0 && jobs.length === 1) {
      await query(tx, createCartsSql(ids));
      [carts, rows] = await lockAndRead();
    }
    const cartOf = new Map(carts.map((c) => [c.customer_id, c.id]));
    const { lines, models } = read.parse(rows);
    const decided = jobs.map((j): Outcome | { lines: readonly Quantity[] } => {
      if (!cartOf.has(j.customerId)) return { alone: true };
      try {
        return { lines: j.decide({ lines: lines.get(j.customerId) ?? [], models }) };
      } catch (error) {
        if (jobs.length === 1 || !isDomainError(error)) throw error;
        return { error };
      }
    });
    const writes = jobs.flatMap((j, i) => {
      const d = decided[i];
      return "lines" in d ? d.lines.map((l) => ({ cart_id: cartOf.get(j.customerId)!, ...l })) : [];
    });
    const [, states] = await finalStatements<[unknown[], (CartStateRow & { customer_id: number })[]]>(tx, [
      writes.length ? putCartLinesSql(writes) : null,
      cartStatesSql(ids),
    ]);
    const stateOf = new Map(states.map((s) => [s.customer_id, cartState(s.head, s.lines)]));
    return decided.map((d, i) => ("lines" in d ? { cart: stateOf.get(jobs[i].customerId)!, wrote: d.lines.length > 0 } : d));
  }

  /** A group in its own transaction; answered once committed and the writes told. */
  async function commitGroup(pool: Db, jobs: readonly AddJob[]): Promise<Outcome[]> {
    const outcomes = await withTransaction(pool, async (tx) => {
      const r = await writeGroup(tx, jobs, true);
      const wrote = jobs.filter((_, i) => "wrote" in r[i] && r[i].wrote).map((j) => j.customerId);
      afterCommit(() => hooks.forget(wrote));
      return { r, wrote };
    });
    if (outcomes.wrote.length) await hooks.changed(pool, outcomes.wrote);
    return outcomes.r;
  }

  /** Writes a group and answers its adds; after a failed group, and for the customers left `alone`, add by add. */
  async function run(pool: Db, group: Pending[]) {
    let outcomes: Outcome[];
    try {
      outcomes = await commitGroup(pool, group);
    } catch (error) {
      outcomes = group.length === 1 ? [{ error }] : group.map(() => ({ alone: true }));
    }
    await Promise.all(
      group.map(async (j, i) => {
        let o = outcomes[i];
        if ("alone" in o)
          o = await commitGroup(pool, [j]).then(
            ([r]) => r,
            (error: unknown) => ({ error }),
          );
        if ("cart" in o) j.resolve(o.cart);
        else if ("error" in o) j.reject(o.error);
      }),
    );
  }

  /** Writes the next group of the pool: its queued adds, one per customer, up to MAX_GROUP; then the group after it. */
  async function next(pool: Db, queue: { jobs: Pending[]; writing: boolean }) {
    while (queue.jobs.length) {
      const group: Pending[] = [];
      const rest: Pending[] = [];
      const customers = new Set<number>();
      for (const j of queue.jobs) {
        if (group.length < MAX_GROUP && !customers.has(j.customerId)) {
          customers.add(j.customerId);
          group.push(j);
        } else rest.push(j);
      }
      queue.jobs = rest;
      await run(pool, group);
    }
    queue.writing = false;
  }

  return {
    /** The cart once this add is written (and its group committed); rejects with the add's refusal. In a caller's transaction, written there alone. */
    async add(q: Db, job: AddJob): Promise<CartState> {
      if (isTransaction(q)) {
        const [o] = await withTransaction(q, (tx) => {
          afterCommit(() => hooks.forget([job.customerId]));
          return writeGroup(tx, [job], false);
        });
        return (o as { cart: CartState }).cart; // a group of one throws its refusal
      }
      let queue = queues.get(q);
      if (!queue) queues.set(q, (queue = { jobs: [], writing: false }));
      const waiting = queue;
      return new Promise<CartState>((resolve, reject) => {
        waiting.jobs.push({ ...job, resolve, reject });
        // the adds that arrive in this turn of the event loop join the first group
        if (!waiting.writing) {
          waiting.writing = true;
          setImmediate(() => void next(q, waiting));
        }
      });
    },
  };
}
