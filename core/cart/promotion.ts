// What a model promotion gives a line (SPEC §3 "Promotion info", §9 line price; decision 122). One promotion can
// carry a percentage and gifted units; the rule, for a quantity `num` and a minimum `min` (below 1 counts as 1):
//   - the percentage applies to every unit bought once num ≥ min (SPEC §9: price × num × (1 − value));
//   - the gifted units are given per whole multiple of the minimum: ⌊num / min⌋ × gifted_units
//     ("1 offert par 10 achetés": 9 → 0, 10 → 1, 29 → 2, 30 → 3);
//   - the two combine: the percentage is taken off the units bought, the gifted units come on top and are
//     never priced (no amount, no VAT), so a gift never changes what is charged.
import type { PromotionInfo } from "./types.ts";

type Promo = Pick<PromotionInfo, "num" | "value" | "gifted_units"> | null | undefined;

/** The quantity from which the promotion applies (a minimum below 1, or none, counts as 1). */
export function promotionMinimum(promo: Pick<PromotionInfo, "num">): number {
  const n = Math.floor(Number(promo.num));
  return Number.isFinite(n) && n > 1 ? n : 1;
}

/** The gifted units per multiple of the minimum: a whole number ≥ 1, else 0 (none, or a bad value). */
export function giftPerMultiple(promo: Promo): number {
  const n = Number(promo?.gifted_units);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Whether `num` units reach the promotion's minimum. */
export function reachesPromotion(promo: Promo, num: number): boolean {
  return !!promo && num > 0 && num >= promotionMinimum(promo);
}

/** Units offered with `num` units bought: ⌊num / min⌋ × gifted units (0 below the minimum or without gift). */
export function giftedUnitsFor(promo: Promo, num: number): number {
  const per = giftPerMultiple(promo);
  if (per === 0 || !reachesPromotion(promo, num)) return 0;
  return Math.floor(num / promotionMinimum(promo!)) * per;
}

type GiftOffer = {
  /** Units offered now. */
  gifted: number;
  /** Units offered per multiple of `every`. */
  per: number;
  /** The promotion's minimum: one more multiple of it offers `per` more units. */
  every: number;
  /** The next quantity that offers more: the next multiple of the minimum. */
  nextAt: number;
};

/** What the gift of a promotion gives `num` units and from which quantity it gives more; null without gift. */
export function giftOffer(promo: Promo, num: number): GiftOffer | null {
  const per = giftPerMultiple(promo);
  if (per === 0) return null;
  const every = promotionMinimum(promo!);
  const bought = Number.isInteger(num) && num > 0 ? num : 0;
  return { gifted: giftedUnitsFor(promo, bought), per, every, nextAt: (Math.floor(bought / every) + 1) * every };
}
