import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cartDeliveryNote, freeDeliveryProgress, promotionsAtHalfValue } from "./delivery-note.ts";

const freight = { freight_ht: "59.70" } as never;
const base = { pickup_method: 1, freight: null, isFreeDelivery: false, freightHt: "0.00", tollHt: "0.00", rdvHt: "0.00" };
const totals = { freeDeliveryThreshold: "0.00", amount_for_freeDelivery: "226.76", palette_num: 1 };
const CONFIG = [300, 600, 900];

describe("cartDeliveryNote", () => {
  it("a visitor's cart never says free: the freight is computed at the next step", () => {
    // the free-delivery check counts a visitor as free (SPEC §6): the cart must not say it as a fact
    expect(cartDeliveryNote({ ...base, isFreeDelivery: true }, false)).toEqual({ kind: "next_step", mode: null });
  });

  it("names the saved store pickup and its shop", () => {
    expect(cartDeliveryNote({ ...base, pickup_method: 2, isFreeDelivery: true, delivery_mode: "pickup", shop_id: 2 }, true)).toEqual({
      kind: "pickup",
      shopId: 2,
    });
  });

  it("a shipped mode: free once its freight is known and the threshold reached, else the amount; no freight yet: next step", () => {
    expect(cartDeliveryNote({ ...base, delivery_mode: "pallet", freight, isFreeDelivery: true }, true)).toEqual({
      kind: "free",
      mode: "pallet",
    });
    expect(
      cartDeliveryNote({ ...base, delivery_mode: "parcel", freight, freightHt: "59.70", tollHt: "1.20", rdvHt: "0.00" }, true),
    ).toEqual({ kind: "charged", mode: "parcel", amount: "60.90" });
    expect(cartDeliveryNote({ ...base, delivery_mode: "parcel" }, true)).toEqual({ kind: "next_step", mode: "parcel" });
    expect(cartDeliveryNote({ ...base, delivery_mode: null, freight }, true)).toEqual({ kind: "next_step", mode: null });
  });

  it("property: a visitor never gets a free or charged note, whatever the server's totals", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.constantFrom(1, 2), fc.constantFrom(null, "pallet", "pickup"), (free, pickup, mode) => {
        const note = cartDeliveryNote({ ...base, isFreeDelivery: free, pickup_method: pickup, delivery_mode: mode, freight }, false);
        expect(note.kind).toBe("next_step");
      }),
    );
  });
});

describe("freeDeliveryProgress", () => {
  it("a visitor: the threshold of the site config for the cart's pallets, and what is left", () => {
    const p = freeDeliveryProgress({ kind: "next_step", mode: null }, totals, CONFIG)!;
    expect([p.threshold.toFixed(2), p.counted.toFixed(2), p.left.toFixed(2)]).toEqual(["300.00", "226.76", "73.24"]);
    expect(freeDeliveryProgress({ kind: "next_step", mode: null }, { ...totals, palette_num: 2 }, CONFIG)!.threshold.toFixed(2)).toBe(
      "600.00",
    );
  });

  it("the server's threshold when it has one; nothing to show for pickup, a free freight or no threshold", () => {
    const charged = { kind: "charged", mode: "pallet", amount: "59.70" } as const;
    expect(freeDeliveryProgress(charged, { ...totals, freeDeliveryThreshold: "600.00" }, CONFIG)!.left.toFixed(2)).toBe("373.24");
    expect(freeDeliveryProgress({ kind: "pickup", shopId: 1 }, totals, CONFIG)).toBeNull();
    expect(freeDeliveryProgress({ kind: "free", mode: "pallet" }, totals, CONFIG)).toBeNull();
    expect(freeDeliveryProgress(charged, totals, null)).toBeNull();
    expect(freeDeliveryProgress(charged, { ...totals, amount_for_freeDelivery: "400.00" }, CONFIG)!.left.toFixed(2)).toBe("0.00");
  });
});

describe("promotionsAtHalfValue", () => {
  it("says so when promotion lines counted at half value", () => {
    expect(promotionsAtHalfValue({ amount_for_freeDelivery: "180.00", totalAmount: "226.76" })).toBe(true);
    expect(promotionsAtHalfValue({ amount_for_freeDelivery: "226.76", totalAmount: "226.76" })).toBe(false);
  });
});
