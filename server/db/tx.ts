// One way to run a use case in a transaction (decision 060). Services take the handle they must use
// (`q: Db`, the pool or a transaction) as their first parameter; `withTransaction` opens a transaction on
// the pool, or joins the caller's when it is given one, so that use cases compose.
//
// The async context remembers that a transaction is open, for two guards:
// - a query on the pool of that database inside it throws at once (client.ts): on PGlite it would wait
//   forever for the one connection, on PostgreSQL it would silently run outside the transaction;
// - `assertOutsideTransaction` throws for network calls (SMTP, payment providers) that must not hold a
//   transaction open nor happen for a transaction that may still roll back.
import { AsyncLocalStorage } from "node:async_hooks";
import { PgTransaction } from "drizzle-orm/pg-core";
import { asDb, txRunnerOf, type Db } from "./driver.ts";

type TxState = { pool: Db; done: boolean; afterCommit: (() => void)[]; joined?: true };

// One per process even when this module is loaded twice (server source and the page bundle).
const current: AsyncLocalStorage<TxState> = ((globalThis as Record<symbol, unknown>)[Symbol.for("comptoir.tx")] ??=
  new AsyncLocalStorage<TxState>()) as AsyncLocalStorage<TxState>;

const open = (): TxState | undefined => {
  const s = current.getStore();
  return s && !s.done ? s : undefined;
};

export const isTransaction = (q: Db): boolean => q instanceof PgTransaction;

/**
 * Runs `fn` in a transaction: a new one when `q` is the pool, the caller's own when `q` is a transaction
 * (no savepoint: a failure anywhere rolls the whole use case back). Callbacks given to `afterCommit`
 * inside run once the outermost transaction has committed, never after a rollback.
 */
export async function withTransaction<T>(q: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (isTransaction(q)) {
    const outer = open();
    // Marked as joined (reads `done` and the callbacks from the outer state): its final statement is not the commit.
    return outer ? current.run(Object.create(outer, { joined: { value: true } }) as TxState, () => fn(q)) : fn(q);
  }
  if (open()?.pool === q) throw new Error("withTransaction on the pool inside a transaction: pass the transaction handle");
  const state: TxState = { pool: q, done: false, afterCommit: [] };
  let result: T;
  try {
    // the database's own way (node-postgres: pipelined-tx.ts), else drizzle's
    const runner = txRunnerOf(q);
    result = runner
      ? await runner((tx) => current.run(state, () => fn(tx)))
      : await q.transaction((tx) => current.run(state, () => fn(asDb(tx))));
  } finally {
    state.done = true; // promises started inside and still running are no longer "in" it
  }
  for (const cb of state.afterCommit) {
    try {
      cb();
    } catch (e) {
      console.error(e);
    }
  }
  return result;
}

/** Runs `cb` after the current transaction commits, or now when none is open (the write was autocommitted). */
export function afterCommit(cb: () => void) {
  const s = open();
  if (s) s.afterCommit.push(cb);
  else cb();
}

/** True inside a use case that joined its caller's transaction (withTransaction given a transaction handle). */
export function inJoinedTransaction(): boolean {
  return open()?.joined === true;
}

/** For network calls: throws inside a transaction (send after commit, e.g. through the outbox). */
export function assertOutsideTransaction(what: string) {
  if (open()) throw new Error(`${what} inside a database transaction`);
}

/** Called by the database client before every query on the pool `pool`. */
export function assertPoolUsable(pool: Db) {
  if (open()?.pool === pool) throw new Error("query on the pool inside a transaction: pass the transaction handle");
}
