import { describe, expect, it } from "vitest";
import { deliveryModeKey, goodsTotal, trackingSteps, vatBreakdown } from "./order-view.ts";
import { parseOrderRef } from "./validation/orders.ts";

describe("vatBreakdown", () => {
  it("puts every line and the freight of one rate in one row", () => {
    const rows = vatBreakdown(
      [
        { tva: "0.2000", line_ht: "100.00" },
        { tva: "0.2000", line_ht: "23.45" },
      ],
      { freight_ht: "24.90", freight_tva: "4.98", discount_amount: "0" },
    );
    expect(rows).toEqual([{ rate: "0.2000", base: "148.35", vat: "29.67" }]);
  });

  it("keeps rates apart, shares the discount over the line bases so the bases add up to total HT", () => {
    const lines = [
      { tva: "0.2000", line_ht: "100.00" },
      { tva: "0.0550", line_ht: "50.00" },
      { tva: "0.2000", line_ht: "0.01" },
    ];
    const rows = vatBreakdown(lines, { freight_ht: "10.00", freight_tva: "2.00", discount_amount: "10.00" });
    // bases: 20 %: 100.01 − 6.67 + 10 freight; 5.5 %: 50 − 3.33. VAT as the cart charged it: lines 20.00 + 0.00
    // and 2.75, less the coupon's share round2(22.752 × 10 / 150.01) = 1.52 (0.18 at 5.5 %, 1.34 at 20 %), freight 2.00
    expect(rows).toEqual([
      { rate: "0.2000", base: "103.34", vat: "20.66" },
      { rate: "0.0550", base: "46.67", vat: "2.57" },
    ]);
    const totalHt = 150.01 + 10 - 10;
    expect(rows.reduce((a, r) => a + Number(r.base), 0).toFixed(2)).toBe(totalHt.toFixed(2));
  });

  it("has no row for free freight and no line", () => {
    expect(vatBreakdown([], { freight_ht: "0.00", freight_tva: "0.00", discount_amount: "0.00" })).toEqual([]);
  });

  it("sums goods exactly", () => {
    expect(goodsTotal([{ line_ht: "0.10" }, { line_ht: "0.20" }])).toBe("0.30");
  });
});

describe("trackingSteps", () => {
  const base = { created_at: "2026-11-01T10:00:00Z", paid_at: null, planned_delivery_date: null, cancelled_at: null };
  const done = (s: ReturnType<typeof trackingSteps>) => s.map((x) => `${x.key}:${x.done ? 1 : 0}`).join(" ");
  it("follows the status", () => {
    expect(done(trackingSteps({ ...base, status: "unpaid" }))).toBe("placed:1 paid:0 planned:0 prepared:0 shipped:0 delivered:0");
    expect(done(trackingSteps({ ...base, status: "processing", paid_at: "2026-11-01T10:05:00Z" }))).toBe(
      "placed:1 paid:1 planned:0 prepared:0 shipped:0 delivered:0",
    );
    expect(done(trackingSteps({ ...base, status: "planned", paid_at: "x", planned_delivery_date: "2026-11-26" }))).toBe(
      "placed:1 paid:1 planned:1 prepared:0 shipped:0 delivered:0",
    );
    expect(done(trackingSteps({ ...base, status: "preparing", paid_at: "x", planned_delivery_date: "2026-11-26" }))).toBe(
      "placed:1 paid:1 planned:1 prepared:0 shipped:0 delivered:0",
    );
    expect(done(trackingSteps({ ...base, status: "ready", paid_at: "x", planned_delivery_date: "2026-11-26" }))).toBe(
      "placed:1 paid:1 planned:1 prepared:1 shipped:0 delivered:0",
    );
    expect(done(trackingSteps({ ...base, status: "delivered", paid_at: "x" }))).toBe(
      "placed:1 paid:1 planned:1 prepared:1 shipped:1 delivered:1",
    );
  });
  it("follows a store pickup to the counter", () => {
    const pickup = { ...base, pickup_method: 2, paid_at: "x" };
    expect(done(trackingSteps({ ...pickup, status: "preparing" }))).toBe("placed:1 paid:1 prepared:0 picked_up:0");
    expect(done(trackingSteps({ ...pickup, status: "ready_for_pickup" }))).toBe("placed:1 paid:1 prepared:1 picked_up:0");
    expect(done(trackingSteps({ ...pickup, status: "picked_up" }))).toBe("placed:1 paid:1 prepared:1 picked_up:1");
  });
  it("ends a cancelled order on its cancellation", () => {
    expect(trackingSteps({ ...base, status: "cancelled", cancelled_at: "2026-11-02T09:00:00Z" })).toEqual([
      { key: "placed", done: true, date: base.created_at },
      { key: "cancelled", done: true, date: "2026-11-02T09:00:00Z" },
    ]);
  });
});

describe("parseOrderRef", () => {
  it.each([
    ["12", { id: 12 }],
    [12, { id: 12 }],
    [" 7 ", { id: 7 }],
    ["CE2026-000123", { number: "CE2026-000123" }],
    ["ce2026-000123", { number: "CE2026-000123" }],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["abc", null],
    ["", null],
    [null, null],
    ["99999999999", null],
    [1.5, null],
    ["CE2026-1", null],
  ])("%j → %j", (input, out) => expect(parseOrderRef(input)).toEqual(out));
});

describe("deliveryModeKey", () => {
  it.each([
    [2, "pickup", "orders.delivery_mode_pickup"],
    [2, null, "orders.delivery_mode_pickup"],
    [1, "pallet", "orders.delivery_mode_pallet"],
    [1, "parcel", "orders.delivery_mode_parcel"],
    [1, "carrier", "orders.delivery_mode_carrier"],
    [1, null, "orders.delivery_mode_delivery"], // orders older than the column
  ])("pickup_method %s, mode %s → %s", (pickup_method, delivery_mode, key) =>
    expect(deliveryModeKey({ pickup_method, delivery_mode })).toBe(key),
  );
});
