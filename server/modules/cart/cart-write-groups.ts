// Adds and quantity changes of different customers' carts, written together (group commit). The writes that arrive
// while a group is being written form the next group, one transaction for all of them with the steps of any cart
// write (cart-rows.ts), each one statement for the whole group:
// 1. lockCartsSql: the group's cart rows, locked in id order (two groups, of two processes, never wait on each
//    other in a cycle); a customer without a cart is written in a group of their own, which creates it,
// 2. cartsOf: the carts with their lines and their models' live counters, and the counters of the models added (a
//    new statement, after the lock: it sees every line committed before the lock was granted),
// 3. each write decided by its own `decide` (core), a refusal being that write's answer only,
// 4. putCartLinesSql, setCartLinesSql, deleteCartLinesSql: every change decided, sent with the COMMIT; each answer is
//    its cart as read in step 2 with its change applied (changedCart: what a read after the writes gives, without
//    reading every cart's lines a second time).
// A customer has one write in a group; the next decides on the lines this one leaves. A group whose transaction
// fails is written again write by write, so that a failure is the answer of the write that caused it only.
import { isDomainError } from "#core/domain-errors.ts";
import type { Quantity } from "#core/cart/writes.ts";
import { finalStatements, preparedStatements, query, type Db } from "#server/db/client.ts";
import { isTransaction, withTransaction } from "#server/db/tx.ts";
import { cartChanged } from "./cart-answers.ts";
import type { LiveModel } from "./cart-models.ts";
import { cartsOf, createCartsSql, deleteCartLinesSql, lockCartsSql, putCartLinesSql, setCartLinesSql } from "./cart-rows.ts";
import type { CartState, LiveLine } from "./cart-view.ts";

/** What one write changes in its cart: quantities by model (an add), by line, lines removed. */
export type CartChange = { put?: readonly Quantity[]; set?: readonly { id: number; num: number }[]; remove?: readonly number[] };

/**
 * One write: the customer, the models it adds (their live counters are read), and the change core decides from the
 * cart's lines (with their models' live counters) and those counters; it throws a domain error to refuse.
 */
type WriteJob = {
  customerId: number;
  modelIds: readonly number[];
  decide: (read: { lines: LiveLine[]; models: Map<number, LiveModel> }) => CartChange;
};

type Pending = WriteJob & { resolve: (cart: CartState) => void; reject: (e: unknown) => void };
type Outcome = { cart: CartState; wrote: boolean } | { error: unknown } | { alone: true };

type Queue = { jobs: Pending[]; writers: number };

/** The most writes one group carries. */
const MAX_GROUP = 64;
/**
 * The most groups of one process written at once: a group waits mostly for its round trips and its commit's WAL
 * flush, during which the next can be written. Two groups touching one cart queue on its row lock, as any two writes.
 */
const WRITERS = 4;

/**
 * `write` writes a job in the next group of its pool; `changed(pool, customerIds)` runs once a group has committed and
 * before its writes answer (the notice to the other processes).
 */
export function createWriteGroups(hooks: { changed: (pool: Db, ids: number[]) => Promise<void> }) {
  /** The writes waiting for a group, per pool, and how many groups of that pool are being written. */
  const queues = new WeakMap<Db, Queue>();

  /**
   * Steps 1 to 4 for these jobs (of different customers) in the transaction `tx`. A customer without a cart is left
   * to a group of their own (`alone`), which creates it: a refused write leaves no cart behind, since a group of one
   * throws its refusal and rolls back.
   */
  async function writeGroup(tx: Db, jobs: readonly WriteJob[], deferNotice: boolean): Promise<Outcome[]> {
    const ids = jobs.map((j) => j.customerId);
    const read = cartsOf(ids, [...new Set(jobs.flatMap((j) => j.modelIds))]);
    const lockAndRead = () =>
      preparedStatements<[{ id: number; customer_id: number }[], never[]]>(tx, [lockCartsSql(ids, deferNotice), read.sql]);
    let [carts, rows] = await lockAndRead();
    if (carts.length === 0 && jobs.length === 1) {
      await query(tx, createCartsSql(ids));
      [carts, rows] = await lockAndRead();
    }
    const cartOf = new Map(carts.map((c) => [c.customer_id, c.id]));
    const { carts: before, models } = read.parse(rows);
    const decided = jobs.map((j): Outcome | { change: CartChange } => {
      if (!cartOf.has(j.customerId)) return { alone: true };
      try {
        return { change: j.decide({ lines: before.get(j.customerId)!.lines, models }) };
      } catch (error) {
        if (jobs.length === 1 || !isDomainError(error)) throw error;
        return { error };
      }
    });
    const changes = jobs.flatMap((j, i) => {
      const d = decided[i];
      return "change" in d ? [{ cartId: cartOf.get(j.customerId)!, ...d.change }] : [];
    });
    const puts = changes.flatMap((c) => (c.put ?? []).map((l) => ({ cart_id: c.cartId, ...l })));
    const sets = changes.flatMap((c) => c.set ?? []);
    const removes = changes.flatMap((c) => c.remove ?? []);
    const writes = [
      puts.length ? putCartLinesSql(puts) : null,
      sets.length ? setCartLinesSql(sets) : null,
      removes.length ? deleteCartLinesSql(removes) : null,
    ] as const;
    // with nothing to write, the transaction commits by itself
    const [written] = writes.some(Boolean) ? await finalStatements<[PutRow[], unknown[], unknown[]]>(tx, [...writes]) : [[]];
    return decided.map((d, i) => {
      if (!("change" in d)) return d;
      const cartId = cartOf.get(jobs[i].customerId)!;
      const inserted = new Map(written.filter((w) => w.cart_id === cartId).map((w) => [w.model_id, w.id]));
      return { cart: changedCart(before.get(jobs[i].customerId)!, d.change, inserted, models), wrote: changed(d.change) };
    });
  }

  /** A group in its own transaction; answered once committed and the writes told. */
  async function commitGroup(pool: Db, jobs: readonly WriteJob[]): Promise<Outcome[]> {
    const outcomes = await withTransaction(pool, async (tx) => {
      const r = await writeGroup(tx, jobs, true);
      const wrote = jobs.filter((_, i) => "wrote" in r[i] && r[i].wrote).map((j) => j.customerId);
      cartChanged(wrote);
      return { r, wrote };
    });
    if (outcomes.wrote.length) await hooks.changed(pool, outcomes.wrote);
    return outcomes.r;
  }

  /** Writes a group and answers its writes; after a failed group, and for the customers left `alone`, one by one. */
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

  /** Writes groups of the pool's queued writes, one per customer and up to MAX_GROUP each, while writes wait. */
  async function writer(pool: Db, queue: Queue) {
    try {
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
    } finally {
      queue.writers--;
    }
  }

  return {
    /** The cart once this write is written (and its group committed); rejects with its refusal. In a caller's transaction, written there alone. */
    async write(q: Db, job: WriteJob): Promise<CartState> {
      if (isTransaction(q)) {
        const [o] = await withTransaction(q, (tx) => {
          cartChanged([job.customerId]);
          return writeGroup(tx, [job], false);
        });
        return (o as { cart: CartState }).cart; // a group of one throws its refusal
      }
      let queue = queues.get(q);
      if (!queue) queues.set(q, (queue = { jobs: [], writers: 0 }));
      const waiting = queue;
      return new Promise<CartState>((resolve, reject) => {
        waiting.jobs.push({ ...job, resolve, reject });
        // a new writer takes the writes that arrive in this turn of the event loop
        if (waiting.writers < WRITERS) {
          waiting.writers++;
          setImmediate(() => void writer(q, waiting));
        }
      });
    },
  };
}

const changed = (c: CartChange) => Boolean(c.put?.length || c.set?.length || c.remove?.length);

type PutRow = { id: number; cart_id: number; model_id: number };

/**
 * The cart `change` leaves, from the cart read under its lock before it and the ids of the lines its put wrote (by
 * model): what the statements of step 4 do, applied to what was read. A put gives a model's line its quantity and
 * drops its quotation, or adds the line, newest first (the last one given first); a set keeps a line's quotation
 * only if its quantity stays; a removal drops the line. New lines take their models' live counters as read.
 */
export function changedCart(
  before: CartState,
  change: CartChange,
  written: Map<number, number>,
  models: Map<number, LiveModel>,
): CartState {
  const put = new Map((change.put ?? []).map((p) => [p.model_id, p.num]));
  const set = new Map((change.set ?? []).map((l) => [l.id, l.num]));
  const removed = new Set(change.remove ?? []);
  const kept = before.lines.flatMap((l): LiveLine[] => {
    if (removed.has(l.id)) return [];
    const num = put.get(l.model_id);
    if (num !== undefined) return [{ ...l, num, quotation_id: null }];
    const newNum = set.get(l.id);
    return newNum === undefined ? [l] : [{ ...l, num: newNum, quotation_id: newNum === l.num ? l.quotation_id : null }];
  });
  const had = new Set(before.lines.map((l) => l.model_id));
  const added = (change.put ?? [])
    .filter((p) => !had.has(p.model_id))
    .map((p): LiveLine => {
      const m = models.get(p.model_id)!;
      return {
        id: written.get(p.model_id)!,
        model_id: p.model_id,
        num: p.num,
        quotation_id: null,
        stock: m.stock,
        purchasable_qty: m.purchasable_qty,
        not_for_sale: m.not_for_sale,
      };
    })
    .reverse();
  return { ...before, lines: [...added, ...kept] };
}
