import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { batchLines, byPickingOrder, compareLocations, isStorageLocation, packingOf, pickingOrder, type PickLine } from "./picking.ts";

const line = (reference: string, location: string | null, quantity = 1, unit = "carton"): PickLine => ({
  reference,
  location,
  quantity,
  unit,
  name: `Article ${reference}`,
});

const locationArb = fc.option(
  fc
    .array(fc.oneof(fc.integer({ min: 0, max: 120 }).map(String), fc.constantFrom("A", "B", "AB", "Z", "07", "0")), {
      minLength: 1,
      maxLength: 4,
    })
    .map((s) => s.join("-")),
  { nil: null, freq: 4 },
);
const pickLineArb = fc.record({
  reference: fc.constantFrom("CB-1", "CB-2", "FE-10", "FE-9", "SP-3"),
  location: locationArb,
  quantity: fc.integer({ min: 1, max: 50 }),
  unit: fc.constantFrom("carton", "rouleau"),
  name: fc.constant("x"),
});

describe("storage locations", () => {
  it("accept aisle-rack-level codes and refuse anything else", () => {
    expect(["A-12-3", "B-1-1", "AB-104-8", "C", "A-1-2-3"].every(isStorageLocation)).toBe(true);
    expect(["a-12-3", "A--1", "A-12-", " A-1", "A-1-2-3-4", "ABCDE-1", "", null].some(isStorageLocation)).toBe(false);
  });

  it("are walked aisle by aisle, racks and levels by their number, none last", () => {
    const walked = ["B-1-1", null, "A-12-3", "A-2-10", "A-2-9", "A-12", "AB-1-1", "A-12-3"].sort(compareLocations);
    expect(walked).toEqual(["A-2-9", "A-2-10", "A-12", "A-12-3", "A-12-3", "AB-1-1", "B-1-1", null]);
    expect(compareLocations("A-7", "A-07")).toBeLessThan(0);
    expect(compareLocations("A-7", "A-B")).toBeLessThan(0);
  });

  it("form a total order: antisymmetric, equal only when the same, transitive", () => {
    fc.assert(
      fc.property(locationArb, locationArb, locationArb, (a, b, c) => {
        expect(Math.sign(compareLocations(a, b)) + Math.sign(compareLocations(b, a))).toBe(0);
        expect(compareLocations(a, b) === 0).toBe(a === b);
        if (compareLocations(a, b) <= 0 && compareLocations(b, c) <= 0) expect(compareLocations(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe("picking order", () => {
  it("puts lines in walking order, then by reference, lines without a location last", () => {
    const sorted = pickingOrder([line("Z-1", null), line("B-2", "A-12-1"), line("A-9", null), line("C-3", "A-2-1"), line("A-1", "A-12-1")]);
    expect(sorted.map((l) => l.reference)).toEqual(["C-3", "A-1", "B-2", "A-9", "Z-1"]);
  });

  it("gives the same list whatever order the lines come in", () => {
    fc.assert(
      fc.property(fc.array(pickLineArb, { maxLength: 30 }), (lines) => {
        const once = pickingOrder(lines);
        expect(pickingOrder([...lines].reverse()).map((l) => [l.location, l.reference])).toEqual(
          once.map((l) => [l.location, l.reference]),
        );
        for (let i = 1; i < once.length; i++) expect(byPickingOrder(once[i - 1], once[i])).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe("batch picking", () => {
  it("sums a reference over the orders and counts the orders holding it", () => {
    const batch = batchLines([
      { lines: [line("CB-1", "B-3-1", 5), line("FE-2", "A-1-1", 2)] },
      { lines: [line("CB-1", "B-3-1", 3), line("SP-9", null, 1)] },
      { lines: [line("CB-1", "B-3-1", 1, "rouleau")] },
    ]);
    expect(batch.map((l) => [l.reference, l.unit, l.quantity, l.orders])).toEqual([
      ["FE-2", "carton", 2, 1],
      ["CB-1", "carton", 8, 2],
      ["CB-1", "rouleau", 1, 1],
      ["SP-9", "carton", 1, 1],
    ]);
  });

  it("keeps every unit: each reference's total is the sum of its lines, each once, in walking order", () => {
    const ordersArb = fc.array(fc.record({ lines: fc.array(pickLineArb, { maxLength: 8 }) }), { maxLength: 12 });
    fc.assert(
      fc.property(ordersArb, (orders) => {
        // one reference, one location: the catalogue's
        const at = new Map<string, string | null>();
        const fixed = orders.map((o) => ({
          lines: o.lines.map((l) => ({ ...l, location: at.get(l.reference) ?? (at.set(l.reference, l.location), l.location) })),
        }));
        const batch = batchLines(fixed);
        const all = fixed.flatMap((o) => o.lines);
        expect(batch.reduce((s, l) => s + l.quantity, 0)).toBe(all.reduce((s, l) => s + l.quantity, 0));
        const keys = batch.map((l) => `${l.reference}/${l.unit}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const b of batch) {
          const of = all.filter((l) => l.reference === b.reference && l.unit === b.unit);
          expect(b.quantity).toBe(of.reduce((s, l) => s + l.quantity, 0));
          expect(b.orders).toBe(fixed.filter((o) => o.lines.some((l) => l.reference === b.reference && l.unit === b.unit)).length);
        }
        for (let i = 1; i < batch.length; i++) expect(byPickingOrder(batch[i - 1], batch[i])).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe("an order's packing", () => {
  const config = { onePaletteVolume: 1.6, colis_params: { unit: "carton", volume: 0.05, rate: 0.08, colis_volume: 0.12 } };

  it("is estimated from the catalogue's volumes and weights by the cart's rules", () => {
    const p = packingOf(
      [
        { quantity: 10, unit: "carton", volume: "0.060000", poids: "2.500" }, // ten cartons of their own
        { quantity: 4, unit: "rouleau", volume: "0.030000", poids: "0.750" }, // 0.12 m³ grouped: two parcels
      ],
      config,
    );
    expect(p).toEqual({ parcels: 12, pallets: 1, weight_kg: "28.0", estimated: true });
    expect(packingOf([{ quantity: 30, unit: "carton", volume: "0.120000", poids: null }], config).pallets).toBe(3);
    // a line whose model is gone weighs and fills nothing (no parcel), and a pallet is always at least one
    expect(packingOf([{ quantity: 3, unit: "carton", volume: null, poids: null }], config)).toEqual({
      parcels: 0,
      pallets: 1,
      weight_kg: "0.0",
      estimated: true,
    });
  });

  it("is the warehouse's record once the order was made ready", () => {
    const lines = [{ quantity: 10, unit: "carton", volume: "0.06", poids: "2.5" }];
    expect(packingOf(lines, config, { parcels: 3, pallets: 2, weight_kg: "212.40" })).toEqual({
      parcels: 3,
      pallets: 2,
      weight_kg: "212.4",
      estimated: false,
    });
    expect(packingOf(lines, config, { parcels: null, pallets: null, weight_kg: null }).estimated).toBe(true);
  });

  it("never counts fewer than one pallet, and weighs the sum of the units", () => {
    const lineArb = fc.record({
      quantity: fc.integer({ min: 0, max: 500 }),
      unit: fc.constantFrom("carton", "rouleau"),
      volume: fc.option(
        fc.integer({ min: 0, max: 300_000 }).map((n) => (n / 1e6).toFixed(6)),
        { nil: null },
      ),
      poids: fc.option(
        fc.integer({ min: 0, max: 50_000 }).map((n) => (n / 1e3).toFixed(3)),
        { nil: null },
      ),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const p = packingOf(lines, config);
        expect(p.pallets).toBeGreaterThanOrEqual(1);
        expect(p.parcels).toBeGreaterThanOrEqual(0);
        const grams = lines.reduce((s, l) => s + l.quantity * Math.round(Number(l.poids ?? 0) * 1000), 0);
        expect(Math.abs(Number(p.weight_kg) * 1000 - grams)).toBeLessThanOrEqual(50);
      }),
    );
  });
});
