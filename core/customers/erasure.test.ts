import { describe, expect, it } from "vitest";
import { erasedIdentity, erasureBlocker, isErasedEmail } from "./erasure.ts";

describe("erasure rules", () => {
  it("allows an account whose orders are all finished or cancelled, or without orders", () => {
    expect(erasureBlocker([])).toBeNull();
    expect(
      erasureBlocker([
        { status: "delivered", balance_due: "0" },
        { status: "picked_up", balance_due: 0 },
        { status: "cancelled", balance_due: "0.00" },
      ]),
    ).toBeNull();
  });
  it("refuses an unpaid order or a balance due before an order in progress", () => {
    expect(erasureBlocker([{ status: "unpaid", balance_due: "0" }])).toBe("unpaid");
    expect(erasureBlocker([{ status: "delivered", balance_due: "12.50" }])).toBe("unpaid");
    expect(erasureBlocker([{ status: "preparing", balance_due: "0" }])).toBe("in_progress");
    expect(
      erasureBlocker([
        { status: "shipped", balance_due: "0" },
        { status: "unpaid", balance_due: "0" },
      ]),
    ).toBe("unpaid");
  });
  it("makes a unique placeholder e-mail that is recognised as erased", () => {
    const a = erasedIdentity(7);
    expect(a.email).not.toBe(erasedIdentity(8).email);
    expect(isErasedEmail(a.email)).toBe(true);
    expect(isErasedEmail("anne@exemple.fr")).toBe(false);
    expect([a.company, a.siret, a.phone, a.vatNumber]).toEqual([null, null, null, null]);
  });
});
