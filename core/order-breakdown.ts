// How an order's money is broken down, the same on the checkout summary, the confirmation, the order detail and
// the order e-mails (decision 116): goods, coupon, freight as charged before its discount, the freight discount of
// SPEC §9 on its own labelled row, total HT, VAT by rate, total VAT, total TTC, then — when a credit note paid
// part of it — the credit deducted and what is left to pay by card.
import { Decimal, decOrZero, type DecimalInput } from "./money.ts";
import type { VatRow } from "./vat.ts";
import type { CartTotals } from "./cart/types.ts";

export type OrderMoneyFigures = {
  goods_ht: DecimalInput;
  /** The coupon's reduction (≥ 0). */
  discount_amount: DecimalInput;
  /** Freight charged, net of the freight discount (what total HT counts). */
  freight_ht: DecimalInput;
  /** The freight discount taken off it (≥ 0). */
  freight_discount_ht: DecimalInput;
  total_ht: DecimalInput;
  vat?: readonly VatRow[];
  total_tva: DecimalInput;
  total_ttc: DecimalInput;
  /** Credit-note balance spent on the order (≥ 0) and what is left to pay by card. */
  credit_used?: DecimalInput | null;
  amount_due?: DecimalInput | null;
};

export type BreakdownRow =
  | { key: "goods_ht" | "total_ht" | "total_tva" | "total_ttc" | "amount_due"; amount: string }
  | { key: "discount" | "freight_discount" | "credit_used"; amount: string }
  | { key: "freight"; amount: string; free: boolean }
  | { key: "vat_rate"; amount: string; rate: string; base: string };

/** The rows in their order; reductions are negative amounts ("-0.28"); optional rows only when not zero. */
export function breakdownRows(f: OrderMoneyFigures): BreakdownRow[] {
  const discount = decOrZero(f.discount_amount);
  const freightDiscount = decOrZero(f.freight_discount_ht);
  const freight = decOrZero(f.freight_ht).plus(freightDiscount);
  const credit = decOrZero(f.credit_used);
  const rows: BreakdownRow[] = [{ key: "goods_ht", amount: decOrZero(f.goods_ht).toFixed(2) }];
  if (!discount.isZero()) rows.push({ key: "discount", amount: discount.negated().toFixed(2) });
  rows.push({ key: "freight", amount: freight.toFixed(2), free: freight.isZero() });
  if (!freightDiscount.isZero()) rows.push({ key: "freight_discount", amount: freightDiscount.negated().toFixed(2) });
  rows.push({ key: "total_ht", amount: decOrZero(f.total_ht).toFixed(2) });
  for (const v of f.vat ?? []) rows.push({ key: "vat_rate", amount: v.vat, rate: v.rate, base: v.base });
  rows.push({ key: "total_tva", amount: decOrZero(f.total_tva).toFixed(2) });
  rows.push({ key: "total_ttc", amount: decOrZero(f.total_ttc).toFixed(2) });
  if (credit.sign() > 0) {
    rows.push({ key: "credit_used", amount: credit.negated().toFixed(2) });
    rows.push({ key: "amount_due", amount: decOrZero(f.amount_due ?? Decimal.ZERO).toFixed(2) });
  }
  return rows;
}

/** The figures of a cart about to be ordered (the checkout summary), as the order will store them. */
export function cartMoneyFigures(
  t: Omit<CartTotals, "lines">,
  credit?: { credit_used: DecimalInput; amount_due: DecimalInput } | null,
): OrderMoneyFigures {
  const applied = decOrZero(t.appliedFreightDiscountHt);
  return {
    goods_ht: t.totalAmount,
    discount_amount: decOrZero(t.discountAmount).negated(),
    freight_ht: decOrZero(t.freightHt).plus(decOrZero(t.tollHt)).plus(decOrZero(t.rdvHt)).plus(applied),
    freight_discount_ht: applied.negated(),
    total_ht: t.grandTotalHt,
    vat: t.vat,
    total_tva: t.grandTotalTva,
    total_ttc: t.grandTotal,
    credit_used: credit?.credit_used ?? null,
    amount_due: credit?.amount_due ?? null,
  };
}
