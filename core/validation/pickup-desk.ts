// The pickup desk (the back office's store counter): which shop and which search the address asks for, and the
// hand-over form (the order and who collects it). Messages are "admin.*" keys, and the order life's own
// "orders.picked_up_by_required".
import { z } from "zod";
import { intField } from "./common.ts";
import { optional, searchText } from "./staff-orders.ts";
import { pickedUpByField } from "./order-events.ts";

/** Refusals of the desk, each an "admin.*" key with a text in both languages. */
export const PICKUP_DESK_KEYS = ["orders_shop_invalid", "orders_search_too_long", "desk_order_invalid"] as const;

/** One shop or all of them; a search by order number, client number, company or name (blank: none). */
export const pickupDeskQuerySchema = z.object({
  shop: optional(intField({ error: "admin.orders_shop_invalid" })),
  q: optional(searchText),
});
export type PickupDeskQuery = z.output<typeof pickupDeskQuerySchema>;

export const handOverSchema = z.object({
  order: intField({ error: "admin.desk_order_invalid" }),
  picked_up_by: pickedUpByField,
});
