// Demo delivery rounds' capacities (decision 138): what one day's round to each freight zone carries, in pallets and
// parcels. Set when no capacity is set at all, also into a demo database made before planning existed.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";

export const DELIVERY_CAPACITIES: Record<string, { pallets: number; parcels: number }> = {
  paris: { pallets: 24, parcels: 120 },
  z1: { pallets: 12, parcels: 60 },
  z2: { pallets: 10, parcels: 50 },
  z3: { pallets: 8, parcels: 40 },
  corse: { pallets: 2, parcels: 20 },
};

export async function seedDemoCapacities(db: Db): Promise<void> {
  const rows = Object.entries(DELIVERY_CAPACITIES).map(([zone_code, c]) => ({ zone_code, ...c }));
  await query(
    db,
    sql`insert into delivery_capacities (zone_code, pallets, parcels)
        select z.code, v.pallets, v.parcels
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(zone_code text, pallets int, parcels int)
        join freight_zones z on z.code = v.zone_code
        where not exists (select 1 from delivery_capacities)
        on conflict do nothing`,
  );
}
