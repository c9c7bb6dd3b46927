// `npm run backup` / `npm run restore` (server/cli/backup.ts): a round trip on PGlite and on PostgreSQL gives back
// every table's rows exactly (compared by content, not only counted) and the attachments; a restore never writes over
// an embedded database, and a backup of an embedded database in use is refused.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, query, type Database } from "#server/db/client.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { loadEnv } from "#server/env.ts";
import { backup, restore } from "./backup.ts";

/** Each table's rows as one hash of their text, in a stable order. */
async function contents(database: Database): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(database.db, sql`select tablename as name from pg_tables where schemaname = 'public'`);
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await query<{ h: string | null }>(
      database.db,
      sql`select md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.identifier(name)} t`,
    );
    out[name] = r.h ?? "empty";
  }
  return out;
}

const dirs: string[] = [];
const tmp = (p: string) => {
  const d = mkdtempSync(join(tmpdir(), p));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("backup and restore", () => {
  it("round-trips the embedded database and the attachments; never over a database, never while in use", async () => {
    const dataDir = tmp("comptoir-backup-src-");
    const source = await openDatabase({ dataDir: join(dataDir, "pg") });
    await seedDemo(source.db, { size: "small" });
    const before = await contents(source);
    // in use: the shop holds the directory's lock
    await expect(backup(loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir }), join(tmp("comptoir-backup-"), "b"))).rejects.toThrow(
      /in use|lock/i,
    );
    await source.close();
    mkdirSync(join(dataDir, "attachments", "ab"), { recursive: true });
    writeFileSync(join(dataDir, "attachments", "ab", "file-1"), "une pièce jointe");

    const to = await backup(loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir }), join(tmp("comptoir-backup-"), "b"));
    const manifest = JSON.parse(readFileSync(join(to, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ kind: "pglite" });
    expect(manifest.rows.models).toBeGreaterThan(0);

    const target = tmp("comptoir-backup-dst-");
    await restore(loadEnv({ NODE_ENV: "test", DATA_DIR: target }), to);
    const restored = await openDatabase({ dataDir: join(target, "pg") });
    try {
      expect(await contents(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(readFileSync(join(target, "attachments", "ab", "file-1"), "utf8")).toBe("une pièce jointe");
    // a second restore would write over the restored database: refused
    await expect(restore(loadEnv({ NODE_ENV: "test", DATA_DIR: target }), to)).rejects.toThrow(/not empty/);
  }, 180_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "round-trips a PostgreSQL database with pg_dump's custom format",
    async () => {
      const { default: pg } = await import("pg");
      const admin = new URL(process.env.TEST_DATABASE_URL!);
      const names = [`comptoir_b_${randomBytes(5).toString("hex")}`, `comptoir_r_${randomBytes(5).toString("hex")}`];
      const urlOf = (name: string) => Object.assign(new URL(admin.href), { pathname: `/${name}` }).href;
      const c = new pg.Client({ connectionString: admin.href });
      await c.connect();
      try {
        for (const n of names) await c.query(`create database ${n}`);
        const source = await openDatabase({ url: urlOf(names[0]) });
        let before: Record<string, string>;
        try {
          await seedDemo(source.db, { size: "small" });
          before = await contents(source);
        } finally {
          await source.close();
        }
        const dataDir = tmp("comptoir-backup-pgdata-");
        const to = await backup(
          loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: urlOf(names[0]) }),
          join(tmp("comptoir-backup-"), "b"),
        );
        expect(JSON.parse(readFileSync(join(to, "manifest.json"), "utf8"))).toMatchObject({ kind: "pg" });
        // restored into another database: same rows; and again over itself (--clean): still the same
        for (let i = 0; i < 2; i++) await restore(loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: urlOf(names[1]) }), to);
        const restored = await openDatabase({ url: urlOf(names[1]) });
        try {
          expect(await contents(restored)).toEqual(before!);
        } finally {
          await restored.close();
        }
      } finally {
        for (const n of names) await c.query(`drop database if exists ${n} with (force)`);
        await c.end();
      }
    },
    180_000,
  );
});
