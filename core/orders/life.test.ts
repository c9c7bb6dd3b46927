import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  FROM,
  ORDER_STATUSES,
  isFinal,
  nextStatus,
  possibleEvents,
  validPacking,
  type OrderEvent,
  type OrderEventType,
  type OrderStatus,
} from "./life.ts";

const packing = { parcels: 2, pallets: 1, weight_kg: 182.5 };
/** An event of each type with valid details. */
const VALID: Record<OrderEventType, OrderEvent> = {
  pay: { type: "pay" },
  expire: { type: "expire" },
  plan: { type: "plan", date: "2026-12-03" },
  unplan: { type: "unplan" },
  start_preparation: { type: "start_preparation" },
  mark_ready: { type: "mark_ready", ...packing },
  ship: { type: "ship", carrier: "GLS", tracking: "GLS123456789" },
  deliver: { type: "deliver" },
  hand_over: { type: "hand_over", picked_up_by: "Jean Dupont" },
  cancel: { type: "cancel", refund: "provider" },
};
const eventOf = (t: OrderEventType, status: OrderStatus): OrderEvent =>
  t === "cancel" ? { type: "cancel", refund: status === "unpaid" ? "none" : "credit_note" } : VALID[t];

describe("order life", () => {
  it("takes a delivered order from payment to delivery, and a pickup order to the counter", () => {
    let delivered = { status: "unpaid" as OrderStatus, pickup: false };
    for (const [t, to] of [
      ["pay", "processing"],
      ["plan", "planned"],
      ["plan", "planned"],
      ["start_preparation", "preparing"],
      ["mark_ready", "ready"],
      ["ship", "shipped"],
      ["deliver", "delivered"],
    ] as const) {
      const r = nextStatus(delivered, VALID[t]);
      expect(r).toEqual({ ok: true, status: to });
      delivered = { ...delivered, status: to };
    }
    let pickup = { status: "processing" as OrderStatus, pickup: true };
    for (const [t, to] of [
      ["start_preparation", "preparing"],
      ["mark_ready", "ready_for_pickup"],
      ["hand_over", "picked_up"],
    ] as const) {
      expect(nextStatus(pickup, VALID[t])).toEqual({ ok: true, status: to });
      pickup = { ...pickup, status: to };
    }
  });

  it("refuses what a state cannot do, with a message naming the state", () => {
    expect(nextStatus({ status: "shipped", pickup: false }, VALID.cancel)).toEqual({ ok: false, key: "orders.transition_refused_shipped" });
    expect(nextStatus({ status: "unpaid", pickup: false }, VALID.start_preparation)).toEqual({
      ok: false,
      key: "orders.transition_refused_unpaid",
    });
    expect(nextStatus({ status: "processing", pickup: true }, VALID.plan)).toEqual({ ok: false, key: "orders.plan_pickup" });
    expect(nextStatus({ status: "ready", pickup: false }, { type: "ship", carrier: "GLS", tracking: " " })).toEqual({
      ok: false,
      key: "orders.tracking_required",
    });
    expect(nextStatus({ status: "ready_for_pickup", pickup: true }, { type: "hand_over", picked_up_by: "" })).toEqual({
      ok: false,
      key: "orders.picked_up_by_required",
    });
    // a paid order's cancellation says how the money goes back; an unpaid one has nothing to give back
    expect(nextStatus({ status: "preparing", pickup: false }, { type: "cancel", refund: "none" })).toEqual({
      ok: false,
      key: "orders.cancel_refund_required",
    });
    expect(nextStatus({ status: "unpaid", pickup: false }, { type: "cancel", refund: "provider" })).toEqual({
      ok: false,
      key: "orders.cancel_nothing_paid",
    });
  });

  it("checks the packing: whole counts within limits, a weight, something to carry for a delivery", () => {
    expect(validPacking(packing, false)).toBe(true);
    expect(validPacking({ parcels: 0, pallets: 0, weight_kg: 3 }, false)).toBe(false);
    expect(validPacking({ parcels: 0, pallets: 0, weight_kg: 3 }, true)).toBe(true);
    expect(validPacking({ parcels: 1.5, pallets: 0, weight_kg: 3 }, false)).toBe(false);
    expect(validPacking({ parcels: 1, pallets: 0, weight_kg: 0 }, false)).toBe(false);
    expect(validPacking({ parcels: 1, pallets: 100, weight_kg: 3 }, false)).toBe(false);
    expect(validPacking({ parcels: 1, pallets: 0, weight_kg: Number.NaN }, false)).toBe(false);
  });

  const status = fc.constantFrom(...ORDER_STATUSES);
  const type = fc.constantFrom(...(Object.keys(FROM) as OrderEventType[]));

  it("accepts an event only from the states it may leave, and never out of a final state", () => {
    fc.assert(
      fc.property(status, fc.boolean(), type, (s, pickup, t) => {
        const r = nextStatus({ status: s, pickup }, eventOf(t, s));
        if (!FROM[t].includes(s) || isFinal(s)) expect(r.ok).toBe(false);
        if (r.ok) expect(FROM[t]).toContain(s);
      }),
    );
  });

  it("offers exactly the events that succeed with valid details", () => {
    fc.assert(
      fc.property(status, fc.boolean(), type, (s, pickup, t) => {
        const offered = possibleEvents({ status: s, pickup }).includes(t);
        expect(offered).toBe(nextStatus({ status: s, pickup }, eventOf(t, s)).ok);
      }),
    );
  });

  it("keeps each kind of order on its own path, whatever the events: a pickup is never shipped, a delivery never handed over", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(type, { maxLength: 30 }), (pickup, events) => {
        let s: OrderStatus = "unpaid";
        const seen: OrderStatus[] = [s];
        for (const t of events) {
          const r = nextStatus({ status: s, pickup }, eventOf(t, s));
          if (r.ok) seen.push((s = r.status));
        }
        const foreign: OrderStatus[] = pickup ? ["planned", "ready", "shipped", "delivered"] : ["ready_for_pickup", "picked_up"];
        expect(seen.filter((x) => foreign.includes(x))).toEqual([]);
        // cancelled only before the goods left; nothing after a final state
        const end = seen.findIndex(isFinal);
        if (end >= 0) expect(seen.length).toBe(end + 1);
        if (seen.includes("cancelled")) expect(seen.some((x) => x === "shipped" || x === "picked_up")).toBe(false);
      }),
    );
  });
});
