// A fresh, migrated database per test file: PGlite in memory always, and PostgreSQL too when TEST_DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "#server/db/client.ts";

export type TestDbKind = "pglite" | "pg";

export function testDbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"];
}

/**
 * A migrated empty PGlite database, dumped once per test process: a copy starts in ≈ 0.6 s of CPU where opening and
 * migrating one took ≈ 2.5 s, for each of the sixty-odd databases of a run (the server's test files share their
 * worker's modules, so this one too).
 */
let migrated: Promise<Blob> | undefined;
async function migratedDump(): Promise<Blob> {
  const d = await openDatabase({ dataDir: "memory://" });
  try {
    return await d.dump!();
  } finally {
    await d.close();
  }
}

/** Opens a fresh database; on PostgreSQL a throw-away database created next to TEST_DATABASE_URL and dropped on close. */
export async function openTestDatabase(kind: TestDbKind): Promise<Database> {
  if (kind === "pglite") return openDatabase({ dataDir: "memory://", from: await (migrated ??= migratedDump()) });
  const { default: pg } = await import("pg");
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `comptoir_t_${randomBytes(6).toString("hex")}`;
  const c = new pg.Client({ connectionString: admin.href });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href });
  return {
    ...database,
    close: async () => {
      await database.close();
      const d = new pg.Client({ connectionString: admin.href });
      await d.connect();
      // Connections still closing are waited for, not killed: a killed one errors in the test process.
      for (let i = 0; ; i++) {
        try {
          await d.query(`drop database if exists ${name}`);
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== "55006" || i >= 100) throw e;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await d.end();
    },
  };
}
