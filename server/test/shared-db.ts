// Two handles on one fresh database, as two app processes would have: two pools on PostgreSQL, the same
// PGlite otherwise (one process by nature). For the cross-process tests of limits and throttles.
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "#server/db/client.ts";
import { openTestDatabase, type TestDbKind } from "./databases.ts";

export async function openShared(kind: TestDbKind): Promise<{ a: Database; b: Database; close: () => Promise<void> }> {
  if (kind === "pglite") {
    const a = await openTestDatabase("pglite");
    return { a, b: a, close: () => a.close() };
  }
  const { default: pg } = await import("pg");
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `comptoir_t_${randomBytes(6).toString("hex")}`;
  const run = async (text: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const a = await openDatabase({ url: url.href });
  const b = await openDatabase({ url: url.href });
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      for (let i = 0; ; i++) {
        try {
          await run(`drop database if exists ${name}`);
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== "55006" || i >= 100) throw e;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    },
  };
}
