import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { lineAmounts } from "../cart/line.ts";
import { decimalText } from "../cart/arbitraries.test-support.ts";
import { Decimal } from "../money.ts";
import type { CartLine } from "../cart/types.ts";
import {
  applyGroupPrice,
  catalogueUnitPrice,
  groupUnitPrice,
  modelPricing,
  percentOff,
  shownUnitPrice,
  type GroupModelPricing,
} from "./group-prices.ts";

/** The line as the group prices it, with whether the group price applied. */
const grouped = (l: CartLine, p: GroupModelPricing | null) => {
  const out = { ...l };
  const group_price = applyGroupPrice(out, p);
  return { ...out, group_price };
};
const line = (over: Partial<CartLine> = {}): CartLine => ({
  model_id: 1,
  num: 10,
  price: "12.5000",
  site_price: "13",
  tva: "0.2",
  ...over,
});

describe("group unit price", () => {
  const tiers = [
    { min: 1, price: "11.0000" },
    { min: 50, price: "10.2500" },
    { min: 100, price: "9.8765" },
  ];
  it("takes the tier with the greatest minimum reached", () => {
    expect(groupUnitPrice("12.5", 1, { tiers, chainPercents: [] })?.toString()).toBe("11");
    expect(groupUnitPrice("12.5", 49, { tiers, chainPercents: [] })?.toString()).toBe("11");
    expect(groupUnitPrice("12.5", 50, { tiers, chainPercents: [] })?.toString()).toBe("10.25");
    expect(groupUnitPrice("12.5", 250, { tiers: [...tiers].reverse(), chainPercents: [] })?.toString()).toBe("9.8765");
  });
  it("prefers the model's price over any category percentage", () => {
    expect(groupUnitPrice("12.5", 10, { tiers, chainPercents: ["50"] })?.toString()).toBe("11");
  });
  it("falls back to the nearest category's percentage below the first tier", () => {
    const p: GroupModelPricing = { tiers: [{ min: 20, price: "9" }], chainPercents: [null, "10", "30"] };
    expect(groupUnitPrice("12.5", 10, p)?.toString()).toBe("11.25");
    expect(groupUnitPrice("12.5", 20, p)?.toString()).toBe("9");
  });
  it("rounds a percentage off to 4 decimals and clamps it to 0–100", () => {
    expect(percentOff("12.3457", "12.5").toString()).toBe("10.8025"); // 10.8024875
    expect(percentOff("10", "150").toString()).toBe("0");
    expect(percentOff("10", "-5").toString()).toBe("10");
  });
  it("says nothing without a list or anything for the model", () => {
    expect(groupUnitPrice("12.5", 10, null)).toBeNull();
    expect(groupUnitPrice("12.5", 10, { tiers: [], chainPercents: [null, null] })).toBeNull();
  });
});

describe("applyGroupPrice", () => {
  it("prices the line at the group price, without promotion nor site price, when lower", () => {
    const l = grouped(line({ remise_info: { type: 1, value: "0.05", num: 5 } }), { tiers: [{ min: 1, price: "11" }], chainPercents: [] });
    expect(l).toMatchObject({ price: "11", site_price: "11", remise_info: null, group_price: true });
    expect(lineAmounts(l).amount.toFixed(2)).toBe("110.00");
  });
  it("keeps the catalogue's promotion when it is lower than the group price (never stacked)", () => {
    const promo = { type: 1, value: "0.2", num: 5 };
    const l = grouped(line({ remise_info: promo }), { tiers: [{ min: 1, price: "11" }], chainPercents: [] });
    expect(l).toMatchObject({ price: "12.5000", remise_info: promo, group_price: false });
    expect(lineAmounts(l).amount.toFixed(2)).toBe("100.00");
  });
  it("uses the group price below the promotion's minimum", () => {
    const l = grouped(line({ num: 2, remise_info: { type: 1, value: "0.2", num: 5 } }), {
      tiers: [{ min: 1, price: "11" }],
      chainPercents: [],
    });
    expect(l.group_price).toBe(true);
  });
  it("never charges more than the catalogue", () => {
    const l = grouped(line(), { tiers: [{ min: 1, price: "15" }], chainPercents: [] });
    expect(l).toMatchObject({ price: "12.5000", group_price: false });
  });
  it("shows the lower of both on a product", () => {
    expect(shownUnitPrice("12.5", 1, { tiers: [{ min: 1, price: "15" }], chainPercents: [] })).toBe("12.5");
    expect(shownUnitPrice("12.5", 1, { tiers: [], chainPercents: ["20"] })).toBe("10");
  });
});

describe("properties", () => {
  const tierArb = fc.record({ min: fc.integer({ min: 1, max: 200 }), price: decimalText(5_000_000, 4) });
  const pricingArb = fc.option(
    fc.record({
      tiers: fc.array(tierArb, { maxLength: 4 }),
      chainPercents: fc.array(fc.option(decimalText(10_000, 2), { nil: null }), { maxLength: 3 }),
    }),
    { nil: null },
  );
  const lineArb = fc.record({
    model_id: fc.constant(1),
    num: fc.integer({ min: 1, max: 500 }),
    price: decimalText(5_000_000, 4),
    site_price: decimalText(5_000_000, 4),
    tva: fc.constant("0.2"),
    remise_info: fc.option(fc.record({ type: fc.constant(1), value: decimalText(100, 2), num: fc.integer({ min: 0, max: 50 }) }), {
      nil: null,
    }),
  });

  it("a group line never costs more than the catalogue line, and is either the group price or the catalogue line", () => {
    fc.assert(
      fc.property(lineArb, pricingArb, (l, pricing) => {
        const catalogue = lineAmounts(l).amount;
        const before = { ...l };
        const applied = grouped(l, pricing);
        expect(lineAmounts(applied).amount.lte(catalogue)).toBe(true);
        if (applied.group_price) {
          expect(applied.price).toBe(groupUnitPrice(l.price, l.num, pricing)!.toString());
          expect(applied.remise_info).toBeNull();
        } else expect({ ...applied, group_price: undefined }).toEqual({ ...before, group_price: undefined });
      }),
    );
  });

  it("the unit price of the units bought is the lowest of the group and catalogue prices", () => {
    fc.assert(
      fc.property(lineArb, pricingArb, (l, pricing) => {
        const group = groupUnitPrice(l.price, l.num, pricing);
        const cat = catalogueUnitPrice(l);
        const lowest = group !== null && group.lt(cat) ? group : cat;
        expect(catalogueUnitPrice(grouped(l, pricing)).eq(lowest)).toBe(true);
      }),
    );
  });

  it("a tier with more units never gives a higher price than the one below it when tiers decrease", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 300 }), (n, extra) => {
        const p: GroupModelPricing = {
          tiers: [
            { min: 1, price: "10" },
            { min: 50, price: "9" },
            { min: 100, price: "8" },
          ],
          chainPercents: [],
        };
        expect(groupUnitPrice("12", n + extra, p)!.lte(groupUnitPrice("12", n, p)!)).toBe(true);
      }),
    );
  });

  it("Decimal sanity: prices keep at most 4 decimals", () => {
    fc.assert(
      fc.property(decimalText(5_000_000, 4), decimalText(10_000, 2), (price, pct) => {
        const r = percentOff(price, pct);
        expect(r.eq(r.round(4))).toBe(true);
        expect(r.lte(Decimal.from(price))).toBe(true);
      }),
    );
  });
});

describe("modelPricing", () => {
  const list = {
    groupId: 1,
    tiers: new Map([[7, [{ min: 1, price: "5" }]]]),
    percents: new Map([
      [2, "10"],
      [3, "25"],
    ]),
    parents: new Map<number, number | null>([
      [1, null],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 1],
    ]),
  };
  it("walks the category chain nearest first", () => {
    expect(modelPricing(list, 9, 4)).toEqual({ tiers: [], chainPercents: [null, "25", "10", null] });
    expect(groupUnitPrice("20", 1, modelPricing(list, 9, 4))?.toString()).toBe("15");
    expect(groupUnitPrice("20", 1, modelPricing(list, 9, 2))?.toString()).toBe("18");
  });
  it("is null outside the list", () => {
    expect(modelPricing(list, 9, 5)).toBeNull();
    expect(modelPricing(null, 7, 4)).toBeNull();
    expect(modelPricing(list, 7, 5)?.tiers).toEqual([{ min: 1, price: "5" }]);
  });
});
