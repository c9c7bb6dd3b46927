// Migration 0010 on a database that already holds orders (decision 071), on PGlite and PostgreSQL: existing
// orders get a delivery mode consistent with pickup_method, and the tariff tables notify every process.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { testDbKinds, type TestDbKind } from "#server/test/databases.ts";

const migrations = fileURLToPath(new URL("../../db/migrations", import.meta.url));

/** A copy of the migrations folder without 0010 and later. */
function folderBefore0010(): string {
  const dir = mkdtempSync(join(tmpdir(), "comptoir-migrations-"));
  mkdirSync(join(dir, "meta"));
  for (const f of readdirSync(migrations)) if (/^000\d_.*\.sql$/.test(f)) cpSync(join(migrations, f), join(dir, f));
  const journal = JSON.parse(readFileSync(join(migrations, "meta/_journal.json"), "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 10);
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify(journal));
  return dir;
}

async function openEmpty(kind: TestDbKind): Promise<{ db: Db; migrate: (folder: string) => Promise<void>; close: () => Promise<void> }> {
  if (kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create("memory://", { extensions: { unaccent, pg_trgm } });
    const db = drizzle({ client });
    return { db: db as unknown as Db, migrate: (f) => migrate(db, { migrationsFolder: f }), close: () => client.close() };
  }
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `comptoir_f_${randomBytes(6).toString("hex")}`;
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
    db: db as unknown as Db,
    migrate: (f) => migrate(db, { migrationsFolder: f }),
    close: async () => {
      await pool.end();
      await run(`drop database if exists ${name}`);
    },
  };
}

describe.each(testDbKinds())("migration 0010 on %s", (kind) => {
  it("gives existing orders a mode matching pickup_method and adds the tariff triggers", async () => {
    const before = folderBefore0010();
    const d = await openEmpty(kind);
    try {
      await d.migrate(before);
      await query(
        d.db,
        sql`insert into customers (id, client_number, title, first_name, last_name, email, password_hash) values (1, 'C1', 'M', 'J', 'D', 'j@d.fr', 'x')`,
      );
      await query(d.db, sql`insert into shops (id, code, phone, hours) values (1, 'AUB', '01', '[]')`);
      await query(
        d.db,
        sql`insert into orders (number, customer_id, status, pickup_method, shop_id, total_ht, total_tva, total_ttc) values
        ('CE2026-000001', 1, 'unpaid', 1, null, 10, 2, 12), ('CE2026-000002', 1, 'unpaid', 2, 1, 10, 2, 12)`,
      );
      await d.migrate(migrations);
      expect(await query(d.db, sql`select number, delivery_mode from orders order by number`)).toEqual([
        { number: "CE2026-000001", delivery_mode: "pallet" },
        { number: "CE2026-000002", delivery_mode: "pickup" },
      ]);
      await expect(query(d.db, sql`update orders set delivery_mode = 'parcel' where number = 'CE2026-000002'`)).rejects.toThrow();
      await expect(
        query(d.db, sql`insert into carts (customer_id, pickup_method, delivery_mode) values (1, 1, 'pickup')`),
      ).rejects.toThrow();
      const triggers = await query<{ tgname: string }>(
        d.db,
        sql`select tgname from pg_trigger where tgname like 'freight%notify' order by tgname`,
      );
      expect(triggers.map((r) => r.tgname)).toEqual([
        "freight_pallet_rates_notify",
        "freight_parcel_rates_notify",
        "freight_settings_notify",
        "freight_zone_departments_notify",
        "freight_zones_notify",
      ]);
    } finally {
      await d.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
