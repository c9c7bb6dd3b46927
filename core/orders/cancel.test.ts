import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dec } from "../money.ts";
import { STAFF_ROLES } from "../staff/permissions.ts";
import { cancelSettlement } from "./cancel.ts";
import { CANCEL_REFUNDS, FROM, mayCancel, nextStatus, type OrderStatus } from "./life.ts";

const cents = (n: number) => (n / 100).toFixed(2);

describe("what a cancelled order gives back", () => {
  it("gives an unpaid order's credit back and no money", () => {
    expect(cancelSettlement("unpaid", "none", { total_ttc: "120.00", credit_used: "20.00", card_refundable: null })).toEqual({
      ok: true,
      credit_released: "20.00",
      card_refund: "0.00",
      credit_note: "0.00",
    });
  });

  it("refunds a paid order by card or as a credit note, the credit spent on it given back either way", () => {
    const money = { total_ttc: "120.00", credit_used: "20.00", card_refundable: "100.00" };
    expect(cancelSettlement("processing", "provider", money)).toEqual({
      ok: true,
      credit_released: "20.00",
      card_refund: "100.00",
      credit_note: "0.00",
    });
    expect(cancelSettlement("ready", "credit_note", money)).toEqual({
      ok: true,
      credit_released: "20.00",
      card_refund: "0.00",
      credit_note: "100.00",
    });
    expect(cancelSettlement("processing", "none", money)).toEqual({ ok: false, key: "orders.cancel_refund_required" });
  });

  it("refuses a card refund the card payment cannot cover (none known, or already refunded in part)", () => {
    expect(cancelSettlement("processing", "provider", { total_ttc: "120.00", credit_used: "0", card_refundable: null })).toEqual({
      ok: false,
      key: "orders.cancel_card_unavailable",
    });
    expect(cancelSettlement("processing", "provider", { total_ttc: "120.00", credit_used: "0", card_refundable: "119.99" })).toEqual({
      ok: false,
      key: "orders.cancel_card_unavailable",
    });
  });

  it("gives back exactly what the order took, never more than its card payment may refund (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FROM.cancel),
        fc.constantFrom(...CANCEL_REFUNDS),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 })),
        (status: OrderStatus, refund, total, creditPct, card) => {
          const used = Math.floor((total * creditPct) / 100);
          const m = { total_ttc: cents(total), credit_used: cents(used), card_refundable: card === null ? null : cents(card) };
          const s = cancelSettlement(status, refund, m);
          if (!s.ok) return;
          expect(dec(s.credit_released).eq(m.credit_used)).toBe(true);
          const money = dec(s.card_refund).plus(s.credit_note);
          // an unpaid order gives no money back; a paid one what it took besides its credit notes, one way only
          expect(money.eq(status === "unpaid" ? 0 : cents(total - used))).toBe(true);
          expect(dec(s.card_refund).sign() === 0 || dec(s.credit_note).sign() === 0).toBe(true);
          if (dec(s.card_refund).sign() > 0) expect(card !== null && dec(s.card_refund).lte(cents(card))).toBe(true);
          // the machine agrees on the way
          expect(nextStatus({ status, pickup: false }, { type: "cancel", refund }).ok).toBe(true);
        },
      ),
    );
  });
});

describe("who may cancel", () => {
  it("needs orders:cancel, and orders:refund too to refund through the payment provider", () => {
    const allowed = (refund: (typeof CANCEL_REFUNDS)[number]) => STAFF_ROLES.filter((r) => mayCancel([r], refund));
    expect(allowed("credit_note")).toEqual(["owner", "manager", "customer_service"]);
    expect(allowed("none")).toEqual(["owner", "manager", "customer_service"]);
    expect(allowed("provider")).toEqual(["owner", "manager"]);
    expect(mayCancel(["customer_service", "accountant"], "provider")).toBe(true);
  });
});
