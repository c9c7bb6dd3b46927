import { describe, expect, it } from "vitest";
import { couponState } from "./coupon-state.ts";

const now = new Date("2026-11-22T12:00:00Z");
const c = (o: Partial<Parameters<typeof couponState>[0]>) => ({
  uses: 0,
  max_uses: 1,
  starts_at: "2026-11-01T00:00:00Z",
  ends_at: "2027-01-01T00:00:00Z",
  ...o,
});

describe("couponState", () => {
  it("usable inside its dates with uses left, also without an end", () => {
    expect(couponState(c({}), now)).toBe("usable");
    expect(couponState(c({ ends_at: null, uses: 2, max_uses: 3 }), now)).toBe("usable");
  });
  it("used when every use is spent, even once expired", () => {
    expect(couponState(c({ uses: 1 }), now)).toBe("used");
    expect(couponState(c({ uses: 1, ends_at: "2026-11-02T00:00:00Z" }), now)).toBe("used");
  });
  it("expired at its end, not started before its start", () => {
    expect(couponState(c({ ends_at: "2026-11-22T12:00:00Z" }), now)).toBe("expired");
    expect(couponState(c({ starts_at: "2026-12-01T00:00:00Z" }), now)).toBe("not_started");
  });
});
