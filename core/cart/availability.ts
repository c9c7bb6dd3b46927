// Whether a quantity of a model may be in a cart or an order (SPEC §8 catalogue messages; decision 070).
// Checked by the server on add, edit, merge and order placement; the messages are "api.*" keys.

export const MAX_LINE_QTY = 100_000;

export interface Availability {
  stock: number;
  purchasable_qty: number;
  not_for_sale: boolean;
}

export type AvailabilityKey =
  "api.cart_items_unavailable" | "api.insufficient_stock" | "api.above_purchase_ceiling" | "api.cart_quantity_invalid";

/** Whether the model may be bought at all: known, and neither it nor its product withdrawn from sale. */
export function isSold(m: Availability | undefined): m is Availability {
  return m !== undefined && !m.not_for_sale;
}

/** The first reason `num` units cannot be bought (null: they can). Stock is checked before the ceiling. */
export function quantityProblem(m: Availability | undefined, num: number): AvailabilityKey | null {
  if (!isSold(m)) return "api.cart_items_unavailable";
  if (!Number.isInteger(num) || num < 1 || num > MAX_LINE_QTY) return "api.cart_quantity_invalid";
  if (num > m.stock) return "api.insufficient_stock";
  if (num > m.purchasable_qty) return "api.above_purchase_ceiling";
  return null;
}

/** The most units of the model a cart line may hold (0: none). */
export function maxQuantity(m: Availability): number {
  if (!isSold(m)) return 0;
  return Math.max(0, Math.min(m.stock, m.purchasable_qty, MAX_LINE_QTY));
}

export type MergeOutcome =
  | { action: "keep"; num: number }
  | { action: "reduce"; num: number; key: "api.cart_merge_reduced" }
  | { action: "drop"; key: "api.cart_merge_dropped_unavailable" | "api.cart_merge_dropped_stock" };

/**
 * Login merge of one anonymous line into the customer's cart: quantities are added, then limited to what
 * may be bought; a model no longer sold, or with nothing left to buy, is dropped.
 */
export function mergeQuantity(m: Availability | undefined, existing: number, added: number): MergeOutcome {
  if (!isSold(m)) return { action: "drop", key: "api.cart_merge_dropped_unavailable" };
  const wanted = existing + added;
  const max = maxQuantity(m);
  if (max <= 0) return { action: "drop", key: "api.cart_merge_dropped_stock" };
  if (wanted > max) return { action: "reduce", num: max, key: "api.cart_merge_reduced" };
  return { action: "keep", num: wanted };
}
