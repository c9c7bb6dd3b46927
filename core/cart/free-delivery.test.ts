import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dec } from "../money.ts";
import { freeDeliveryThreshold, halfValueForPromotions, isFreeDelivery } from "./free-delivery.ts";

describe("freeDeliveryThreshold", () => {
  it("uses a number as is", () => {
    expect(freeDeliveryThreshold(300, 4).toString()).toBe("300");
    expect(freeDeliveryThreshold("250.5", 1).toString()).toBe("250.5");
  });

  it("indexes a list by pallet count and uses the last entry past its end", () => {
    const list = [100, "150", 200];
    expect(freeDeliveryThreshold(list, 1).toString()).toBe("100");
    expect(freeDeliveryThreshold(list, 2).toString()).toBe("150");
    expect(freeDeliveryThreshold(list, 3).toString()).toBe("200");
    expect(freeDeliveryThreshold(list, 7).toString()).toBe("200");
  });

  it("is 0 when absent or empty", () => {
    expect(freeDeliveryThreshold(null, 1).isZero()).toBe(true);
    expect(freeDeliveryThreshold([], 3).isZero()).toBe(true);
  });

  it("always picks an entry of the list", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10000 }), { minLength: 1 }), fc.integer({ min: 1, max: 100 }), (list, n) => {
        const t = freeDeliveryThreshold(list, n).toNumber();
        expect(list).toContain(t);
        expect(t).toBe(list[Math.min(n, list.length) - 1]);
      }),
    );
  });
});

describe("halfValueForPromotions", () => {
  it("applies for Paris-province prefixes and when the zip is unknown", () => {
    expect(halfValueForPromotions("75011", ["75", "92"])).toBe(true);
    expect(halfValueForPromotions("92100", "75,92,93")).toBe(true);
    expect(halfValueForPromotions("69001", ["75", "92"])).toBe(false);
    expect(halfValueForPromotions(undefined, ["75"])).toBe(true);
    expect(halfValueForPromotions("", ["75"])).toBe(true);
  });
});

describe("isFreeDelivery", () => {
  const base = { loggedIn: true, pickupMethod: 1, threshold: dec(150), amountForFreeDelivery: dec(150) };
  it("needs a positive threshold reached by the amount", () => {
    expect(isFreeDelivery(base)).toBe(true);
    expect(isFreeDelivery({ ...base, amountForFreeDelivery: dec("149.99") })).toBe(false);
    expect(isFreeDelivery({ ...base, threshold: dec(0), amountForFreeDelivery: dec(1000) })).toBe(false);
  });
  it("is always free for pickup and for anonymous visitors", () => {
    expect(isFreeDelivery({ ...base, pickupMethod: 2, amountForFreeDelivery: dec(0) })).toBe(true);
    expect(isFreeDelivery({ ...base, loggedIn: false, threshold: dec(0), amountForFreeDelivery: dec(0) })).toBe(true);
  });
});
