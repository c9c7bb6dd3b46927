import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cardRefundLimitSchema } from "./return-desk.ts";
import { cardRefundLimitOf, mayRefundReturn, SERVICE_CARD_REFUND_LIMIT } from "../aftersales/return-desk.ts";

const parse = (limit: unknown) => cardRefundLimitSchema.safeParse({ limit });

describe("customer service's card-refund limit", () => {
  it("takes euros from 0 to 100,000 with two decimals at most, written with a point or a comma", () => {
    expect(parse("250").data).toEqual({ limit: "250.00" });
    expect(parse(" 250,5 ").data).toEqual({ limit: "250.50" });
    expect(parse("0").data).toEqual({ limit: "0.00" });
    expect(parse("100000").data).toEqual({ limit: "100000.00" });
    expect(parse("99999.99").data).toEqual({ limit: "99999.99" });
  });

  it("refuses anything else with one translated message", () => {
    for (const bad of ["", "-1", "100000.01", "100001", "1000000", "12.345", "1e3", "abc", "12,5,0", "12.", ".5", 12, null, undefined])
      expect(parse(bad).error?.issues[0].message, String(bad)).toBe("admin.returns_card_limit_invalid");
  });

  it("answers what it accepts as the stored form the rule reads back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_100_000 }), (cents) => {
        const typed = (cents / 100).toFixed(2).replace(".", ",");
        const r = parse(typed);
        expect(r.success).toBe(cents <= 10_000_000);
        if (r.success) expect(cardRefundLimitOf(r.data.limit)).toBe(r.data.limit);
      }),
    );
  });

  it("reads a missing or malformed row as the default, 300 €", () => {
    for (const v of [undefined, null, true, 120, "abc", "-5", "100000.01", "1.234"])
      expect(cardRefundLimitOf(v)).toBe(SERVICE_CARD_REFUND_LIMIT);
    expect(cardRefundLimitOf("0")).toBe("0.00");
    expect(cardRefundLimitOf("450.5")).toBe("450.50");
  });

  it("bounds customer service's card refunds by the limit given; 0 never by card; the accountant's never", () => {
    expect(mayRefundReturn(["customer_service"], "card", "450.00", "450.00")).toBe(true);
    expect(mayRefundReturn(["customer_service"], "card", "450.01", "450.00")).toBe(false);
    expect(mayRefundReturn(["customer_service"], "card", "0.01", "0.00")).toBe(false);
    expect(mayRefundReturn(["customer_service"], "credit_note", "5000", "0.00")).toBe(true);
    expect(mayRefundReturn(["accountant"], "card", "5000", "0.00")).toBe(true);
  });
});
