// What the cart may say of delivery before the checkout (SPEC §6, §9). The free-delivery *check* counts a
// visitor as free, but a visitor has chosen no mode and no address: the cart never states that delivery is
// free as a fact then, it names the threshold. A customer's cart names the mode its freight assumes.
import { decOrZero, type Decimal } from "../money.ts";
import { freeDeliveryThreshold } from "./free-delivery.ts";
import type { CartParams, CartTotals, Numeric } from "./types.ts";

export type CartDeliveryNote =
  /** The saved store pickup: free, the shop named. */
  | { kind: "pickup"; shopId: number | null }
  /** A shipped mode whose freight is known: free (threshold reached) or charged. */
  | { kind: "free"; mode: string | null }
  | { kind: "charged"; mode: string | null; amount: string }
  /** No mode or no freight yet (every visitor): computed at the next step. */
  | { kind: "next_step"; mode: string | null };

type Info = Pick<CartParams, "pickup_method" | "freight"> &
  Pick<CartTotals, "isFreeDelivery" | "freightHt" | "tollHt" | "rdvHt"> & { delivery_mode?: string | null; shop_id?: number | null };

export function cartDeliveryNote(info: Info, loggedIn: boolean): CartDeliveryNote {
  if (!loggedIn) return { kind: "next_step", mode: null };
  if (info.pickup_method === 2) return { kind: "pickup", shopId: info.shop_id ?? null };
  const mode = info.delivery_mode ?? null;
  if (!mode || !info.freight) return { kind: "next_step", mode };
  if (info.isFreeDelivery) return { kind: "free", mode };
  const amount = decOrZero(info.freightHt).plus(decOrZero(info.tollHt)).plus(decOrZero(info.rdvHt));
  return { kind: "charged", mode, amount: amount.toFixed(2) };
}

/**
 * The free-delivery threshold to show and what is left to reach it, or null when there is none to show
 * (store pickup, a freight already free, no threshold). A visitor's threshold comes from the site config
 * (`freeDeliveryAmount`, by pallet count): the server's totals carry none without a freight.
 */
export function freeDeliveryProgress(
  note: CartDeliveryNote,
  info: Pick<CartTotals, "freeDeliveryThreshold" | "amount_for_freeDelivery" | "palette_num">,
  freeDeliveryAmount: Numeric | readonly Numeric[] | null | undefined,
): { threshold: Decimal; counted: Decimal; left: Decimal } | null {
  if (note.kind === "pickup" || note.kind === "free") return null;
  const fromCart = decOrZero(info.freeDeliveryThreshold);
  const threshold = fromCart.sign() > 0 ? fromCart : freeDeliveryThreshold(freeDeliveryAmount, info.palette_num);
  if (threshold.sign() <= 0) return null;
  const counted = decOrZero(info.amount_for_freeDelivery);
  const left = threshold.minus(counted);
  return { threshold, counted, left: left.sign() > 0 ? left : decOrZero(0) };
}

/** Promotion lines counted at half value (SPEC §9): the amount counted is below the goods' (before the coupon). */
export const promotionsAtHalfValue = (info: Pick<CartTotals, "amount_for_freeDelivery" | "totalAmount">) =>
  decOrZero(info.amount_for_freeDelivery).lt(decOrZero(info.totalAmount));
