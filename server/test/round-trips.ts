// Round trips to PostgreSQL, counted as the ReadyForQuery messages (one per Sync) on the connections a pool hands out.
import type pg from "pg";
import type { Db } from "#server/db/client.ts";
import { pgConnection as connection, pgPool as poolOf } from "#server/db/driver.ts";

/** How many round trips `fn` made on the pool of `db` (node-postgres only), with the connections it acquired. */
export async function roundTrips(db: Db, fn: () => Promise<unknown>): Promise<number> {
  const pool = poolOf(db);
  let n = 0;
  const count = () => n++;
  const seen = new Set<pg.PoolClient>();
  const onAcquire = (c: pg.PoolClient) => {
    if (seen.has(c)) return; // acquired again: counted already
    seen.add(c);
    connection(c).on("readyForQuery", count);
  };
  pool.on("acquire", onAcquire);
  try {
    await fn();
  } finally {
    pool.off("acquire", onAcquire);
    for (const c of seen) connection(c).off("readyForQuery", count);
  }
  return n;
}

/**
 * The round trips of the transaction `fn` runs: the most any one connection made between being acquired and released
 * (the other uses of the pool around it, a configuration read, an outbox run or a notice, hold a connection for one).
 */
export async function transactionRoundTrips(db: Db, fn: () => Promise<unknown>): Promise<number> {
  const pool = poolOf(db);
  const holds = new Map<pg.PoolClient, { n: number; count: () => void }>();
  let most = 0;
  const onAcquire = (c: pg.PoolClient) => {
    const hold = { n: 0, count: () => hold.n++ };
    holds.set(c, hold);
    connection(c).on("readyForQuery", hold.count);
  };
  const end = (c: pg.PoolClient) => {
    const hold = holds.get(c);
    if (!hold) return;
    connection(c).off("readyForQuery", hold.count);
    most = Math.max(most, hold.n);
    holds.delete(c);
  };
  const onRelease = (_e: unknown, c: pg.PoolClient) => end(c);
  pool.on("acquire", onAcquire);
  pool.on("release", onRelease);
  try {
    await fn();
  } finally {
    pool.off("acquire", onAcquire);
    pool.off("release", onRelease);
    for (const c of [...holds.keys()]) end(c);
  }
  return most;
}
