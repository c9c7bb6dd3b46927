// Round trips to PostgreSQL, counted as the ReadyForQuery messages (one per Sync) on the connections a pool hands out.
import type pg from "pg";
import type { Db } from "#server/db/client.ts";

const poolOf = (db: Db) => (db as unknown as { session: { client: pg.Pool } }).session.client;
const connection = (c: pg.PoolClient) => (c as unknown as { connection: pg.Connection }).connection;

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
