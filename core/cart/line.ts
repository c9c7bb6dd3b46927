// One cart line (SPEC §9): line price with the per-item promotion, line tax, remise.
import { Decimal, decOrZero } from "../money.ts";
import { giftedUnitsFor, reachesPromotion } from "./promotion.ts";
import type { CartLine } from "./types.ts";

export interface LineAmounts {
  promoApplied: boolean;
  /** Unit price excl. tax. */
  price: Decimal;
  /** price × num, exact. */
  gross: Decimal;
  /** Line amount excl. tax after the promotion, rounded to 2 decimals. */
  amount: Decimal;
  /** round2(gross) − amount: what the promotion took off (≥ 0). */
  remise: Decimal;
  /** round2(amount × tva). */
  tax: Decimal;
  /** VAT rate of the line. */
  tva: Decimal;
}

/** Promotion value clamped to [0, 1]. */
function promotionValue(line: CartLine): Decimal {
  const v = decOrZero(line.remise_info?.value);
  if (v.sign() < 0) return Decimal.ZERO;
  return v.gt(1) ? Decimal.ONE : v;
}

const reachesMinimum = (line: CartLine) => reachesPromotion(line.remise_info, line.num);

/** Units offered with the line: the rule of core/cart/promotion.ts (per multiple of the minimum, never priced). */
export function giftedUnits(line: CartLine): number {
  return giftedUnitsFor(line.remise_info, line.num);
}

/** Line price = price × num × (1 − value) when num reaches the promotion minimum; line tax = amount × tva. */
export function lineAmounts(line: CartLine): LineAmounts {
  const price = decOrZero(line.price);
  const gross = price.times(line.num);
  const value = reachesMinimum(line) ? promotionValue(line) : Decimal.ZERO;
  const promoApplied = value.sign() > 0;
  const exact = promoApplied ? gross.times(Decimal.ONE.minus(value)) : gross;
  const amount = exact.round(2);
  const tva = decOrZero(line.tva);
  return {
    promoApplied,
    price,
    gross,
    amount,
    remise: gross.round(2).minus(amount),
    tax: amount.times(tva).round(2),
    tva,
  };
}
