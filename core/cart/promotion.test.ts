import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { giftedUnitsFor, giftOffer, promotionMinimum, reachesPromotion } from "./promotion.ts";
import { lineAmounts } from "./line.ts";

// "−10 % from 10 units" and "1 free from 10 units" on one model: one promotion row with both.
const both = { type: 1, value: "0.1", num: 10, gifted_units: 1 };

describe("a promotion with a percentage and gifted units", () => {
  it("gives one gifted unit per whole multiple of the minimum", () => {
    expect([1, 9, 10, 11, 19, 20, 29, 30, 31, 99, 100].map((n) => giftedUnitsFor(both, n))).toEqual([0, 0, 1, 1, 1, 2, 2, 3, 3, 9, 10]);
    expect(giftedUnitsFor({ ...both, gifted_units: 2 }, 30)).toBe(6);
    expect(giftedUnitsFor({ ...both, num: 0 }, 3)).toBe(3); // a minimum below 1 counts as 1
  });

  it("takes the percentage off every unit bought and never prices the gifted ones", () => {
    const line = (num: number) => ({ model_id: 1, num, price: "2.5000", tva: "0.2", remise_info: both });
    expect(lineAmounts(line(9)).amount.toFixed(2)).toBe("22.50"); // below the minimum: neither
    expect(lineAmounts(line(10)).amount.toFixed(2)).toBe("22.50"); // 25.00 − 10 %, and 1 offered
    expect(lineAmounts(line(30)).amount.toFixed(2)).toBe("67.50"); // 75.00 − 10 %, and 3 offered
    expect(lineAmounts(line(30)).tax.toFixed(2)).toBe("13.50");
  });

  it("offers nothing without a gift, below the minimum, or for a bad value", () => {
    for (const g of [null, undefined, 0, -1, 1.5, "x"]) expect(giftedUnitsFor({ ...both, gifted_units: g as number }, 30)).toBe(0);
    expect(giftedUnitsFor(null, 30)).toBe(0);
    expect(giftedUnitsFor(both, 0)).toBe(0);
    expect(giftedUnitsFor(both, -10)).toBe(0);
    expect(reachesPromotion(both, 9)).toBe(false);
    expect(reachesPromotion(both, 10)).toBe(true);
    expect(promotionMinimum({ num: 0 })).toBe(1);
  });

  it("names the next quantity that offers more", () => {
    expect(giftOffer(both, 0)).toEqual({ gifted: 0, per: 1, every: 10, nextAt: 10 });
    expect(giftOffer(both, 9)).toEqual({ gifted: 0, per: 1, every: 10, nextAt: 10 });
    expect(giftOffer(both, 10)).toEqual({ gifted: 1, per: 1, every: 10, nextAt: 20 });
    expect(giftOffer({ ...both, gifted_units: 2 }, 35)).toEqual({ gifted: 6, per: 2, every: 10, nextAt: 40 });
    expect(giftOffer({ ...both, gifted_units: null }, 35)).toBeNull();
  });

  it("grows by `per` at each multiple and is ⌊num / min⌋ × per", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 2000 }), (min, per, num) => {
        const promo = { type: 1, value: "0.05", num: min, gifted_units: per };
        const every = Math.max(1, min);
        const g = giftedUnitsFor(promo, num);
        expect(g).toBe(Math.floor(num / every) * per);
        expect(giftedUnitsFor(promo, num + every) - g).toBe(per);
        const offer = giftOffer(promo, num)!;
        expect(offer.nextAt).toBeGreaterThan(num);
        expect(giftedUnitsFor(promo, offer.nextAt)).toBe(g + per);
        expect(giftedUnitsFor(promo, offer.nextAt - 1)).toBe(g);
      }),
    );
  });
});
