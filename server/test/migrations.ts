// Upgrade tests: a database migrated only up to a given migration, to load old-shaped rows before the next ones run.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { asDb } from "#server/db/driver.ts";
import type { TestDbKind } from "./databases.ts";

export const MIGRATIONS = fileURLToPath(new URL("../db/migrations", import.meta.url));

/** A temporary copy of the migrations folder holding the migrations before number `idx` (0008 → 8). */
export function migrationsBefore(idx: number): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), "comptoir-migrations-"));
  mkdirSync(join(folder, "meta"));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  for (const e of journal.entries) cpSync(join(MIGRATIONS, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export type UnmigratedDb = { db: Db; migrate: (folder: string) => Promise<void>; close: () => Promise<void> };

/** An empty database (no migration applied): PGlite in memory, or a throw-away PostgreSQL database. */
export async function openUnmigrated(kind: TestDbKind): Promise<UnmigratedDb> {
  if (kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create("memory://", { extensions: { unaccent, pg_trgm } });
    const db = drizzle({ client });
    return { db: asDb(db), migrate: (f) => migrate(db, { migrationsFolder: f }), close: () => client.close() };
  }
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `comptoir_u_${randomBytes(6).toString("hex")}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  const db = drizzle({ client: pool });
  return {
    db: asDb(db),
    migrate: (f) => migrate(db, { migrationsFolder: f }),
    close: async () => {
      await pool.end();
      await run(`drop database if exists ${name}`);
    },
  };
}
