// Prices of a customer group (decision 157). A group's price list holds, per model, net prices excl. tax by quantity
// (a tier "from N units, price P"; N = 1 is the plain net price) and, per category, a percentage off the catalogue
// price. For a line of `num` units of a model:
//   1. the model's tier with the greatest minimum ≤ num, if any (the most specific);
//   2. else the percentage of the nearest category of the model's chain (its own, then its parent's, …);
//   3. else no group price.
// Then the buyer pays the lowest of the group price and what the catalogue charges (its price, with the model's
// promotion when the quantity reaches it), never both stacked: when the group price is strictly lower, the line is
// priced at it with no promotion (no percentage, no gifted units) and no freight discount (no site price); else the
// catalogue line is unchanged. A coupon still applies to the goods total as for every buyer.
import { Decimal, decOrZero } from "../money.ts";
import { reachesPromotion } from "../cart/promotion.ts";
import type { CartLine, Numeric } from "../cart/types.ts";

/** A quantity tier of a model: from `min` units, the unit price `price` excl. tax (4 decimals). */
export type PriceTier = { min: number; price: Numeric };

/** What a group's price list says of one model: its tiers (any order) and its category chain's percentages. */
export type GroupModelPricing = {
  tiers: readonly PriceTier[];
  /** The percentage off (0–100) of each category of the model's chain, nearest first; null: none set there. */
  chainPercents: readonly (Numeric | null)[];
};

/** Percent off a price, rounded to 4 decimals (half away from zero). */
export function percentOff(price: Numeric, percent: Numeric): Decimal {
  const p = decOrZero(percent);
  const clamped = p.sign() < 0 ? Decimal.ZERO : p.gt(100) ? Decimal.of(100n) : p;
  return decOrZero(price).times(Decimal.of(100n).minus(clamped)).dividedBy(100, 4);
}

/** The group's unit price for `num` units of a model priced `base` by the catalogue; null when the list says nothing. */
export function groupUnitPrice(base: Numeric, num: number, pricing: GroupModelPricing | null | undefined): Decimal | null {
  if (!pricing) return null;
  let best: PriceTier | null = null;
  for (const t of pricing.tiers) {
    const min = Math.max(1, Math.floor(t.min));
    if (min <= num && (!best || min > Math.max(1, Math.floor(best.min)))) best = t;
  }
  if (best) return decOrZero(best.price).round(4);
  const percent = pricing.chainPercents.find((p) => p !== null && p !== undefined);
  return percent === undefined || percent === null ? null : percentOff(base, percent);
}

/** What the catalogue charges per unit bought: the price, less the promotion's percentage when `num` reaches it. */
export function catalogueUnitPrice(line: Pick<CartLine, "price" | "num" | "remise_info">): Decimal {
  const price = decOrZero(line.price);
  if (!reachesPromotion(line.remise_info, line.num)) return price;
  const v = decOrZero(line.remise_info!.value);
  const value = v.sign() < 0 ? Decimal.ZERO : v.gt(1) ? Decimal.ONE : v;
  return price.times(Decimal.ONE.minus(value));
}

/**
 * Prices `line` (in place: a freshly built line, as pricedCartLine sets a quoted price) as a buyer of the group pays
 * it: unchanged when the group has no price for it or its price is not lower than the catalogue's (promotion
 * included); else at the group price, without promotion, and with the group price as its site price: no freight
 * discount (Σ min(0, price − site_price)) on a net price. True when the group price applies.
 */
export function applyGroupPrice(line: CartLine, pricing: GroupModelPricing | null | undefined): boolean {
  const group = groupUnitPrice(line.price, line.num, pricing);
  if (group === null || !group.lt(catalogueUnitPrice(line))) return false;
  line.price = group.toString();
  line.site_price = line.price;
  line.remise_info = null;
  return true;
}

/** The unit price a group buyer sees for `num` units (a product page, a quick-order list): the lower of both. */
export function shownUnitPrice(base: Numeric, num: number, pricing: GroupModelPricing | null | undefined): string {
  const group = groupUnitPrice(base, num, pricing);
  const price = decOrZero(base);
  return (group !== null && group.lt(price) ? group : price).toString();
}

/** A group's price list as the server reads it: tiers by model, percentages by category, and the category tree. */
export type GroupPriceList = {
  groupId: number;
  tiers: ReadonlyMap<number, readonly PriceTier[]>;
  percents: ReadonlyMap<number, Numeric>;
  /** Each category's parent (null at the root). */
  parents: ReadonlyMap<number, number | null>;
};

/** What `list` says of a model of category `categoryId`: its tiers and its chain's percentages; null: nothing. */
export function modelPricing(
  list: GroupPriceList | null | undefined,
  modelId: number,
  categoryId: number | null,
): GroupModelPricing | null {
  if (!list) return null;
  const tiers = list.tiers.get(modelId) ?? [];
  const chainPercents: (Numeric | null)[] = [];
  if (list.percents.size > 0) {
    const seen = new Set<number>();
    for (let c = categoryId; c !== null && c !== undefined && !seen.has(c); c = list.parents.get(c) ?? null) {
      seen.add(c);
      chainPercents.push(list.percents.get(c) ?? null);
    }
  }
  if (tiers.length === 0 && chainPercents.every((p) => p === null)) return null;
  return { tiers, chainPercents };
}
