import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dec } from "../money.ts";
import { giftedUnits, lineAmounts } from "./line.ts";
import { cartLineArb } from "./arbitraries.test-support.ts";

describe("lineAmounts", () => {
  it("applies the promotion when the quantity reaches its minimum", () => {
    const line = { model_id: 1, num: 10, price: "2.3456", tva: "0.2", remise_info: { type: 1, value: "0.1", num: 10 } };
    const a = lineAmounts(line);
    expect(a.promoApplied).toBe(true);
    expect(a.gross.toString()).toBe("23.456");
    expect(a.amount.toFixed(2)).toBe("21.11"); // 23.456 × 0.9 = 21.1104
    expect(a.remise.toFixed(2)).toBe("2.35"); // 23.46 − 21.11
    expect(a.tax.toFixed(2)).toBe("4.22"); // 21.11 × 0.2 = 4.222
  });

  it("does not apply it below the minimum", () => {
    const a = lineAmounts({ model_id: 1, num: 9, price: "2.3456", tva: 0.2, remise_info: { type: 1, value: 0.1, num: 10 } });
    expect(a.promoApplied).toBe(false);
    expect(a.amount.toFixed(2)).toBe("21.11"); // 21.1104
    expect(a.remise.toFixed(2)).toBe("0.00");
  });

  it("rounds the line tax half away from zero", () => {
    expect(lineAmounts({ model_id: 1, num: 3, price: "19.99", tva: "0.055" }).tax.toFixed(2)).toBe("3.30"); // 3.29835
    expect(lineAmounts({ model_id: 1, num: 1, price: "0.25", tva: "0.1" }).tax.toFixed(2)).toBe("0.03"); // 0.025
  });

  it("clamps the promotion value to [0, 1] and treats a minimum of 0 as 1", () => {
    expect(lineAmounts({ model_id: 1, num: 2, price: 5, remise_info: { type: 1, value: 3, num: 0 } }).amount.toFixed(2)).toBe("0.00");
    expect(lineAmounts({ model_id: 1, num: 1, price: 5, remise_info: { type: 1, value: -1, num: 0 } }).promoApplied).toBe(false);
    expect(lineAmounts({ model_id: 1, num: 1, price: 5, remise_info: { type: 1, value: 0.1, num: 0 } }).promoApplied).toBe(true);
  });

  it("keeps 0 ≤ amount ≤ rounded gross and remise = rounded gross − amount", () => {
    fc.assert(
      fc.property(cartLineArb, (line) => {
        const a = lineAmounts(line);
        expect(a.amount.sign()).toBeGreaterThanOrEqual(0);
        expect(a.amount.lte(a.gross.round(2))).toBe(true);
        expect(a.remise.eq(a.gross.round(2).minus(a.amount))).toBe(true);
        expect(a.tax.eq(a.amount.times(line.tva ?? 0).round(2))).toBe(true);
        expect(a.amount.scale).toBeLessThanOrEqual(2);
      }),
    );
  });

  it("is within a cent of the float computation", () => {
    fc.assert(
      fc.property(cartLineArb, (line) => {
        const a = lineAmounts(line);
        const v = a.promoApplied ? Number(line.remise_info!.value) : 0;
        const approx = Number(line.price) * line.num * (1 - Math.min(v, 1));
        expect(Math.abs(a.amount.toNumber() - approx)).toBeLessThanOrEqual(0.0051 + approx * 1e-12);
        expect(dec(a.amount).minus(approx).abs().lte("0.0051")).toBe(true);
      }),
    );
  });
});

describe("giftedUnits", () => {
  const line = (num: number, gifted: number | null | undefined, min = 10) => ({
    model_id: 1,
    num,
    price: "2.5",
    remise_info: { type: 1, value: "0.05", num: min, gifted_units: gifted },
  });

  it("offers the promotion's units per whole multiple of the minimum quantity", () => {
    expect(giftedUnits(line(9, 2))).toBe(0);
    expect(giftedUnits(line(10, 2))).toBe(2);
    expect(giftedUnits(line(35, 2))).toBe(6);
    expect(giftedUnits(line(3, 1, 0))).toBe(3); // a minimum below 1 counts as 1
  });

  it("offers nothing without gifted units, without promotion or for a bad value", () => {
    expect(giftedUnits(line(10, null))).toBe(0);
    expect(giftedUnits(line(10, undefined))).toBe(0);
    expect(giftedUnits(line(10, 0))).toBe(0);
    expect(giftedUnits(line(10, -2))).toBe(0);
    expect(giftedUnits(line(10, 1.5))).toBe(0);
    expect(giftedUnits({ model_id: 1, num: 10, price: "2.5" })).toBe(0);
    expect(giftedUnits(line(0, 2, 1))).toBe(0);
  });

  it("never changes the line amount", () => {
    fc.assert(
      fc.property(cartLineArb, fc.integer({ min: 1, max: 5 }), (l, g) => {
        const withGift = { ...l, remise_info: l.remise_info ? { ...l.remise_info, gifted_units: g } : l.remise_info };
        expect(lineAmounts(withGift).amount.eq(lineAmounts(l).amount)).toBe(true);
        const min = Math.max(1, Number(l.remise_info?.num) || 0);
        expect(giftedUnits(withGift)).toBe(l.remise_info && l.num >= min ? Math.floor(l.num / min) * g : 0);
      }),
    );
  });
});
