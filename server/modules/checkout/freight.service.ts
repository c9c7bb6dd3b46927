// Freight quotes from the tariff held in the database (decision 071, docs/freight-tariff.md). The rows are
// read once into the read model and dropped in every process when a tariff table or the site config changes
// (triggers of migration 0010). The computation itself is core/freight-tariff.ts.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReadCache } from "#server/read-cache.ts";
import { refused } from "#core/domain-errors.ts";
import { dec } from "#core/money.ts";
import { quoteAllModes, quoteFreight, type DeliveryMode, type FreightMeasures, type Tariff } from "#core/freight-tariff.ts";
import type { Freight } from "#core/cart/types.ts";

export type { DeliveryMode, FreightMeasures, Tariff };

export type QuoteRequest = {
  mode: DeliveryMode;
  zip_code: string | null;
  rdv: boolean;
  totals: FreightMeasures;
};

const CONFIG_KEYS = ["paletteBlockZipcode", "optionRdvBlockZipcode", "parisProvinceZipcode", "freeDeliveryAmount"] as const;

/**
 * Reads the tariff through the caller's handle: a cold read model inside an order placement's transaction
 * must not query the pool (decision 060). No checkout use case writes the tariff, so a value read inside a
 * transaction is the committed one and may be kept.
 */
export async function loadTariff(q: Db): Promise<Tariff> {
  const zones = await query<Tariff["zones"][number]>(
    q,
    sql`
    select code, toll_per_pallet_ht as "tollPerPalletHt", extra_pallet_ht as "extraPalletHt",
           carrier_per_100kg_ht as "carrierPer100KgHt", carrier_min_ht as "carrierMinHt", parcel_surcharge_ht as "parcelSurchargeHt"
    from freight_zones order by position, code`,
  );
  const departments = await query<{ department: string; zone_code: string }>(
    q,
    sql`select department, zone_code from freight_zone_departments`,
  );
  const palletRates = await query<Tariff["palletRates"][number]>(
    q,
    sql`
    select zone_code as "zoneCode", pallets, price_ht as "priceHt" from freight_pallet_rates order by zone_code, pallets`,
  );
  const parcelRates = await query<Tariff["parcelRates"][number]>(
    q,
    sql`
    select max_kg as "maxKg", price_ht as "priceHt" from freight_parcel_rates order by max_kg`,
  );
  const [settings] = await query<Tariff["settings"]>(
    q,
    sql`
    select general_tva as "generalTva", rdv_ht as "rdvHt", large_parcel_ht as "largeParcelHt", discount_rate as "discountRate",
           volumetric_kg_per_m3 as "volumetricKgPerM3" from freight_settings where id = 1`,
  );
  const config = await query<{ key: string; value: unknown }>(
    q,
    sql`
    select key, value from site_config where key in (${sql.join(
      CONFIG_KEYS.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return {
    zones,
    departments: Object.fromEntries(departments.map((d) => [d.department, d.zone_code])),
    palletRates: palletRates.map((r) => ({ ...r, pallets: Number(r.pallets) })),
    parcelRates,
    // Without a settings row every mode still prices, with no VAT, option or surcharge (an empty tariff is refused per mode).
    settings: settings
      ? { ...settings, volumetricKgPerM3: Number(settings.volumetricKgPerM3) }
      : { generalTva: "0", rdvHt: "0", largeParcelHt: "0", discountRate: "0", volumetricKgPerM3: 250 },
    config: Object.fromEntries(config.map((r) => [r.key, r.value])) as Tariff["config"],
  };
}

export function createFreightService(cache: ReadCache) {
  const tariff = (q: Db) => cache.memo("freight:tariff", () => loadTariff(q));

  /** The freight object of SPEC §3 for the mode; throws `refused(key)` when the mode is impossible. */
  async function quote(q: Db, input: QuoteRequest): Promise<Freight> {
    const r = quoteFreight(await tariff(q), input);
    if (!r.ok) throw refused(r.key);
    return r.freight;
  }

  /** Every mode with its freight or the reason it is impossible (checkout page). */
  async function quoteAll(q: Db, zip: string | null, rdv: boolean, totals: FreightMeasures) {
    return quoteAllModes(await tariff(q), zip, rdv, totals);
  }

  /** The cheapest shipped mode (freight + toll) for a cart without a chosen mode; refused when none is possible. */
  async function cheapest(
    q: Db,
    zip: string | null,
    rdv: boolean,
    totals: FreightMeasures,
  ): Promise<{ mode: DeliveryMode; freight: Freight }> {
    const all = (await quoteAll(q, zip, rdv, totals)).filter((m) => m.mode !== "pickup");
    const ok = all.flatMap((m) => (m.result.ok ? [{ mode: m.mode, freight: m.result.freight }] : []));
    if (!ok.length) {
      const refusal = all.map((m) => m.result).find((r) => !r.ok && r.key !== "checkout.mode_unavailable");
      throw refused(refusal && !refusal.ok ? refusal.key : "checkout.mode_unavailable");
    }
    const cost = (f: Freight) => dec(f.freight_ht!).plus(dec(f.highway_toll_ht!));
    return ok.reduce((best, m) => (cost(m.freight).lt(cost(best.freight)) ? m : best));
  }

  return { tariff, quote, quoteAll, cheapest };
}

export type FreightService = ReturnType<typeof createFreightService>;
