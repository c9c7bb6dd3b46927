// The money an order stores, from the cart totals it was placed with (schema 0008, decision 116).
import { Decimal, decOrZero } from "./money.ts";
import type { CartTotals } from "./cart/types.ts";

type OrderMoney = {
  totalHt: string;
  totalTva: string;
  totalTtc: string;
  /** Freight, toll and appointment charged, net of the freight discount. */
  freightHt: string;
  freightTva: string;
  /** The coupon's reduction (≥ 0). */
  discount: string;
  /** The freight discount of SPEC §9 taken off freightHt (≥ 0). */
  freightDiscount: string;
  /** The rate the freight was charged at; null when the order charges no freight. */
  freightVatRate: string | null;
};

/** The order's stored amounts: all non-negative, total_ttc = total_ht + total_tva exactly. */
export function orderMoney(t: CartTotals): OrderMoney {
  const freightHt = decOrZero(t.freightHt).plus(decOrZero(t.tollHt)).plus(decOrZero(t.rdvHt)).plus(decOrZero(t.appliedFreightDiscountHt));
  const freightTva = decOrZero(t.freightTva).plus(decOrZero(t.tollTva)).plus(decOrZero(t.rdvTva)).plus(decOrZero(t.freightDiscountTva));
  const totalHt = decOrZero(t.grandTotalHt);
  const totalTva = decOrZero(t.grandTotalTva);
  const freightDiscount = decOrZero(t.appliedFreightDiscountHt).negated();
  const charged = !freightHt.isZero() || !freightDiscount.isZero();
  return {
    totalHt: totalHt.toFixed(2),
    totalTva: totalTva.toFixed(2),
    totalTtc: totalHt.plus(totalTva).toFixed(2),
    freightHt: freightHt.toFixed(2),
    freightTva: (freightTva.sign() < 0 ? Decimal.ZERO : freightTva).toFixed(2),
    discount: decOrZero(t.discountAmount).negated().toFixed(2),
    freightDiscount: freightDiscount.toFixed(2),
    freightVatRate: charged ? decOrZero(t.freightVatRate).toFixed(4) : null,
  };
}
