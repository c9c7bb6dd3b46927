import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canCancel, canEdit, canSend, deskState, restateLine } from "./quotations-desk.ts";
import { applyQuotedPrice, isUsable, quotedAmount, type QuotedLine } from "./quotations.ts";
import { lineAmounts } from "./cart/line.ts";
import { decimalText } from "./cart/arbitraries.test-support.ts";
import { staffQuotationQuerySchema, quotationEditInput, quotationEditSchema } from "./validation/staff-quotations.ts";

const line: QuotedLine = {
  modelId: 7,
  reference: "CAR-40",
  designation: "Carton 40",
  price: "2.5000",
  num: 12,
  tva: "0.2000",
  site_price: "2.5000",
  remise_info: { type: 1, value: "0.1", num: 10 },
  amount: "27.00",
};

describe("the state staff see", () => {
  const today = "2026-06-10";
  it("tells a customer's request from a quotation staff sent, and reads a past day as expired", () => {
    expect(deskState("open", null, "2026-06-30", today)).toBe("request");
    expect(deskState("open", new Date(), "2026-06-30", today)).toBe("sent");
    expect(deskState("draft", null, "2026-06-01", today)).toBe("draft");
    expect(deskState("accepted", new Date(), "2026-06-10", today)).toBe("accepted");
    expect(deskState("open", new Date(), "2026-06-09", today)).toBe("expired");
    expect(deskState("ordered", new Date(), "2026-06-09", today)).toBe("ordered");
    expect(deskState("cancelled", null, "2026-06-30", today)).toBe("cancelled");
  });
  it("never makes a draft usable by the customer", () => {
    expect(isUsable("draft", "2026-06-30", today)).toBe(false);
  });
  it("allows edits on drafts and open ones, sending while it can be ordered, cancelling before the order", () => {
    expect(["draft", "open", "accepted", "ordered", "cancelled"].filter(canEdit)).toEqual(["draft", "open"]);
    expect(canSend("draft", "2026-06-01", today)).toBe(true);
    expect(canSend("open", "2026-06-10", today)).toBe(true);
    expect(canSend("open", "2026-06-09", today)).toBe(false);
    expect(canSend("ordered", "2026-06-30", today)).toBe(false);
    expect(["draft", "open", "accepted", "ordered", "cancelled", "expired"].filter(canCancel)).toEqual(["draft", "open", "accepted"]);
  });
});

describe("a line restated by staff", () => {
  it("keeps the promotion for a new quantity, drops it for a new price", () => {
    expect(restateLine(line, "2.5", 20)).toMatchObject({ price: "2.5000", num: 20, amount: "45.00", remise_info: line.remise_info });
    expect(restateLine(line, "2.1", 12)).toMatchObject({ price: "2.1000", num: 12, amount: "25.20", remise_info: null });
    expect(restateLine(line, "0.0825", 1000)).toMatchObject({ price: "0.0825", amount: "82.50" });
  });

  it("gives the amount the cart and the order compute again from the quoted price (property)", () => {
    fc.assert(
      fc.property(decimalText(99_999_999, 4), fc.integer({ min: 1, max: 100_000 }), (price, num) => {
        const l = restateLine(line, price, num);
        const priced = applyQuotedPrice({ model_id: 7, num, price: "9.99", tva: "0.2", remise_info: null }, l, true);
        expect(priced.quoted).toBe(true);
        expect(lineAmounts(priced).amount.toFixed(2)).toBe(quotedAmount(l));
      }),
    );
  });
});

describe("staff's forms", () => {
  it("reads a price with a comma, at most 4 decimals, and refuses anything else", () => {
    const form = (price: string) =>
      quotationEditSchema.safeParse({
        intent: "save",
        edited: "v",
        line_model: "7",
        line_num: "3",
        line_price: price,
        valid_until: "2026-07-01",
      });
    expect(form("12,5").data?.line_price).toEqual(["12.5"]);
    for (const bad of ["-1", "1e3", "1.23456", "123456789", "abc", ""]) expect(form(bad).success, bad).toBe(false);
  });
  it("takes out a line at 0 or ticked, and needs a quantity with a reference", () => {
    const f = quotationEditSchema.parse({
      intent: "save",
      edited: "v",
      line_model: ["7", "8", "9"],
      line_num: ["0", "2", "3"],
      line_price: ["1", "2", "3"],
      remove: "9",
      add_ref: "ABC",
      add_num: "4",
      valid_until: "2026-07-01",
    });
    expect(quotationEditInput(f)).toMatchObject({ lines: [{ modelId: 8, num: 2, price: "2" }], add: { reference: "ABC", num: 4 } });
    expect(quotationEditSchema.safeParse({ intent: "save", edited: "v", add_ref: "ABC", valid_until: "2026-07-01" }).success).toBe(false);
    expect(
      quotationEditSchema.safeParse({
        intent: "save",
        edited: "v",
        line_model: ["7", "7"],
        line_num: ["1", "1"],
        line_price: ["1", "1"],
        valid_until: "2026-07-01",
      }).success,
    ).toBe(false);
  });
  it("reads the list's address", () => {
    expect(staffQuotationQuerySchema.parse({ state: "", q: "", page: "" })).toEqual({ page: 1 });
    expect(staffQuotationQuerySchema.safeParse({ state: "nope" }).success).toBe(false);
    expect(staffQuotationQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });
});
