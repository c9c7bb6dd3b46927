// Planner statistics and dead rows (decision 100). PGlite has no autovacuum, and a PostgreSQL server may run
// without it (this machine's does): a table never analyzed is planned from default guesses, one analyzed once
// from figures that age as orders accumulate, and dead row versions of cart and stock updates pile up. The
// shop does the minimum itself there: at start it analyzes the tables that have no statistics, then it
// vacuums and analyzes one table at a time, every table in turn (a few ms each, ≤ 70 ms for the largest, so
// PGlite's only connection is never held long).
import { sql } from "drizzle-orm";
import { query, type Database, type Db } from "./client.ts";

const TABLES = sql`
  select c.relname as name, c.reltuples < 0 as never from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tables(db: Db): Promise<{ name: string; never: boolean }[]> {
  return query(db, TABLES);
}

/** Analyzes the tables that have never been analyzed (after migrations and the demo seed); answers their names. */
export async function analyzeNew(db: Db): Promise<string[]> {
  const names = (await tables(db)).filter((t) => t.never).map((t) => t.name);
  if (names.length) await query(db, sql.raw(`analyze ${names.map(quoted).join(", ")}`));
  return names;
}

/** Whether the shop must look after its tables: PGlite always, PostgreSQL when its autovacuum is off. */
export async function needsOwnMaintenance(database: Pick<Database, "db" | "kind">): Promise<boolean> {
  if (database.kind === "pglite") return true;
  const [row] = await query<{ autovacuum: string }>(database.db, sql`select current_setting('autovacuum') as autovacuum`);
  return row?.autovacuum !== "on";
}

/**
 * Vacuums and analyzes one table per `everyMs` (every table in turn, so each once per `everyMs` × tables).
 * `runOnce` is the step, for tests.
 */
export function createMaintenance(db: Db, everyMs = 60_000) {
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  async function runOnce(): Promise<string | null> {
    const all = await tables(db);
    if (!all.length) return null;
    const { name } = all[next++ % all.length];
    await query(db, sql.raw(`vacuum (analyze) ${quoted(name)}`));
    return name;
  }
  return {
    runOnce,
    start() {
      timer = setInterval(() => {
        running = runOnce().catch((e: unknown) => console.error(`table maintenance: ${(e as Error).message}`));
      }, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
