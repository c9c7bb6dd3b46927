import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DELIVERY_MODES,
  carrierPrice,
  palletPrice,
  parcelPrice,
  quoteAllModes,
  quoteFreight,
  zoneOf,
  type FreightMeasures,
  type QuoteInput,
  type Tariff,
} from "./freight-tariff.ts";
import { dec } from "./money.ts";
import { computeCartTotals } from "./cart/totals.ts";

const zone = (code: string, toll: string, extra: string, per100: string, min: string, surcharge = "0") => ({
  code,
  tollPerPalletHt: toll,
  extraPalletHt: extra,
  carrierPer100KgHt: per100,
  carrierMinHt: min,
  parcelSurchargeHt: surcharge,
});

const tariff: Tariff = {
  zones: [
    zone("paris", "0", "39.00", "14.50", "32.00"),
    zone("z2", "14.00", "71.00", "23.40", "49.00"),
    zone("z3", "19.00", "86.00", "27.90", "56.00"),
    zone("corse", "0", "0", "46.00", "95.00", "9.50"),
  ],
  // "75" on purpose in z3: the Paris-province config list wins over the table.
  departments: { "69": "z2", "13": "z3", "20": "corse", "75": "z3" },
  palletRates: [
    ...[69, 118, 162].map((p, i) => ({ zoneCode: "paris", pallets: i + 1, priceHt: `${p}.00` })),
    ...[124, 219, 304].map((p, i) => ({ zoneCode: "z2", pallets: i + 1, priceHt: `${p}.00` })),
    ...[149, 266, 371].map((p, i) => ({ zoneCode: "z3", pallets: i + 1, priceHt: `${p}.00` })),
  ],
  parcelRates: [
    ["1", "7.90"],
    ["3", "9.40"],
    ["5", "11.20"],
    ["10", "14.60"],
    ["20", "19.90"],
    ["30", "25.40"],
  ].map(([maxKg, priceHt]) => ({ maxKg, priceHt })),
  settings: { generalTva: "0.2000", rdvHt: "18.00", largeParcelHt: "6.50", discountRate: "0.5000", volumetricKgPerM3: 250 },
  config: {
    paletteBlockZipcode: ["20", "97", "98"],
    optionRdvBlockZipcode: ["20"],
    parisProvinceZipcode: ["75", "77", "78", "91", "92", "93", "94", "95"],
    freeDeliveryAmount: [300, 600, 900],
  },
};

const measures = (over: Partial<FreightMeasures> = {}): FreightMeasures => ({
  totalPoids: "10.000",
  totalVolume: "0.500000",
  palette_num: 1,
  colis_qte: 1,
  colis_vol_num: 0,
  has_gls_model: false,
  ...over,
});
const q = (mode: QuoteInput["mode"], zip: string | null, over: Partial<FreightMeasures> = {}, rdv = false) =>
  quoteFreight(tariff, { mode, zip_code: zip, rdv, totals: measures(over) });
const freightOf = (r: ReturnType<typeof q>) => {
  if (!r.ok) throw new Error(`refused ${r.key}`);
  return r.freight;
};

describe("zones", () => {
  it("puts the Paris-province prefixes in their own zone, others by department", () => {
    expect(zoneOf(tariff, "75011")?.code).toBe("paris");
    expect(zoneOf(tariff, " 69003 ")?.code).toBe("z2");
    expect(zoneOf(tariff, "20090")?.code).toBe("corse");
    expect(zoneOf(tariff, "97100")).toBeNull();
    expect(zoneOf(tariff, "ab123")).toBeNull();
    expect(zoneOf(tariff, "")).toBeNull();
  });

  it("gives every zip the zone of its first two characters alone: Paris-province first, then the departments table", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{2}$/), fc.stringMatching(/^[0-9A-Za-z ]{0,4}$/), (prefix, rest) => {
        const zip = `${prefix}${rest}`;
        const expected = (tariff.config.parisProvinceZipcode as string[]).includes(prefix) ? "paris" : (tariff.departments[prefix] ?? null);
        expect(zoneOf(tariff, zip)?.code ?? null).toBe(expected);
        expect(zoneOf(tariff, ` ${zip} `)?.code ?? null).toBe(zoneOf(tariff, zip.trim())?.code ?? null);
      }),
    );
  });
});

describe("pallets", () => {
  it("prices by zone and pallet count, with no toll in Paris", () => {
    expect(freightOf(q("pallet", "75011"))).toEqual({
      freight_ht: "69.00",
      freight_tva: "13.80",
      highway_toll_ht: "0.00",
      highway_toll_tva: "0.00",
      freeDeliveryAmount: [300, 600, 900],
      zip_code: "75011",
      rdv_amount: "18.00",
      general_tva: "0.2",
      discount_rate: "0.5",
      poids: "10.000",
      volume: "0.500000",
    });
    expect(freightOf(q("pallet", "69003", { palette_num: 2 }))).toMatchObject({
      freight_ht: "219.00",
      freight_tva: "43.80",
      highway_toll_ht: "28.00",
      highway_toll_tva: "5.60",
    });
  });
  it("adds the zone's extra pallet price past the largest row", () => {
    expect(freightOf(q("pallet", "13001", { palette_num: 5 }))).toMatchObject({
      freight_ht: "543.00",
      freight_tva: "108.60",
      highway_toll_ht: "95.00",
      highway_toll_tva: "19.00",
    });
  });
  it("refuses the paletteBlockZipcode prefixes and a zone without pallet rows", () => {
    expect(q("pallet", "20000")).toEqual({ ok: false, key: "checkout.pallet_blocked" });
    const open = { ...tariff, config: { ...tariff.config, paletteBlockZipcode: [] } };
    expect(quoteFreight(open, { mode: "pallet", zip_code: "20000", rdv: false, totals: measures() })).toEqual({
      ok: false,
      key: "checkout.mode_unavailable",
    });
  });
  it("never gets cheaper with more pallets", () => {
    fc.assert(
      fc.property(fc.constantFrom("paris", "z2", "z3"), fc.integer({ min: 1, max: 40 }), (code, n) => {
        const z = tariff.zones.find((x) => x.code === code)!;
        expect(palletPrice(tariff, z, n + 1)!.gte(palletPrice(tariff, z, n)!)).toBe(true);
      }),
    );
  });
});

describe("parcels (GLS)", () => {
  it("refuses a cart with a non-GLS line", () => {
    expect(q("parcel", "75011", { has_gls_model: true })).toEqual({ ok: false, key: "checkout.parcel_non_gls" });
  });
  it("prices each parcel at the band of the average weight, plus large parcels", () => {
    // 12.5 kg in 3 parcels: 4.17 kg each → 5 kg band 11.20 × 3 + one large parcel 6.50
    expect(freightOf(q("parcel", "75011", { totalPoids: "12.500", colis_qte: 3, colis_vol_num: 1 }))).toMatchObject({
      freight_ht: "40.10",
      freight_tva: "8.02",
      highway_toll_ht: "0.00",
      rdv_amount: "0.00",
    });
  });
  it("splits into more parcels than counted when the weight needs it", () => {
    // 95 kg: at least 4 parcels of ≤ 30 kg → 23.75 kg each → 25.40 × 4
    expect(freightOf(q("parcel", "69003", { totalPoids: "95", colis_qte: 1 })).freight_ht).toBe("101.60");
    expect(freightOf(q("parcel", "69003", { totalPoids: "0", colis_qte: 0 })).freight_ht).toBe("7.90");
  });
  it("adds the island surcharge per parcel", () => {
    expect(freightOf(q("parcel", "20090", { totalPoids: "2", colis_qte: 1 })).freight_ht).toBe("18.90");
  });
  it("has no appointment option", () => {
    expect(q("parcel", "75011", {}, true)).toEqual({ ok: false, key: "checkout.rdv_unavailable" });
  });
  it("never gets cheaper when the weight grows", () => {
    const paris = tariff.zones[0];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 5 }),
        (grams, extra, colis) => {
          const a = parcelPrice(tariff, paris, measures({ totalPoids: dec(grams).dividedBy(1000, 3).toFixed(3), colis_qte: colis }))!;
          const b = parcelPrice(
            tariff,
            paris,
            measures({
              totalPoids: dec(grams + extra)
                .dividedBy(1000, 3)
                .toFixed(3),
              colis_qte: colis,
            }),
          )!;
          expect(b.gte(a)).toBe(true);
        },
      ),
    );
  });
});

describe("carrier (messagerie)", () => {
  const paris = tariff.zones[0];
  const z2 = tariff.zones[1];
  it("prices the taxable weight per 100 kg with a minimum", () => {
    expect(carrierPrice(tariff, paris, measures({ totalPoids: "420", totalVolume: "1.2" })).toFixed(2)).toBe("60.90");
    expect(carrierPrice(tariff, paris, measures({ totalPoids: "100", totalVolume: "2" })).toFixed(2)).toBe("72.50"); // 500 kg volumetric
    expect(carrierPrice(tariff, paris, measures({ totalPoids: "50", totalVolume: "0.1" })).toFixed(2)).toBe("32.00");
  });
  it("rounds half away from zero", () => {
    expect(carrierPrice(tariff, z2, measures({ totalPoids: "212.5", totalVolume: "0" })).toFixed(2)).toBe("49.73"); // 49.725
  });
  it("refuses the appointment where optionRdvBlockZipcode says so, and shows it nowhere there", () => {
    expect(q("carrier", "20090", { totalPoids: "150", totalVolume: "0.2" }, true)).toEqual({ ok: false, key: "checkout.rdv_blocked" });
    expect(freightOf(q("carrier", "20090", { totalPoids: "150", totalVolume: "0.2" }))).toMatchObject({
      freight_ht: "95.00",
      rdv_amount: "0.00",
    });
    expect(freightOf(q("carrier", "69003", {}, true)).rdv_amount).toBe("18.00");
  });
});

describe("pickup and refusals", () => {
  it("is free, with or without a zip, and ignores the appointment", () => {
    expect(freightOf(q("pickup", null, { has_gls_model: true }, true))).toMatchObject({
      freight_ht: "0.00",
      freight_tva: "0.00",
      highway_toll_ht: "0.00",
      rdv_amount: "0.00",
      zip_code: null,
      freeDeliveryAmount: [300, 600, 900],
    });
  });
  it("needs a metropolitan zip for every other mode", () => {
    for (const mode of ["parcel", "pallet", "carrier"] as const) {
      expect(q(mode, null)).toEqual({ ok: false, key: "checkout.zip_required" });
      expect(q(mode, "  ")).toEqual({ ok: false, key: "checkout.zip_required" });
      expect(q(mode, "97100")).toEqual({ ok: false, key: "checkout.zone_unknown" });
    }
  });
  it("answers VAT at general_tva on every quote, and a known key on every refusal", () => {
    const keys = new Set([
      "checkout.zip_required",
      "checkout.zone_unknown",
      "checkout.parcel_non_gls",
      "checkout.pallet_blocked",
      "checkout.rdv_blocked",
      "checkout.rdv_unavailable",
      "checkout.mode_unavailable",
    ]);
    const zip = fc.oneof(fc.constantFrom("75011", "69003", "13001", "20090", "97100", null), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(
        zip,
        fc.boolean(),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        (z, rdv, grams, pallets, colis, gls) => {
          const totals = measures({
            totalPoids: dec(grams).dividedBy(1000, 3).toFixed(3),
            palette_num: pallets,
            colis_qte: colis,
            has_gls_model: gls,
          });
          for (const { result } of quoteAllModes(tariff, z, rdv, totals)) {
            if (!result.ok) {
              expect(keys.has(result.key)).toBe(true);
              continue;
            }
            const f = result.freight;
            expect(f.freight_tva).toBe(dec(f.freight_ht!).times("0.2").toFixed(2));
            expect(f.highway_toll_tva).toBe(dec(f.highway_toll_ht!).times("0.2").toFixed(2));
            expect(dec(f.freight_ht!).sign()).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
  it("lists every mode", () => {
    expect(quoteAllModes(tariff, "75011", false, measures()).map((m) => m.mode)).toEqual([...DELIVERY_MODES]);
  });
});

describe("free delivery by pallet count (with core/cart/totals)", () => {
  const config = { onePaletteVolume: "1.6", parisProvinceZipcode: ["75", "77", "78", "91", "92", "93", "94", "95"] };
  const cart = (volume: string) => [{ model_id: 1, num: 2, price: "250", tva: "0.2", volume, poids: "40", unit: "carton" }];
  const totalsFor = (volume: string, mode: QuoteInput["mode"] = "pallet") => {
    const pre = computeCartTotals(cart(volume), { pickup_method: 1 }, config, { loggedIn: true });
    const freight = freightOf(quoteFreight(tariff, { mode, zip_code: "69003", rdv: false, totals: pre }));
    return computeCartTotals(
      cart(volume),
      { pickup_method: mode === "pickup" ? 2 : 1, delivery_addr_obj: { zip_code: "69003" }, freight },
      config,
      { loggedIn: true },
    );
  };
  it("is free for 500 € on one pallet (threshold 300) but not on two (threshold 600)", () => {
    const one = totalsFor("0.5"); // 1 m³: 1 pallet
    expect(one).toMatchObject({
      palette_num: 1,
      freeDeliveryThreshold: "300.00",
      isFreeDelivery: true,
      freightHt: "0.00",
      tollHt: "0.00",
      grandTotalHt: "500.00",
    });
    const two = totalsFor("1"); // 2 m³: 2 pallets to Lyon, 219 € + 28 € toll
    expect(two).toMatchObject({
      palette_num: 2,
      freeDeliveryThreshold: "600.00",
      isFreeDelivery: false,
      freightHt: "219.00",
      freightTva: "43.80",
      tollHt: "28.00",
      tollTva: "5.60",
      grandTotalHt: "747.00",
    });
  });
  it("pickup is free whatever the pallets", () => {
    expect(totalsFor("3", "pickup")).toMatchObject({ palette_num: 4, isFreeDelivery: true, freightHt: "0.00", grandTotalHt: "500.00" });
  });
});
