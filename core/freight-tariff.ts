// Freight quote from the tariff rows (decision 071, docs/freight-tariff.md): pure, exact money rounded half
// away from zero. The server loads the tariff from the database; the answer is the freight object of SPEC §3.
import { Decimal, dec, decOrZero } from "./money.ts";
import { zipInPrefixList, zipPrefix } from "./zip.ts";
import type { CartTotals, Freight, Numeric } from "./cart/types.ts";

/** Delivery modes of a cart or an order; 'pickup' ⇔ pickup_method 2. */
export const DELIVERY_MODES = ["parcel", "pallet", "carrier", "pickup"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const isDeliveryMode = (v: unknown): v is DeliveryMode => (DELIVERY_MODES as readonly unknown[]).includes(v);

/** The zone of the Paris-province prefixes (config parisProvinceZipcode), whatever the departments table says. */
const PARIS_ZONE = "paris";

export interface TariffZone {
  code: string;
  tollPerPalletHt: Numeric;
  extraPalletHt: Numeric;
  carrierPer100KgHt: Numeric;
  carrierMinHt: Numeric;
  parcelSurchargeHt: Numeric;
}

export interface Tariff {
  zones: readonly TariffZone[];
  /** Department (2-digit zip prefix) → zone code. */
  departments: Readonly<Record<string, string>>;
  palletRates: readonly { zoneCode: string; pallets: number; priceHt: Numeric }[];
  parcelRates: readonly { maxKg: Numeric; priceHt: Numeric }[];
  settings: {
    generalTva: Numeric;
    rdvHt: Numeric;
    largeParcelHt: Numeric;
    discountRate: Numeric;
    volumetricKgPerM3: number;
  };
  /** The site config entries the tariff reads (SPEC §3 "Site config", §9). */
  config: {
    paletteBlockZipcode?: readonly string[] | string | null;
    optionRdvBlockZipcode?: readonly string[] | string | null;
    parisProvinceZipcode?: readonly string[] | string | null;
    freeDeliveryAmount?: Numeric | readonly Numeric[] | null;
  };
}

export type FreightMeasures = Pick<
  CartTotals,
  "totalPoids" | "totalVolume" | "palette_num" | "colis_qte" | "colis_vol_num" | "has_gls_model"
>;

export interface QuoteInput {
  mode: DeliveryMode;
  zip_code: string | null;
  rdv: boolean;
  totals: FreightMeasures;
}

/** Message keys (namespace checkout) of the refusals. */
type RefusalKey =
  | "checkout.zip_required"
  | "checkout.zone_unknown"
  | "checkout.parcel_non_gls"
  | "checkout.pallet_blocked"
  | "checkout.rdv_blocked"
  | "checkout.rdv_unavailable"
  | "checkout.mode_unavailable";

type QuoteResult = { ok: true; freight: Freight } | { ok: false; key: RefusalKey };

const fixed2 = (d: Decimal) => d.toFixed(2);

/** The zone of a zip: Paris-province prefixes first, then the departments table; null outside both. */
export function zoneOf(tariff: Tariff, zip: string | null | undefined): TariffZone | null {
  const prefix = zipPrefix(zip);
  if (!/^\d{2}$/.test(prefix)) return null;
  const code = zipInPrefixList(zip, tariff.config.parisProvinceZipcode) ? PARIS_ZONE : tariff.departments[prefix];
  return tariff.zones.find((z) => z.code === code) ?? null;
}

/** Price of `n` pallets to the zone: the row for n; past the largest row, that row plus extraPalletHt per pallet. */
export function palletPrice(tariff: Tariff, zone: TariffZone, n: number): Decimal | null {
  const rows = tariff.palletRates.filter((r) => r.zoneCode === zone.code).sort((a, b) => a.pallets - b.pallets);
  if (!rows.length) return null;
  const count = Math.max(1, Math.trunc(n));
  const base = rows.filter((r) => r.pallets <= count).at(-1);
  if (!base) return dec(rows[0].priceHt); // no row at or below: the smallest shipment's price
  return dec(base.priceHt).plus(dec(zone.extraPalletHt).times(count - base.pallets));
}

/**
 * GLS parcels: n = max(colis_qte, parcels needed so none exceeds the heaviest band, 1), each priced at the band
 * of the average parcel weight (plus the zone's surcharge); each large parcel (colis_vol_num) adds largeParcelHt.
 */
export function parcelPrice(tariff: Tariff, zone: TariffZone, totals: FreightMeasures): Decimal | null {
  const bands = [...tariff.parcelRates].sort((a, b) => dec(a.maxKg).cmp(b.maxKg));
  if (!bands.length) return null;
  const weight = decOrZero(totals.totalPoids);
  const heaviest = dec(bands.at(-1)!.maxKg);
  const needed = weight.sign() > 0 ? Number(weight.ceilDiv(heaviest)) : 1;
  const n = Math.max(totals.colis_qte, needed, 1);
  // The band of weight / n, compared without dividing: the first maxKg with maxKg × n ≥ weight.
  const band = bands.find((b) => dec(b.maxKg).times(n).gte(weight))!;
  const each = dec(band.priceHt).plus(zone.parcelSurchargeHt);
  return each.times(n).plus(dec(tariff.settings.largeParcelHt).times(Math.max(0, totals.colis_vol_num)));
}

/** Carrier (messagerie): per 100 kg of taxable weight max(kg, m³ × volumetric), never below the zone minimum. */
export function carrierPrice(tariff: Tariff, zone: TariffZone, totals: FreightMeasures): Decimal {
  const real = decOrZero(totals.totalPoids);
  const volumetric = decOrZero(totals.totalVolume).times(tariff.settings.volumetricKgPerM3);
  const kg = real.gt(volumetric) ? real : volumetric;
  const price = dec(zone.carrierPer100KgHt).times(kg).dividedBy(100, 2);
  return price.lt(zone.carrierMinHt) ? dec(zone.carrierMinHt) : price;
}

/** The appointment option: pallet and carrier only, not for optionRdvBlockZipcode prefixes. */
export function rdvAvailability(tariff: Tariff, mode: DeliveryMode, zip: string | null | undefined): RefusalKey | null {
  if (mode !== "pallet" && mode !== "carrier") return "checkout.rdv_unavailable";
  if (zipInPrefixList(zip, tariff.config.optionRdvBlockZipcode)) return "checkout.rdv_blocked";
  return null;
}

function freeDeliveryAmount(tariff: Tariff): Numeric | Numeric[] {
  const v = tariff.config.freeDeliveryAmount;
  if (v === null || v === undefined) return "0";
  return Array.isArray(v) ? [...(v as readonly Numeric[])] : (v as Numeric);
}

/** The freight object of SPEC §3 for a mode, or the key of the reason the mode is impossible. */
export function quoteFreight(tariff: Tariff, input: QuoteInput): QuoteResult {
  const { mode, totals } = input;
  const zip = (input.zip_code ?? "").trim();
  const tva = dec(tariff.settings.generalTva);
  const answer = (freightHt: Decimal, tollHt: Decimal, rdvHt: Decimal): QuoteResult => ({
    ok: true,
    freight: {
      freight_ht: fixed2(freightHt.round(2)),
      freight_tva: fixed2(freightHt.round(2).times(tva).round(2)),
      highway_toll_ht: fixed2(tollHt.round(2)),
      highway_toll_tva: fixed2(tollHt.round(2).times(tva).round(2)),
      freeDeliveryAmount: freeDeliveryAmount(tariff),
      zip_code: zip === "" ? null : zip,
      rdv_amount: fixed2(rdvHt.round(2)),
      general_tva: tva.toString(),
      discount_rate: dec(tariff.settings.discountRate).toString(),
      poids: totals.totalPoids,
      volume: totals.totalVolume,
    },
  });

  if (mode === "pickup") return answer(Decimal.ZERO, Decimal.ZERO, Decimal.ZERO);
  if (zip === "") return { ok: false, key: "checkout.zip_required" };
  const zone = zoneOf(tariff, zip);
  if (!zone) return { ok: false, key: "checkout.zone_unknown" };

  const rdvRefusal = rdvAvailability(tariff, mode, zip);
  if (input.rdv && rdvRefusal) return { ok: false, key: rdvRefusal };
  const rdvHt = rdvRefusal ? Decimal.ZERO : dec(tariff.settings.rdvHt);

  if (mode === "parcel") {
    if (totals.has_gls_model) return { ok: false, key: "checkout.parcel_non_gls" };
    const price = parcelPrice(tariff, zone, totals);
    return price ? answer(price, Decimal.ZERO, rdvHt) : { ok: false, key: "checkout.mode_unavailable" };
  }
  if (mode === "pallet") {
    if (zipInPrefixList(zip, tariff.config.paletteBlockZipcode)) return { ok: false, key: "checkout.pallet_blocked" };
    const n = Math.max(1, totals.palette_num);
    const price = palletPrice(tariff, zone, n);
    return price ? answer(price, dec(zone.tollPerPalletHt).times(n), rdvHt) : { ok: false, key: "checkout.mode_unavailable" };
  }
  return answer(carrierPrice(tariff, zone, totals), Decimal.ZERO, rdvHt);
}

/** Every mode for a zip with its freight or the reason it is impossible (checkout page). */
export function quoteAllModes(tariff: Tariff, zip: string | null, rdv: boolean, totals: FreightMeasures) {
  return DELIVERY_MODES.map((mode) => ({ mode, result: quoteFreight(tariff, { mode, zip_code: zip, rdv, totals }) }));
}
