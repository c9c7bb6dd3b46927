import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { minimumOrder, minimumOrderShortfall } from "./minimum-order.ts";

describe("minimum order amount", () => {
  it("refuses goods below the minimum and names it", () => {
    expect(minimumOrderShortfall("49.99", 50)?.toFixed(2)).toBe("50.00");
    expect(minimumOrderShortfall("0.00", "50.00")?.toFixed(2)).toBe("50.00");
  });

  it("accepts goods at or above the minimum", () => {
    expect(minimumOrderShortfall("50.00", 50)).toBeNull();
    expect(minimumOrderShortfall("50.01", "50")).toBeNull();
    expect(minimumOrderShortfall("226.76", 50)).toBeNull();
  });

  it("has no minimum when unset, zero or negative", () => {
    for (const m of [null, undefined, 0, "0", "-5", ""]) {
      expect(minimumOrder(m)).toBeNull();
      expect(minimumOrderShortfall("0.01", m)).toBeNull();
    }
  });

  it("refuses exactly the amounts below the minimum (in cents)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (cents, minCents) => {
        const short = minimumOrderShortfall((cents / 100).toFixed(2), (minCents / 100).toFixed(2));
        expect(short !== null).toBe(cents < minCents);
      }),
    );
  });
});
