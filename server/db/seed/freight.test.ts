// The demo tariff covers metropolitan France once and prices rise with distance and size.
import { describe, expect, it } from "vitest";
import { dec } from "#core/money.ts";
import { SITE_CONFIG } from "./config.ts";
import { FREIGHT_DEPARTMENTS, FREIGHT_PALLET_RATES, FREIGHT_PARCEL_RATES, FREIGHT_ZONES } from "./freight.ts";

describe("demo freight tariff", () => {
  it("gives every zip prefix 01–95 exactly one zone, the Paris-province ones the paris zone", () => {
    const all = Array.from({ length: 95 }, (_, i) => String(i + 1).padStart(2, "0"));
    expect(FREIGHT_DEPARTMENTS.map((d) => d.department)).toEqual(all);
    const zones = new Set(FREIGHT_ZONES.map((z) => z.code));
    expect(FREIGHT_DEPARTMENTS.every((d) => zones.has(d.zoneCode))).toBe(true);
    const paris = FREIGHT_DEPARTMENTS.filter((d) => d.zoneCode === "paris").map((d) => d.department);
    expect(paris).toEqual(SITE_CONFIG.parisProvinceZipcode);
  });
  it("prices more pallets higher, and farther zones higher, per pallet count", () => {
    const byZone = (code: string) => FREIGHT_PALLET_RATES.filter((r) => r.zoneCode === code).map((r) => dec(r.priceHt));
    const order = ["paris", "z1", "z2", "z3"];
    for (const code of order) {
      const prices = byZone(code);
      expect(prices).toHaveLength(6);
      prices.slice(1).forEach((p, i) => expect(p.gt(prices[i])).toBe(true));
    }
    order.slice(1).forEach((code, i) => byZone(code).forEach((p, n) => expect(p.gt(byZone(order[i])[n])).toBe(true)));
    expect(byZone("corse")).toEqual([]); // pallets to Corsica are blocked (paletteBlockZipcode 20)
    expect(SITE_CONFIG.paletteBlockZipcode).toContain("20");
  });
  it("has rising GLS bands up to 30 kg", () => {
    const bands = FREIGHT_PARCEL_RATES.map((r) => [dec(r.maxKg), dec(r.priceHt)] as const);
    bands.slice(1).forEach(([kg, price], i) => {
      expect(kg.gt(bands[i][0])).toBe(true);
      expect(price.gt(bands[i][1])).toBe(true);
    });
    expect(bands.at(-1)![0].eq(30)).toBe(true);
  });
});
