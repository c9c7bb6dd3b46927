// One Drizzle API over two drivers: embedded PGlite (default) or node-postgres when DATABASE_URL is set.
import { lockDataDir } from "./data-dir-lock.ts";
import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import * as schema from "./schema/index.ts";
import { assertPoolUsable, inJoinedTransaction, isTransaction } from "./tx.ts";
import { asSql, filledQuery, isFilled, type Filled } from "./statement.ts";
import {
  asDb,
  executeRows,
  guardQueries,
  pgStatement,
  nodePgSession,
  sessionParts,
  setTxRunner,
  setStatementTypes,
  type Db,
} from "./driver.ts";

export type { Db };
export type Database = {
  db: Db;
  kind: "pglite" | "pg";
  /** Calls back with the table name after every committed change to read-model tables (migration 0002). */
  onChange: (cb: (table: string) => void) => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: its data directory as a tarball, which `openDatabase({ from })` starts a copy of. */
  dump?: () => Promise<Blob>;
  /** PostgreSQL only: the pool's connections now (the metrics'). */
  pool?: () => { total: number; idle: number; waiting: number };
};

export const CHANGE_CHANNEL = "comptoir_cache";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** How many migrations this build holds (its journal's entries): the readiness check compares the applied ones. */
export function migrationsShipped(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

export type DbOptions = { url?: string; dataDir?: string; from?: Blob };

/**
 * Opens the database and applies the committed migrations. `dataDir` "memory://" keeps PGlite in memory; `from`
 * starts PGlite from a dump of another database (the tests' migrated copy: server/test/databases.ts).
 */
export async function openDatabase(opts: DbOptions): Promise<Database> {
  const database = opts.url ? await openPg(opts.url) : await openPglite(opts.dataDir ?? "./data/pg", opts.from);
  return database;
}

async function openPglite(dataDir: string, from?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const release = inMemory ? () => undefined : lockDataDir(dataDir);
  // The catalogue is a few MB: 8 MB of shared buffers (PostgreSQL's default is 128 MB, all of it WASM heap) is
  // enough (search latency unchanged) and saves ≈ 120 MB of resident memory (docs/performance.md, decision 095).
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=8MB"];
  const client = await PGlite.create(dataDir, { extensions: { unaccent, pg_trgm }, startParams, loadDataDir: from }).catch((e: unknown) => {
    release();
    throw e;
  });
  const drizzled = drizzle({ client, schema });
  const db = asDb(drizzled);
  // A pool query inside a transaction would wait forever for the one connection: fail at once (db/tx.ts).
  // Transactions query through their own handle, not through client.query.
  guardQueries(client, () => assertPoolUsable(db));
  await migrate(drizzled, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    onChange: async (cb) => {
      await client.listen(CHANGE_CHANNEL, cb);
    },
    close: () => client.close().finally(release),
    dump: () => client.dumpDataDir("none"),
  };
}

async function openPg(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // NUMERIC stays a string (exact money); int8 counts become numbers.
  pg.types.setTypeParser(20, (v) => Number(v));
  setStatementTypes(pg);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover, terminated backend) must not crash
  // the process: the pool discards it and the next query opens a new one.
  pool.on("error", (e) => console.error(`PostgreSQL idle connection lost: ${e.message}`));
  const drizzled = drizzle({ client: pool, schema });
  const db = asDb(drizzled);
  // Transactions with BEGIN sent with their first statement and COMMIT with their final one (decision 106).
  const { pipelinedTransactions } = await import("./pipelined-tx.ts");
  setTxRunner(db, pipelinedTransactions(pool, sessionParts(db)));
  // A pool query inside a transaction would silently run outside it: fail at once (db/tx.ts).
  guardQueries(pool, () => assertPoolUsable(db));
  await migrate(drizzled, { migrationsFolder });
  const listeners: InstanceType<typeof pg.Client>[] = [];
  let closing = false;
  // One dedicated connection per subscriber; on loss it reconnects and reports a change ("*") so caches reload.
  async function listen(cb: (table: string) => void) {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => cb(n.payload ?? "*"));
    c.on("error", () => {
      if (closing) return;
      setTimeout(
        () =>
          void listen(cb)
            .then(() => cb("*"))
            .catch(() => undefined),
        1000,
      );
    });
    await c.connect();
    await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    listeners.push(c);
  }
  return {
    db,
    kind: "pg",
    onChange: listen,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      closing = true;
      await Promise.all(listeners.map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

/** Runs raw SQL and returns its rows, the same on both drivers. */
export function query<T>(db: Db, q: SQL | Filled): Promise<T[]> {
  return executeRows<T>(db, asSql(db, q));
}

/**
 * query() as a named prepared statement on node-postgres: PostgreSQL parses its text once per connection and,
 * after five runs, may keep a generic plan instead of planning it on every run (decision 093: planning was a
 * large part of the order's statements). Named after a hash of the text, so only for statements whose text
 * takes few forms (a connection keeps every statement it prepared). Sent straight to the client, with drizzle's
 * type parsers: drizzle's prepared-query objects cost more CPU than the round trip itself. PGlite: query().
 */
export async function preparedQuery<T>(db: Db, q: SQL | Filled): Promise<T[]> {
  const pg = nodePgSession(db);
  if (!pg) return query<T>(db, q);
  const { sql: text, params } = isFilled(q) ? filledQuery(db, q) : pg.toQuery(q);
  return (await pg.client.query(pgStatement(statementName(text), text, params))).rows as T[];
}

/**
 * Ids as one `int[]` parameter, for `column = any(${idList(ids)})`: each row is then found by its key. A list given
 * as JSON and joined to a table is planned as a hundred rows, and the planner scans the whole table for it.
 */
export const idList = (ids: readonly number[]) => sql`${sql.param(ids, intArrayText)}::int[]`;
const intArrayText = { mapToDriverValue: (ids: unknown) => `{${(ids as number[]).join(",")}}` };

/** A statement whose text takes many forms (a list of rows to insert): sent unnamed, parsed on every run. */
export type Unnamed = { unnamed: SQL };
export const unnamed = (q: SQL | { getSQL(): SQL }): Unnamed => ({ unnamed: "getSQL" in q ? q.getSQL() : q });

/**
 * Several statements sent in one write and answered in one (on node-postgres in a transaction; elsewhere one by
 * one): PostgreSQL runs each after the one before, each with its own snapshot, exactly as if they were sent one by
 * one — a statement that waited for a lock is followed by one that sees what the lock's holder committed. A
 * statement that fails skips the ones after it (the transaction is then rolled back). Answers each one's rows.
 * Named prepared statements (preparedQuery), except those given as `unnamed(…)`; a null is left out (no rows).
 */
export async function preparedStatements<T extends unknown[][]>(db: Db, qs: { [K in keyof T]: Statement }): Promise<T> {
  const given = (qs as Statement[]).filter((q): q is SQL | Unnamed | Filled => q !== null);
  const pg = nodePgSession(db);
  const rows: unknown[][] = [];
  if (!pg?.client.queryMany) for (const q of given) rows.push("unnamed" in q ? await query(db, q.unnamed) : await preparedQuery(db, q));
  else {
    const configs = given.map((q) => {
      if (isFilled(q)) {
        const { sql: text, params } = filledQuery(db, q);
        return pgStatement(statementName(text), text, params);
      }
      const { sql: text, params } = pg.toQuery("unnamed" in q ? q.unnamed : q);
      return pgStatement("unnamed" in q ? undefined : statementName(text), text, params);
    });
    for (const r of await pg.client.queryMany(configs)) rows.push(r.rows);
  }
  // a statement left out (null) answers no rows
  return (qs as Statement[]).map((q) => (q === null ? [] : rows.shift()!)) as T;
}

/** A statement given to preparedStatements: named (SQL, or a template's: statement.ts), unnamed, or left out (null, no rows). */
export type Statement = SQL | Filled | Unnamed | null;

/** `q-<hash of the text>`, remembered per text (hashing on every run cost as much as a small statement's parse). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 10_000) statementNames.clear(); // a bound: texts take few forms
    name = `q${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}
const statementNames = new Map<string, string>();

/**
 * A transaction's last statement (decision 106): on PostgreSQL its COMMIT is sent with it, so the locks it takes
 * are held for the statement and the commit only. It must decide alone: when the use case must not happen, the
 * statement raises (its writes and the transaction's are rolled back); once it has returned, nothing after it can
 * be undone, and a query on `tx` after it throws. On PGlite (one connection, no concurrency), and in a use case
 * that joined its caller's transaction, a plain statement: the transaction commits when its owner returns.
 */
export async function finalStatement<T>(tx: Db, q: SQL | Filled): Promise<T[]> {
  markFinal(tx);
  return preparedQuery<T>(tx, q);
}

/** preparedStatements as the transaction's last statements: COMMIT goes with them (finalStatement). */
export async function finalStatements<T extends unknown[][]>(tx: Db, qs: { [K in keyof T]: Statement }): Promise<T> {
  markFinal(tx);
  return preparedStatements<T>(tx, qs);
}

function markFinal(tx: Db) {
  if (!isTransaction(tx)) throw new Error("finalStatement outside a transaction");
  if (!inJoinedTransaction()) nodePgSession(tx)?.client.markFinal?.();
}
