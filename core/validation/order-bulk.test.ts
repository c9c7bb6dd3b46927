import { describe, expect, it } from "vitest";
import { translate } from "../i18n/messages.ts";
import { BULK_MAX } from "../orders/bulk.ts";
import { ORDER_BULK_KEYS, orderBulkSchema } from "./order-bulk.ts";
import { PICKUP_DESK_KEYS, handOverSchema, pickupDeskQuerySchema } from "./pickup-desk.ts";
import { fieldMessages } from "./test-helpers.test-support.ts";

describe("a bulk action's form", () => {
  it("reads the action and the ticked orders, each once", () => {
    expect(orderBulkSchema.parse({ intent: "start_preparation", order: ["3", "5", "3"] })).toEqual({
      intent: "start_preparation",
      order: [3, 5],
    });
    expect(orderBulkSchema.parse({ intent: "export", order: "7" })).toEqual({ intent: "export", order: [7] });
  });

  it("refuses an unknown action, no selection, a bad id and a selection past the largest page", () => {
    const refused = (v: Record<string, unknown>) => fieldMessages(orderBulkSchema, v);
    expect(refused({ intent: "cancel", order: "1" })).toEqual({ intent: ["admin.bulk_action_invalid"] });
    expect(refused({ intent: "deliver" })).toEqual({ order: ["admin.bulk_selection_empty"] });
    expect(refused({ intent: "deliver", order: ["1", "x"] })).toEqual({ order: ["admin.bulk_selection_invalid"] });
    const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => String(i + 1));
    expect(refused({ intent: "deliver", order: many })).toEqual({ order: ["admin.bulk_selection_too_long"] });
    expect(orderBulkSchema.parse({ intent: "deliver", order: [...many.slice(0, BULK_MAX), "1"] }).order).toHaveLength(BULK_MAX);
  });
});

describe("the pickup desk's forms", () => {
  it("reads a shop and a search, blank ones as none", () => {
    expect(pickupDeskQuerySchema.parse({ shop: "2", q: " Dupont " })).toEqual({ shop: 2, q: "Dupont" });
    expect(pickupDeskQuerySchema.parse({ shop: "", q: "" })).toEqual({});
    expect(fieldMessages(pickupDeskQuerySchema, { shop: "x", q: "y".repeat(101) })).toEqual({
      shop: ["admin.orders_shop_invalid"],
      q: ["admin.orders_search_too_long"],
    });
  });

  it("hands an order over to a named person", () => {
    expect(handOverSchema.parse({ order: "12", picked_up_by: "  Jean Dupont " })).toEqual({ order: 12, picked_up_by: "Jean Dupont" });
    expect(fieldMessages(handOverSchema, { order: "douze", picked_up_by: " " })).toEqual({
      order: ["admin.desk_order_invalid"],
      picked_up_by: ["orders.picked_up_by_required"],
    });
    expect(fieldMessages(handOverSchema, { order: "1", picked_up_by: "x".repeat(81) })).toEqual({
      picked_up_by: ["orders.picked_up_by_required"],
    });
  });
});

it("has every message in French and Chinese", () => {
  for (const lang of ["fr", "zh"] as const)
    for (const key of [...ORDER_BULK_KEYS, ...PICKUP_DESK_KEYS])
      expect(translate(lang, `admin.${key}`), `${lang} ${key}`).not.toBe(`admin.${key}`);
});
