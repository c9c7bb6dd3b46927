// Migration 0010 on a database that already holds orders (decision 071), on PGlite and PostgreSQL: existing
// orders get a delivery mode consistent with pickup_method, and the tariff tables notify every process.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { MIGRATIONS as migrations, migrationsBefore, openUnmigrated } from "#server/test/migrations.ts";

describe.each(testDbKinds())("migration 0010 on %s", (kind) => {
  it("gives existing orders a mode matching pickup_method and adds the tariff triggers", async () => {
    const before = migrationsBefore(10);
    const d = await openUnmigrated(kind);
    try {
      await d.migrate(before.folder);
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
      before.remove();
    }
  });
});
