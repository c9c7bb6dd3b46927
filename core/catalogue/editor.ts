// The back office's catalogue editor (decision 154): the rules of its bulk edits and the revision a form carries.
// A bulk edit is planned model by model (old → new) from the rows as read; the preview shows that plan and the
// apply computes it again on the locked rows and writes it only when it is still the same plan.
import { Decimal } from "../money.ts";

/** The flags of a product the list filters on and the bulk edits set or unset. */
export const PRODUCT_FLAGS = ["is_new", "best_selling", "price_drop"] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];

export const BULK_KINDS = ["price_percent", "set_stock", "set_flag", "unset_flag", "move_category"] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

export type BulkAction =
  | { kind: "price_percent"; percent: string }
  | { kind: "set_stock"; stock: number }
  | { kind: "set_flag" | "unset_flag"; flag: ProductFlag }
  | { kind: "move_category"; category_id: number };

/** A model as a bulk edit reads it: its own price and stock, its product's flags and category. */
export type BulkModelState = {
  id: number;
  reference: string;
  product_id: number;
  name: string;
  price: string;
  site_price: string;
  stock: number;
  category_id: number;
} & Record<ProductFlag, boolean>;

/** The field a bulk action changes, as the preview names it. */
export type BulkField = "price" | "stock" | ProductFlag | "category_id";

export type BulkChange = { id: number; reference: string; product_id: number; name: string; field: BulkField; old: string; new: string };

/** Bounds of a percentage change: a price may go down to zero, or up to eleven times itself. */
export const PERCENT_MIN = -100;
export const PERCENT_MAX = 1000;

/**
 * A price HT changed by `percent` (e.g. "-10", "2.5"): rounded half away from zero to 4 decimals, as every stored
 * price, and never below zero.
 */
export function priceByPercent(price: string, percent: string): string {
  const p = Decimal.from(price);
  const next = p.plus(p.times(percent).dividedBy(100, 8)).round(4);
  return (next.sign() < 0 ? Decimal.ZERO : next).toFixed(4);
}

const fieldOf = (a: BulkAction): BulkField =>
  a.kind === "price_percent" ? "price" : a.kind === "set_stock" ? "stock" : a.kind === "move_category" ? "category_id" : a.flag;

/** What the action does to one model: its field old → new, or null when it already holds the new value. */
export function bulkChange(m: BulkModelState, a: BulkAction): BulkChange | null {
  const field = fieldOf(a);
  const old = field === "price" ? Decimal.from(m.price).toFixed(4) : String(m[field]);
  const next =
    a.kind === "price_percent"
      ? priceByPercent(m.price, a.percent)
      : a.kind === "set_stock"
        ? String(a.stock)
        : a.kind === "move_category"
          ? String(a.category_id)
          : String(a.kind === "set_flag");
  if (next === old) return null;
  return { id: m.id, reference: m.reference, product_id: m.product_id, name: m.name, field, old, new: next };
}

/** The action's plan over the selected models (in the given order): the changes, and how many stay as they are. */
export function bulkPlan(models: readonly BulkModelState[], a: BulkAction): { changes: BulkChange[]; unchanged: number } {
  const changes = models.flatMap((m) => bulkChange(m, a) ?? []);
  return { changes, unchanged: models.length - changes.length };
}

/** The site price moves with the price by the same percentage (their difference is the freight discount's basis). */
export function sitePriceByPercent(m: Pick<BulkModelState, "site_price">, a: BulkAction): string | null {
  return a.kind === "price_percent" ? priceByPercent(m.site_price, a.percent) : null;
}

/**
 * A short fingerprint of values (a row as a form showed it, a plan as a preview showed it): any change of any
 * value changes it. Not a secret, only a version: 53-bit cyrb53 over the JSON text.
 */
export function revisionOf(value: unknown): string {
  const s = JSON.stringify(value);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
