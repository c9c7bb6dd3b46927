// Freight quotes from the tariff held in the database (decision 071, docs/freight-tariff.md). The rows are
// read once into the read model and dropped in every process when a tariff table or the site config changes
// (triggers of migration 0010). The computation itself is core/freight-tariff.ts.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  freightPalletRates,
  freightParcelRates,
  freightSettings,
  freightZoneDepartments,
  freightZones,
  siteConfig,
} from "#server/db/schema/index.ts";
import type { ReadCache } from "#server/read-cache.ts";
import { refused } from "#core/domain-errors.ts";
import { dec } from "#core/money.ts";
import { quoteAllModes, quoteFreight, type DeliveryMode, type FreightMeasures, type Tariff } from "#core/freight-tariff.ts";
import type { Freight } from "#core/cart/types.ts";
import { readSettings } from "#core/validation/settings.ts";

type QuoteRequest = {
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
async function loadTariff(q: Db): Promise<Tariff> {
  const z = freightZones;
  const zones = await q
    .select({
      code: z.code,
      tollPerPalletHt: z.tollPerPalletHt,
      extraPalletHt: z.extraPalletHt,
      carrierPer100KgHt: z.carrierPer100KgHt,
      carrierMinHt: z.carrierMinHt,
      parcelSurchargeHt: z.parcelSurchargeHt,
    })
    .from(z)
    .orderBy(z.position, z.code);
  const departments = await q.select().from(freightZoneDepartments);
  const palletRates = await q.select().from(freightPalletRates).orderBy(freightPalletRates.zoneCode, freightPalletRates.pallets);
  const parcelRates = await q.select().from(freightParcelRates).orderBy(freightParcelRates.maxKg);
  const s = freightSettings;
  const [settings] = await q
    .select({
      generalTva: s.generalTva,
      rdvHt: s.rdvHt,
      largeParcelHt: s.largeParcelHt,
      discountRate: s.discountRate,
      volumetricKgPerM3: s.volumetricKgPerM3,
    })
    .from(s)
    .where(eq(s.id, 1));
  // the value as the driver parsed it (config.service.ts)
  const config = await q
    .select({ key: siteConfig.key, value: sql<unknown>`${siteConfig.value}` })
    .from(siteConfig)
    .where(inArray(siteConfig.key, [...CONFIG_KEYS]));
  return {
    zones,
    departments: Object.fromEntries(departments.map((d) => [d.department, d.zoneCode])),
    palletRates,
    parcelRates,
    // Without a settings row every mode still prices, with no VAT, option or surcharge (an empty tariff is refused per mode).
    settings: settings ?? { generalTva: "0", rdvHt: "0", largeParcelHt: "0", discountRate: "0", volumetricKgPerM3: 250 },
    config: readSettings(Object.fromEntries(config.map((r) => [r.key, r.value]))),
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
