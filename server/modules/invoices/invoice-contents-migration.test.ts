// Migrations 0044 and 0048 on a database that already holds invoices, on PGlite and PostgreSQL: each invoice's contents
// are backfilled from its order's lines, totals, the credit spent on it and its customer, exactly as issuing now writes
// them.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { MIGRATIONS as migrations, migrationsBefore, openUnmigrated } from "#server/test/migrations.ts";
import { invoiceContentsSchema } from "#core/documents/invoice-contents.ts";
import { invoiceContents } from "./invoice-contents.ts";

describe.each(testDbKinds())("migration 0044 on %s", (kind) => {
  it("backfills every invoice's contents as issuing writes them, then requires them", async () => {
    const before = migrationsBefore(40);
    const d = await openUnmigrated(kind);
    try {
      await d.migrate(before.folder);
      await query(
        d.db,
        sql`insert into customers (id, client_number, title, first_name, last_name, email, password_hash) values (1, 'C1', 'M', 'J', 'D', 'j@d.fr', 'x')`,
      );
      await query(
        d.db,
        sql`insert into orders (id, number, customer_id, status, payment_method, transaction_id, paid_at, invoice_address,
              total_ht, total_tva, total_ttc, freight_ht, freight_tva, freight_vat_rate, freight_discount_ht, discount_amount)
            values (1, 'CE2026-000001', 1, 'delivered', 'card', 'TX1', '2026-09-10 08:30:05.123+02', '{"company": "Dupont SARL", "zip_code": "75011"}',
              31.50, 6.30, 37.80, 12.50, 2.50, 0.2, 5, 1),
            (2, 'CE2026-000002', 1, 'processing', 'credit_note', null, '2026-09-11 10:00:00+00', null, 10, 2, 12, 0, 0, null, 0, 0)`,
      );
      await query(
        d.db,
        sql`insert into order_lines (id, order_id, reference, designation, unit, price, num, tva, remise, line_ht, gifted_units) values
            (2, 1, 'B-2', 'Gobelet', 'paquet', 2.5, 4, 0.2, 0, 10, 1), (1, 1, 'A-1', 'Carton', 'carton', 1.125, 8, 0.055, 0.5, 8.5, 0)`,
      );
      await query(
        d.db,
        sql`insert into credit_notes (id, number, customer_id, amount_ttc, remaining_ttc) values (1, 'AV2026-000001', 1, 30, 0)`,
      );
      await query(
        d.db,
        sql`insert into credit_note_uses (order_id, credit_note_id, amount, released_at) values (1, 1, 6.2, null), (2, 1, 12, now())`,
      );
      await query(
        d.db,
        sql`insert into invoices (number, order_id, customer_id, amount_ht, amount_ttc) values
            ('FA2026-000001', 1, 1, 31.50, 37.80), ('FA2026-000002', 2, 1, 10, 12)`,
      );
      await d.migrate(migrations);

      const rows = await query<{ order_id: number; contents: unknown }>(d.db, sql`select order_id, contents from invoices order by id`);
      const backfilled = rows.map((r) => invoiceContentsSchema.parse(r.contents));
      expect(backfilled).toEqual([await invoiceContents(d.db, 1), await invoiceContents(d.db, 2)]);
      expect(backfilled[0]).toMatchObject({
        lines: [
          { reference: "A-1", price: "1.1250", num: 8, tva: "0.0550", remise: "0.50", line_ht: "8.50", gifted_units: 0 },
          { reference: "B-2", gifted_units: 1 },
        ],
        total_ttc: "37.80",
        freight_vat_rate: "0.2000",
        paid_at: "2026-09-10T06:30:05Z",
        invoice_address: { company: "Dupont SARL", zip_code: "75011" },
        delivery_address: null,
        credit_used: "6.20",
        customer: { company: null, first_name: "J", last_name: "D", title: "M", client_number: "C1", siret: null },
      });
      expect(backfilled[1]).toMatchObject({ lines: [], transaction_id: null, freight_vat_rate: null, credit_used: "0.00" });
      const [col] = await query<{ is_nullable: string }>(
        d.db,
        sql`select is_nullable from information_schema.columns where table_name = 'invoices' and column_name = 'contents'`,
      );
      expect(col.is_nullable).toBe("NO");
    } finally {
      await d.close();
      before.remove();
    }
  });
});
