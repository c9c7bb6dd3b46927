// `npm run backup [-- <directory>]` and `npm run restore -- <backup directory>` (docs/operations.md): the database
// and the question attachments (DATA_DIR/attachments), the two things the shop keeps.
// - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` while the shop runs (a consistent snapshot), restored with
//   `pg_restore --clean` into the database DATABASE_URL names.
// - PGlite (DATA_DIR/pg): its data directory as a tarball; the shop must be stopped (it holds the directory's lock,
//   and the refusal says so); restored into an empty DATA_DIR/pg only.
// Each backup is a directory with a manifest: the kind, the time, the number of migrations and each table's rows,
// which restore checks again on what it restored.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { loadEnv } from "#server/env.ts";
import { openDatabase, query, type Database } from "#server/db/client.ts";
import { DataDirInUseError } from "#server/db/data-dir-lock.ts";

type Manifest = { kind: "pg" | "pglite"; created_at: string; migrations: number; rows: Record<string, number> };

/** Every table of the shop (schema public) with its row count, and the migrations applied. */
export async function census(database: Database): Promise<Pick<Manifest, "migrations" | "rows">> {
  const tables = await query<{ name: string }>(
    database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [r] = await query<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    rows[name] = r.n;
  }
  const [m] = await query<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return { migrations: m.n, rows };
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

function tarAttachments(dataDir: string, to: string) {
  const dir = join(dataDir, "attachments");
  if (existsSync(dir)) execFileSync("tar", ["-czf", join(to, "attachments.tar.gz"), "-C", dataDir, "attachments"]);
}

export async function backup(env: ReturnType<typeof loadEnv>, target?: string): Promise<string> {
  const to = resolve(target ?? join("backups", stamp()));
  mkdirSync(to, { recursive: true });
  if (readdirSync(to).length > 0) throw new Error(`${to} is not empty: give a new directory`);
  let manifest: Manifest;
  if (env.DATABASE_URL) {
    execFileSync("pg_dump", ["--format=custom", "--no-owner", `--file=${join(to, "database.dump")}`, env.DATABASE_URL]);
    const database = await openDatabase({ url: env.DATABASE_URL });
    try {
      manifest = { kind: "pg", created_at: new Date().toISOString(), ...(await census(database)) };
    } finally {
      await database.close();
    }
  } else {
    const pgDir = join(env.DATA_DIR, "pg");
    if (!existsSync(pgDir) || readdirSync(pgDir).length === 0) throw new Error(`no database in ${pgDir}: set DATA_DIR`);
    const database = await openDatabase({ dataDir: pgDir });
    try {
      manifest = { kind: "pglite", created_at: new Date().toISOString(), ...(await census(database)) };
      const tarball = Buffer.from(await (await database.dump!()).arrayBuffer());
      writeFileSync(join(to, "pglite.tar.gz"), gzipSync(tarball));
    } finally {
      await database.close();
    }
  }
  tarAttachments(env.DATA_DIR, to);
  writeFileSync(join(to, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return to;
}

export async function restore(env: ReturnType<typeof loadEnv>, from: string): Promise<Manifest> {
  const dir = resolve(from);
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Manifest;
  let database: Database;
  if (manifest.kind === "pg") {
    if (!env.DATABASE_URL) throw new Error("a PostgreSQL backup: set DATABASE_URL to the database to restore into");
    execFileSync("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${env.DATABASE_URL}`, join(dir, "database.dump")]);
    database = await openDatabase({ url: env.DATABASE_URL });
  } else {
    if (env.DATABASE_URL) throw new Error("a PGlite backup: unset DATABASE_URL, it restores into DATA_DIR/pg");
    const pgDir = join(env.DATA_DIR, "pg");
    if (existsSync(pgDir) && readdirSync(pgDir).length > 0) throw new Error(`${pgDir} is not empty: move it away first`);
    const tarball = gunzipSync(readFileSync(join(dir, "pglite.tar.gz")));
    database = await openDatabase({ dataDir: pgDir, from: new Blob([tarball]) });
  }
  try {
    const now = await census(database);
    const differ = Object.keys({ ...manifest.rows, ...now.rows }).filter((t) => manifest.rows[t] !== now.rows[t]);
    if (now.migrations < manifest.migrations || differ.length > 0)
      throw new Error(`restored data differ from the backup's manifest: ${differ.join(", ") || "migrations"}`);
  } finally {
    await database.close();
  }
  if (existsSync(join(dir, "attachments.tar.gz"))) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    execFileSync("tar", ["-xzf", join(dir, "attachments.tar.gz"), "-C", env.DATA_DIR]);
  }
  return manifest;
}

async function main() {
  const [command, path] = process.argv.slice(2);
  const env = loadEnv({ ...process.env, NODE_ENV: "production" });
  if (command === "backup") {
    const to = await backup(env, path);
    console.log(`backup written to ${to}`);
  } else if (command === "restore" && path) {
    const m = await restore(env, path);
    console.log(`restored the ${m.kind} backup of ${m.created_at}: ${Object.keys(m.rows).length} tables, counts checked`);
  } else {
    console.error("Usage: npm run backup [-- <new directory>] | npm run restore -- <backup directory>");
    process.exit(2);
  }
}

if (process.argv[1]?.endsWith("backup.ts")) {
  main().catch((e: unknown) => {
    console.error(
      e instanceof DataDirInUseError ? `${e.message} (stop the shop to back up its embedded database)` : String((e as Error).message ?? e),
    );
    process.exit(1);
  });
}
