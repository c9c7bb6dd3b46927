import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ORDER_STATES, ORDER_STATE_KEYS, canRepay, isOrderState, orderStateLabel } from "./order-states.ts";

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

describe("canRepay", () => {
  it("lets an unpaid order be paid again, and nothing else", () => {
    expect(canRepay("unpaid")).toBe(true);
    expect(canRepay("cancelled")).toBe(false);
  });
});
