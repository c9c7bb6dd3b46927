// SPEC §5: delivery receiving days, delivery method, store and address must be chosen.
import { describe, expect, it } from "vitest";
import { cgvAcceptanceSchema, checkoutFormSchema, pickupMethodOf } from "./checkout-form.ts";

const days = [{ weekday: 1, morning: true, afternoon: false }];
const messages = (v: unknown) => {
  const r = checkoutFormSchema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("checkoutFormSchema", () => {
  it("accepts a delivery with its address, invoice address and receiving days", () => {
    expect(messages({ mode: "pallet", delivery_addr_id: 1, invoice_addr_id: 2, receiving: days })).toEqual({});
  });

  it("asks for the delivery method, the invoice address, the delivery address and receiving days", () => {
    expect(messages({ mode: null, invoice_addr_id: null })).toMatchObject({
      mode: "validation.delivery_method_required",
      invoice_addr_id: "validation.invoice_address_required",
    });
    expect(messages({ mode: "parcel", invoice_addr_id: 2, receiving: [] })).toEqual({
      delivery_addr_id: "validation.address_required",
      receiving: "validation.receiving_days_required",
    });
    expect(
      messages({ mode: "carrier", delivery_addr_id: 1, invoice_addr_id: 2, receiving: [{ weekday: 1, morning: false, afternoon: false }] }),
    ).toEqual({ receiving: "validation.receiving_days_required" });
  });

  it("a pickup needs a shop, not a delivery address nor receiving days", () => {
    expect(messages({ mode: "pickup", invoice_addr_id: 2 })).toEqual({ shop_id: "validation.store_required" });
    expect(messages({ mode: "pickup", invoice_addr_id: 2, shop_id: 1 })).toEqual({});
  });

  it("limits the note to 500 characters", () => {
    expect(messages({ mode: "pickup", invoice_addr_id: 2, shop_id: 1, note: "x".repeat(501) })).toEqual({ note: "checkout.note_too_long" });
  });

  it("maps pickup to pickup_method 2", () => {
    expect(pickupMethodOf("pickup")).toBe(2);
    expect(pickupMethodOf("pallet")).toBe(1);
  });
});

describe("cgvAcceptanceSchema", () => {
  it("needs the terms of sale box ticked", () => {
    expect(cgvAcceptanceSchema.safeParse({ accept_cgv: true }).success).toBe(true);
    for (const v of [false, undefined, "yes"])
      expect(cgvAcceptanceSchema.safeParse({ accept_cgv: v }).error?.issues.map((i) => i.message)).toEqual(["validation.cgv_required"]);
  });
});
