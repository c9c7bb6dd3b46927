// Cart operations (SPEC §4 "Cart", §5; decision 018). Pure: every function returns a new array.
import type { CartLine } from "./types.ts";

/** What an add or update carries: at least model_id and num, plus any line field known. */
type CartLineInput = Pick<CartLine, "model_id" | "num"> & Partial<CartLine>;

function positive(n: number): boolean {
  return Number.isFinite(n) && n > 0;
}

/**
 * Items of an add request worth sending (SPEC §5): lines with num ≤ 0 are left out and the
 * quantities of a repeated model_id are merged. `ok` is false when nothing remains (the add fails).
 */
export function prepareAdd<T extends CartLineInput>(items: readonly T[]): { ok: boolean; items: T[] } {
  const merged = new Map<number, T>();
  for (const item of items) {
    if (!positive(item.num)) continue;
    const prev = merged.get(item.model_id);
    merged.set(item.model_id, prev ? { ...prev, num: prev.num + item.num } : { ...item });
  }
  const out = [...merged.values()];
  return { ok: out.length > 0, items: out };
}

/**
 * Adds items: an existing model_id gets the quantity added (its other fields refreshed from the
 * item when given); a new model goes first, new models keeping their order among themselves.
 * Items with num ≤ 0 are ignored.
 */
export function addLines<L extends CartLineInput>(cart: readonly L[], items: readonly L[]): L[] {
  const { items: adding } = prepareAdd(items);
  const byModel = new Map(adding.map((i) => [i.model_id, i]));
  const updated = cart.map((line) => {
    const add = byModel.get(line.model_id);
    if (!add) return line;
    byModel.delete(line.model_id);
    return { ...line, ...definedFields(add), id: line.id ?? add.id, num: line.num + add.num };
  });
  const fresh = adding.filter((i) => byModel.has(i.model_id));
  return dropEmpty([...fresh, ...updated]);
}

function definedFields<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Update type: 1 sets the quantity; anything else adds a delta (may be negative). */
export type UpdateType = 1 | 2 | number;

/** A line's quantity after an update: type 1 sets it to `num`, any other type changes it by `num`. */
export function updatedQuantity(old: number, num: number, type: UpdateType): number {
  return type === 1 ? num : old + num;
}

/** Sets (type 1) or changes by a delta the quantity of model_id; a line reaching num ≤ 0 is dropped. */
export function updateLine<L extends CartLineInput>(cart: readonly L[], modelId: number, num: number, type: UpdateType = 1): L[] {
  if (!Number.isFinite(num)) return [...cart];
  return dropEmpty(cart.map((line) => (line.model_id === modelId ? { ...line, num: updatedQuantity(line.num, num, type) } : line)));
}

/** Removes the line of model_id. */
export function removeLine<L extends CartLineInput>(cart: readonly L[], modelId: number): L[] {
  return cart.filter((line) => line.model_id !== modelId);
}

/** Lines with num ≤ 0 are dropped. */
export function dropEmpty<L extends CartLineInput>(cart: readonly L[]): L[] {
  return cart.filter((line) => positive(line.num));
}

/**
 * The lines an add or edit answer leaves (decision 108): `order` is every line of the cart as [model_id, num],
 * `changed` the lines the call changed; the others are taken from `shown`. Null when a line is missing or
 * shown with another quantity (the cart changed elsewhere): the cart must then be listed again.
 */
export function patchedLines<L extends CartLineInput>(
  shown: readonly L[],
  changed: readonly L[],
  order: readonly (readonly [number, number])[],
): L[] | null {
  const byModel = new Map(shown.map((l) => [l.model_id, l]));
  for (const l of changed) byModel.set(l.model_id, l);
  const lines: L[] = [];
  for (const [modelId, num] of order) {
    const l = byModel.get(modelId);
    if (!l || l.num !== num) return null;
    lines.push(l);
  }
  return lines;
}

/** Total quantity (the badge on the cart icon). */
export function totalQuantity(cart: readonly CartLineInput[]): number {
  return cart.reduce((n, l) => n + (positive(l.num) ? l.num : 0), 0);
}

type LimitCheck = { ok: true } | { ok: false; messageKey: "carts_out_of_limit"; params: { num: number } };

/**
 * cartGoodsLimit (SPEC §5): refused when the items (distinct models) added plus the items already in
 * the cart exceed the limit; a model already in the cart is not counted twice. No limit when the
 * limit is absent or ≤ 0.
 */
export function checkCartLimit(
  cart: readonly CartLineInput[],
  items: readonly CartLineInput[],
  limit: number | null | undefined,
): LimitCheck {
  if (limit === null || limit === undefined || !(limit > 0)) return { ok: true };
  const models = new Set(dropEmpty(cart).map((l) => l.model_id));
  for (const item of prepareAdd(items).items) models.add(item.model_id);
  return models.size > limit ? { ok: false, messageKey: "carts_out_of_limit", params: { num: limit } } : { ok: true };
}

/** Replaces %num% in the carts_out_of_limit message with the limit. */
export function fillLimitMessage(template: string, limit: number): string {
  return template.split("%num%").join(String(limit));
}

type PurchasableCheck =
  { ok: true } | { ok: false; messageKey: "parts_of_goods_not_for_sell"; confirmKey: "confirm"; redirect: "/panier"; modelIds: number[] };

/**
 * Checkout is blocked when a line's num is above its purchasable_qty (SPEC §4, §5).
 * A line without purchasable_qty (null/undefined) has no ceiling.
 */
export function checkPurchasable(cart: readonly CartLineInput[]): PurchasableCheck {
  const modelIds = cart
    .filter((l) => l.purchasable_qty !== null && l.purchasable_qty !== undefined && l.num > l.purchasable_qty)
    .map((l) => l.model_id);
  return modelIds.length === 0
    ? { ok: true }
    : { ok: false, messageKey: "parts_of_goods_not_for_sell", confirmKey: "confirm", redirect: "/panier", modelIds };
}
