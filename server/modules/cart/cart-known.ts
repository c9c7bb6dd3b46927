// The lines of the carts this process wrote lately, at their version (decision 109): sent with the next write of
// the cart, they spare PostgreSQL reading every line back when the cart has not changed since (the write then
// answers only the lines of the models it wrote: appliedLines puts them in place). A cart written elsewhere
// (another process, a removal, an order) has moved to another version: its write answers every line again.

/** A line as the cart write functions answer it (migrations 0028, 0029): [id, model_id, num, quotation_id]. */
export type QuantityTuple = [number, number, number, number | null];

/** A cart's lines in cart order (newest first) at `version` of cart `cart` (cart_line_versions). */
export type KnownCart = { cart: number; version: number; lines: readonly QuantityTuple[] };

/** Carts kept at most, oldest written first out (≈ 2 KB for 50 lines). */
export const KNOWN_CARTS_MAX = 1_000;

export function createKnownCarts(max = KNOWN_CARTS_MAX) {
  const byCustomer = new Map<number, KnownCart>();
  return {
    get: (customerId: number): KnownCart | undefined => byCustomer.get(customerId),
    /** Keeps `k` for the customer unless a later version of the same cart is kept (answers may come out of order). */
    put(customerId: number, k: KnownCart) {
      const cur = byCustomer.get(customerId);
      if (cur && cur.cart === k.cart && cur.version > k.version) return;
      byCustomer.delete(customerId);
      byCustomer.set(customerId, k);
      if (byCustomer.size > max) byCustomer.delete(byCustomer.keys().next().value!);
    },
    size: () => byCustomer.size,
  };
}

/**
 * The cart's lines after a write of the lines of `models`, from its lines before (`base`, in cart order) and the
 * lines of those models after the write (`changed`: a model without one was removed). The cart orders its lines
 * newest first (created_at, then id): a line the write inserted is newer than every line `base` holds, which were
 * all committed before the write began, so the inserted lines come first, the last inserted first; the others
 * keep their places.
 */
export function appliedLines(base: readonly QuantityTuple[], models: Iterable<number>, changed: readonly QuantityTuple[]): QuantityTuple[] {
  const written = new Set(models);
  const after = new Map(changed.map((t) => [t[1], t]));
  const had = new Set<number>();
  const kept: QuantityTuple[] = [];
  for (const t of base) {
    if (!written.has(t[1])) kept.push(t);
    else {
      had.add(t[1]);
      const now = after.get(t[1]);
      if (now) kept.push(now);
    }
  }
  const inserted = changed.filter((t) => !had.has(t[1])).sort((a, b) => b[0] - a[0]);
  return inserted.length ? [...inserted, ...kept] : kept;
}
