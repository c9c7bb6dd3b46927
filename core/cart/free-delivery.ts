// Free-delivery rule (SPEC §6, §9; decisions 012 and 017).
import { Decimal, decOrZero } from "../money.ts";
import { zipInPrefixList } from "../zip.ts";
import type { Numeric } from "./types.ts";

/**
 * The threshold for a pallet count: a number is used as is; a list is indexed by pallet count
 * (entry 0 for 1 pallet) and its last entry is used past its end. Empty or absent: 0.
 */
export function freeDeliveryThreshold(freeDeliveryAmount: Numeric | readonly Numeric[] | null | undefined, paletteNum: number): Decimal {
  if (freeDeliveryAmount === null || freeDeliveryAmount === undefined) return Decimal.ZERO;
  if (!Array.isArray(freeDeliveryAmount)) return decOrZero(freeDeliveryAmount as Numeric);
  const list = freeDeliveryAmount as readonly Numeric[];
  if (list.length === 0) return Decimal.ZERO;
  const index = Math.min(Math.max(paletteNum, 1), list.length) - 1;
  return decOrZero(list[index]);
}

/**
 * Whether model-promotion lines count at half value towards free delivery: when the delivery zip
 * prefix is in parisProvinceZipcode, and also when no zip is known yet (never over-promise).
 */
export function halfValueForPromotions(
  zip: string | null | undefined,
  parisProvinceZipcode: readonly string[] | string | null | undefined,
): boolean {
  if (!zip || zip.trim().length < 2) return true;
  return zipInPrefixList(zip, parisProvinceZipcode);
}

interface FreeDeliveryInput {
  loggedIn: boolean;
  pickupMethod: number | null | undefined;
  threshold: Decimal;
  amountForFreeDelivery: Decimal;
}

/**
 * Anonymous visitors and store pickup (pickup_method 2) are always free; otherwise the threshold
 * must be above 0 and the amount for free delivery at least the threshold.
 */
export function isFreeDelivery(input: FreeDeliveryInput): boolean {
  if (!input.loggedIn) return true;
  if (input.pickupMethod === 2) return true;
  return input.threshold.sign() > 0 && input.amountForFreeDelivery.gte(input.threshold);
}
