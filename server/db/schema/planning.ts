// Delivery rounds' capacities (decision 138): what a day's round to a freight zone can carry, in pallets and parcels.
// A default per zone, and a capacity of its own for a date where the day differs (a second truck, a holiday eve).
import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, timestamp, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import { freightZones } from "./freight.ts";

const capacityChecks = (t: { pallets: AnyPgColumn; parcels: AnyPgColumn }) => sql`${t.pallets} >= 0 and ${t.parcels} >= 0`;

/** A zone's round on any working day without a capacity of its own. */
export const deliveryCapacities = pgTable(
  "delivery_capacities",
  {
    zoneCode: varchar("zone_code", { length: 12 })
      .primaryKey()
      .references(() => freightZones.code, { onDelete: "cascade", onUpdate: "cascade" }),
    pallets: integer("pallets").notNull(),
    parcels: integer("parcels").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("delivery_capacities_ck", capacityChecks(t))],
);

/** A zone's round on one date, instead of its default. */
export const deliveryCapacityDays = pgTable(
  "delivery_capacity_days",
  {
    zoneCode: varchar("zone_code", { length: 12 })
      .notNull()
      .references(() => freightZones.code, { onDelete: "cascade", onUpdate: "cascade" }),
    day: date("day").notNull(),
    pallets: integer("pallets").notNull(),
    parcels: integer("parcels").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.zoneCode, t.day] }), check("delivery_capacity_days_ck", capacityChecks(t))],
);
