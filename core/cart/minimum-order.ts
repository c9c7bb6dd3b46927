// The minimum order amount (SPEC §3 site config `minBuyPrice`, excl. tax). The goods after promotions and
// coupon (`cartTotalAmount`) must reach it; freight does not count. Unset, zero or negative: no minimum.
import type { Decimal } from "../money.ts";
import { decOrZero } from "../money.ts";
import type { Numeric } from "./types.ts";

/** The minimum that applies, or null when there is none. */
export function minimumOrder(minBuyPrice: Numeric | null | undefined): Decimal | null {
  const min = decOrZero(minBuyPrice);
  return min.sign() > 0 ? min : null;
}

/** The minimum `cartTotalAmount` falls short of (to name it in the refusal), or null when the order may be placed. */
export function minimumOrderShortfall(cartTotalAmount: Numeric, minBuyPrice: Numeric | null | undefined): Decimal | null {
  const min = minimumOrder(minBuyPrice);
  return min && decOrZero(cartTotalAmount).lt(min) ? min : null;
}
