// The freight tariff as data (decision 071, docs/freight-tariff.md): zones of departments (2-digit zip
// prefix), pallet prices by zone and pallet count, GLS parcel prices by weight band, and the few scalars.
// Read whole into the read model (checkout/freight.service.ts); every change notifies every process (0010).
import { sql } from "drizzle-orm";
import { check, integer, numeric, pgTable, primaryKey, text, varchar } from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const freightZones = pgTable(
  "freight_zones",
  {
    code: varchar("code", { length: 12 }).primaryKey(),
    nameFr: text("name_fr").notNull(),
    nameZh: text("name_zh").notNull(),
    /** Highway toll per pallet (pallet mode), 0 where no toll road is used. */
    tollPerPalletHt: money("toll_per_pallet_ht").notNull().default("0"),
    /** Each pallet beyond the largest count of freight_pallet_rates for the zone. */
    extraPalletHt: money("extra_pallet_ht").notNull(),
    /** Carrier (messagerie): price per 100 kg of taxable weight, with a minimum per shipment. */
    carrierPer100KgHt: money("carrier_per_100kg_ht").notNull(),
    carrierMinHt: money("carrier_min_ht").notNull(),
    /** Added per GLS parcel (island surcharge). */
    parcelSurchargeHt: money("parcel_surcharge_ht").notNull().default("0"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check(
      "freight_zones_amounts_ck",
      sql`${t.tollPerPalletHt} >= 0 and ${t.extraPalletHt} >= 0 and ${t.carrierPer100KgHt} >= 0 and ${t.carrierMinHt} >= 0 and ${t.parcelSurchargeHt} >= 0`,
    ),
  ],
);

/** Department (= first two characters of the zip code) → zone. */
export const freightZoneDepartments = pgTable(
  "freight_zone_departments",
  {
    department: varchar("department", { length: 2 }).primaryKey(),
    zoneCode: varchar("zone_code", { length: 12 })
      .notNull()
      .references(() => freightZones.code, { onDelete: "cascade", onUpdate: "cascade" }),
  },
  (t) => [check("freight_zone_departments_department_ck", sql`${t.department} ~ '^[0-9]{2}$'`)],
);

/** Price of one pallet shipment of `pallets` pallets to the zone. */
export const freightPalletRates = pgTable(
  "freight_pallet_rates",
  {
    zoneCode: varchar("zone_code", { length: 12 })
      .notNull()
      .references(() => freightZones.code, { onDelete: "cascade", onUpdate: "cascade" }),
    pallets: integer("pallets").notNull(),
    priceHt: money("price_ht").notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoneCode, t.pallets] }), check("freight_pallet_rates_ck", sql`${t.pallets} >= 1 and ${t.priceHt} >= 0`)],
);

/** GLS price of one parcel weighing at most `max_kg` (national; the zone may add a surcharge). */
export const freightParcelRates = pgTable(
  "freight_parcel_rates",
  {
    maxKg: numeric("max_kg", { precision: 8, scale: 3 }).primaryKey(),
    priceHt: money("price_ht").notNull(),
  },
  (t) => [check("freight_parcel_rates_ck", sql`${t.maxKg} > 0 and ${t.priceHt} >= 0`)],
);

/** The tariff's scalars: one row (id 1). */
export const freightSettings = pgTable(
  "freight_settings",
  {
    id: integer("id").primaryKey().default(1),
    generalTva: numeric("general_tva", { precision: 5, scale: 4 }).notNull(),
    rdvHt: money("rdv_ht").notNull(),
    largeParcelHt: money("large_parcel_ht").notNull(),
    /** Freight discount rate of decision 014. */
    discountRate: numeric("discount_rate", { precision: 5, scale: 4 }).notNull().default("0"),
    /** Carrier taxable weight: max(real kg, m³ × this). */
    volumetricKgPerM3: integer("volumetric_kg_per_m3").notNull(),
  },
  (t) => [
    check("freight_settings_one_row_ck", sql`${t.id} = 1`),
    check(
      "freight_settings_ck",
      sql`${t.generalTva} >= 0 and ${t.generalTva} < 1 and ${t.rdvHt} >= 0 and ${t.largeParcelHt} >= 0
    and ${t.discountRate} >= 0 and ${t.discountRate} <= 1 and ${t.volumetricKgPerM3} > 0`,
    ),
  ],
);
