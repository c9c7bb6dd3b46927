import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { palletCount, parcelCounts } from "./parcels.ts";
import { cartArb } from "./arbitraries.test-support.ts";

const colis = { unit: "carton", volume: "0.01", rate: "0.05", colis_volume: "0.25" };

describe("palletCount", () => {
  it("is ceil(volume / onePaletteVolume), at least 1", () => {
    expect(palletCount("1.3245", "1.2")).toBe(2);
    expect(palletCount("2.4", "1.2")).toBe(2);
    expect(palletCount("2.400001", "1.2")).toBe(3);
    expect(palletCount("0", "1.2")).toBe(1);
    expect(palletCount("0.5", null)).toBe(1);
    expect(palletCount("5", 0)).toBe(1);
  });

  it("holds the volume with one pallet to spare at most", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 7 }), (v, p) => {
        const n = palletCount(v / 1e6, p / 1e6);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n * p).toBeGreaterThanOrEqual(v);
        if (n > 1) expect((n - 1) * p).toBeLessThan(v);
      }),
    );
  });
});

describe("parcelCounts", () => {
  it("counts big colis-unit items individually and groups the rest by volume", () => {
    const lines = [
      { model_id: 1, num: 10, price: 1, unit: "carton", volume: "0.012" }, // 10 parcels
      { model_id: 2, num: 3, price: 1, unit: "piece", volume: "0.0015" }, // grouped 0.0045
      { model_id: 3, num: 4, price: 1, unit: "carton", volume: "0.3" }, // 4 parcels, 4 large
      { model_id: 4, num: 20, price: 1, unit: "carton", volume: "0.005" }, // grouped 0.1
      { model_id: 5, num: 2, price: 1, unit: "carton", volume: "0.25" }, // 2 parcels, not large (not above)
    ];
    // grouped: 0.0045 + 0.1 = 0.1045 / 0.05 = 2.09 -> 3
    expect(parcelCounts(lines, colis)).toEqual({ colis_qte: 10 + 4 + 2 + 3, colis_vol_num: 4 });
  });

  it("is zero without colis params or without items", () => {
    expect(parcelCounts([{ model_id: 1, num: 1, price: 1, unit: "carton", volume: 1 }], null)).toEqual({ colis_qte: 0, colis_vol_num: 0 });
    expect(parcelCounts([], colis)).toEqual({ colis_qte: 0, colis_vol_num: 0 });
  });

  it("puts all grouped volume in one parcel when the rate is not positive", () => {
    expect(parcelCounts([{ model_id: 1, num: 9, price: 1, unit: "piece", volume: 1 }], { ...colis, rate: 0 }).colis_qte).toBe(1);
  });

  it("keeps large parcels within the parcels and grows with quantities", () => {
    fc.assert(
      fc.property(cartArb, (lines) => {
        const c = parcelCounts(lines, colis);
        expect(c.colis_vol_num).toBeLessThanOrEqual(c.colis_qte);
        const individual = lines.filter((l) => l.unit === "carton" && Number(l.volume) >= 0.01).reduce((n, l) => n + l.num, 0);
        expect(c.colis_qte).toBeGreaterThanOrEqual(individual);
        const doubled = parcelCounts(
          lines.map((l) => ({ ...l, num: l.num * 2 })),
          colis,
        );
        expect(doubled.colis_qte).toBeGreaterThanOrEqual(c.colis_qte);
      }),
    );
  });

  it("does not depend on line order", () => {
    fc.assert(
      fc.property(cartArb, (lines) => {
        expect(parcelCounts([...lines].reverse(), colis)).toEqual(parcelCounts(lines, colis));
      }),
    );
  });
});
