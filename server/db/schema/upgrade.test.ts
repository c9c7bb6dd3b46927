// Migration 0008 on a database that already holds data (decision 066), on PGlite and PostgreSQL: the document
// sequences continue after the existing numbers; a row breaking a new constraint stops the migration whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { MIGRATIONS as migrations, migrationsBefore, openUnmigrated, type UnmigratedDb } from "#server/test/migrations.ts";

let before0008: ReturnType<typeof migrationsBefore>;

const exists = async (db: Db, table: string) =>
  (await query<{ t: string | null }>(db, sql`select to_regclass(${table})::text as t`))[0].t !== null;

beforeAll(() => {
  before0008 = migrationsBefore(8);
});
afterAll(() => before0008?.remove());

describe.each(testDbKinds())("migration 0008 on existing data (%s)", (kind) => {
  let d: UnmigratedDb;
  beforeAll(async () => {
    d = await openUnmigrated(kind);
    await d.migrate(before0008.folder);
    await d.db.execute(sql`insert into customers (id, client_number, title, first_name, last_name, email, password_hash)
      values (1, 'C1', 'M', 'Jean', 'Dupont', 'a@b.fr', 'x')`);
    await d.db.execute(sql`insert into orders (id, number, customer_id, status, total_ht, total_tva, total_ttc) values
      (1, 'CE2025-000900', 1, 'delivered', 10, 2, 12), (2, 'CE2026-000123', 1, 'delivered', 10, 2, 12),
      (3, 'CE2026-000171', 1, 'unpaid', 10, 2, 12), (4, 'IMPORT-77', 1, 'delivered', 10, 2, 12)`);
    await d.db.execute(
      sql`insert into invoices (number, order_id, customer_id, amount_ht, amount_ttc) values ('FA2026-000045', 2, 1, 10, 12)`,
    );
    await d.db.execute(sql`insert into credit_notes (number, customer_id, amount_ttc, remaining_ttc) values ('AV2026-000007', 1, 5, 5)`);
    await d.db.execute(
      sql`insert into quotations (number, customer_id, lines, total_ht, total_ttc) values ('DV2026-000012', 1, '[]', 0, 0)`,
    );
  });
  afterAll(async () => {
    await d?.close();
  });

  it("stops whole on a row that breaks a new constraint, then applies once the row is fixed", async () => {
    await d.db.execute(sql`insert into categories (id, level) values (1, 0)`);
    await d.db.execute(sql`insert into products (id, category_id, reference) values (1, 1, 'P-1')`);
    await d.db.execute(sql`insert into models (id, product_id, reference, unit, price, site_price, tva, poids, volume, stock)
      values (1, 1, 'M-1', 'carton', 1, 1, 0.2, 1, 0.01, -3)`);
    await expect(d.migrate(migrations)).rejects.toThrow();
    expect(await exists(d.db, "number_sequences")).toBe(false);
    expect(await exists(d.db, "payments")).toBe(false);
    await d.db.execute(sql`update models set stock = 0 where id = 1`);
    await d.migrate(migrations);
    expect(await exists(d.db, "payments")).toBe(true);
  });

  it("continues each yearly sequence after the highest existing number", async () => {
    await d.migrate(migrations); // already applied by the test above; applies it when run alone
    const rows = await query<{ kind: string; year: number; last_value: number }>(
      d.db,
      sql`select kind, year, last_value from number_sequences order by kind, year`,
    );
    expect(rows).toEqual([
      { kind: "credit_note", year: 2026, last_value: 7 },
      { kind: "invoice", year: 2026, last_value: 45 },
      { kind: "order", year: 2025, last_value: 900 },
      { kind: "order", year: 2026, last_value: 171 },
      { kind: "quotation", year: 2026, last_value: 12 },
    ]);
    expect(await d.db.transaction((tx) => nextNumber(tx, "order", 2026))).toBe("CE2026-000172");
    expect(await d.db.transaction((tx) => nextNumber(tx, "invoice", 2027))).toBe("FA2027-000001");
  });
});
