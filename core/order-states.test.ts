import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ORDER_STATES, ORDER_STATE_KEYS, canRepay, canShip, deliveryReplyOutcome, isOrderState, orderStateLabel } from "./order-states.ts";

describe("orderStateLabel", () => {
  it("labels each state", () => {
    expect(orderStateLabel({ status: "unpaid" }, "fr")).toEqual({ key: "orders.state_unpaid", values: {}, tone: "warning" });
    expect(orderStateLabel({ status: "processing" }, "fr").key).toBe("orders.state_processing");
    expect(orderStateLabel({ status: "delivered" }, "fr").tone).toBe("success");
  });
  it("adds the planned and cancellation dates in the language's format", () => {
    expect(orderStateLabel({ status: "planned", planned_delivery_date: "2025-12-03" }, "fr")).toEqual({
      key: "orders.state_planned_on",
      values: { date: "03/12/2025" },
      tone: "info",
    });
    expect(orderStateLabel({ status: "cancelled", cancelled_at: "2025-11-22T13:05:00Z" }, "zh").values).toEqual({ date: "2025/11/22" });
    expect(orderStateLabel({ status: "cancelled" }, "fr").key).toBe("orders.state_cancelled");
    expect(orderStateLabel({ status: "planned", planned_delivery_date: null }, "fr").key).toBe("orders.state_planned");
  });
  it("only returns listed keys", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...ORDER_STATES), fc.string()), fc.option(fc.constant("2025-01-02")), (status, d) => {
        const label = orderStateLabel({ status, cancelled_at: d, planned_delivery_date: d }, "fr");
        expect(ORDER_STATE_KEYS).toContain(label.key);
        expect(isOrderState(status) || label.key === "orders.state_unknown").toBe(true);
      }),
    );
  });
});

describe("delivery confirmation", () => {
  it("maps replies to outcomes; no reply reschedules", () => {
    expect(deliveryReplyOutcome("available")).toBe("confirmed");
    expect(deliveryReplyOutcome("unavailable")).toBe("reschedule");
    expect(deliveryReplyOutcome("cancel")).toBe("cancelled");
    expect(deliveryReplyOutcome(null)).toBe("reschedule");
    expect(canRepay("unpaid")).toBe(true);
    expect(canRepay("cancelled")).toBe(false);
  });
});

describe("canShip", () => {
  it("hands to the carrier a paid order, planned or not, and nothing else", () => {
    expect(ORDER_STATES.filter(canShip)).toEqual(["processing", "planned"]);
    expect(canShip("zzz")).toBe(false);
  });
});
