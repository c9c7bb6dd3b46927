// Credit notes at checkout (decision 079): pure rules shared by the checkout page and the server.
import { Decimal, decOrZero, type DecimalInput } from "../money.ts";
import { vatByRate, type VatByRate, type VatRow } from "../vat.ts";

/** What a credit balance takes off an order: min(balance, order TTC), never negative, to the cent. */
export function creditToApply(balance: DecimalInput | null | undefined, orderTtc: DecimalInput): string {
  const b = decOrZero(balance);
  const t = decOrZero(orderTtc);
  if (b.sign() <= 0 || t.sign() <= 0) return "0.00";
  return (b.lt(t) ? b : t).toFixed(2);
}

/**
 * Spreads an amount over credit notes, oldest first: [{id, amount}] with Σ amount = min(amount, Σ remaining).
 * Each note gives at most its remaining balance; notes with nothing taken are left out.
 */
export function spreadOverCreditNotes<T extends { id: number; remaining_ttc: DecimalInput }>(
  notes: readonly T[],
  amount: DecimalInput,
): { id: number; amount: string }[] {
  let left = decOrZero(amount);
  const out: { id: number; amount: string }[] = [];
  for (const n of notes) {
    if (left.sign() <= 0) break;
    const r = decOrZero(n.remaining_ttc);
    if (r.sign() <= 0) continue;
    const take = r.lt(left) ? r : left;
    out.push({ id: n.id, amount: take.toFixed(2) });
    left = left.minus(take);
  }
  return out;
}

/** What the buyer still pays by card: order TTC − credit used, never below zero. */
export function amountDue(orderTtc: DecimalInput, creditUsed: DecimalInput | null | undefined): string {
  const due = decOrZero(orderTtc).minus(decOrZero(creditUsed));
  return (due.sign() < 0 ? Decimal.ZERO : due).toFixed(2);
}

/** The one VAT rate of a credit note: its order's rate when all the order's lines share one, else 20 %. */
export function creditNoteRate(orderRates: readonly string[]): string {
  return orderRates.length === 1 ? orderRates[0] : "0.2000";
}

/**
 * A credit note's TTC split into HT and VAT at one rate (the rate of the order it refers to when all its
 * lines share one, else the standard 20 %): HT = TTC / (1 + rate) to the cent, VAT = TTC − HT.
 */
export function splitTtc(ttc: DecimalInput, rate: DecimalInput): { ht: string; tva: string } {
  const t = decOrZero(ttc);
  const ht = t.dividedBy(Decimal.ONE.plus(decOrZero(rate)), 2);
  return { ht: ht.toFixed(2), tva: t.minus(ht).toFixed(2) };
}

type ReturnedLine = {
  /** The order line's amount HT as invoiced (its own promotion already off) and its quantity. */
  line_ht: DecimalInput;
  num: number;
  /** Its VAT rate as invoiced (0.2000). */
  tva: DecimalInput;
  /** How many of them come back (1 … num). */
  returned: number;
};

/** A returned line as credited: its net amount HT (its share of the order's discount off) at its invoiced rate. */
type CreditedLine = { amount: Decimal; rate: DecimalInput };

/**
 * What a return credits, line by line and by rate (decision 085): for each returned line, its invoiced price —
 * line HT × returned / ordered, to the cent — less its share of the order's discount (discount × line part /
 * goods), at the invoiced rate; the VAT by the rule of invoices (core/vat.ts: each line's VAT to the cent,
 * summed by rate). Returning every line of an order without discount gives back the goods' TTC exactly;
 * freight is never credited. `lines[i]` is the credited line of `returned[i]` (null when none comes back).
 */
export function returnCredit(
  returned: readonly ReturnedLine[],
  order: { discount_amount: DecimalInput; goods_ht: DecimalInput },
): { lines: (CreditedLine | null)[]; vat: VatByRate; ttc: string } {
  const discount = decOrZero(order.discount_amount);
  const goods = decOrZero(order.goods_ht);
  const lines = returned.map((l): CreditedLine | null => {
    if (!Number.isInteger(l.returned) || l.returned < 0 || l.returned > l.num) throw new RangeError("returned quantity out of the line");
    if (l.returned === 0) return null;
    const part = decOrZero(l.line_ht).times(l.returned).dividedBy(l.num, 2);
    const net = discount.sign() > 0 && goods.sign() > 0 ? part.minus(discount.times(part).dividedBy(goods, 2)) : part;
    return { amount: net, rate: l.tva };
  });
  const vat = vatByRate(lines.filter((l): l is CreditedLine => l !== null));
  const total = decOrZero(vat.ht).plus(vat.tva);
  return { lines, vat, ttc: (total.sign() < 0 ? Decimal.ZERO : total).toFixed(2) };
}

/** The TTC a return gives back (returnCredit). */
export function returnCreditTtc(lines: readonly ReturnedLine[], order: { discount_amount: DecimalInput; goods_ht: DecimalInput }): string {
  return returnCredit(lines, order).ttc;
}

/**
 * The VAT rows a credit note shows (decision 122): by rate, as invoices, from the returned lines it was issued
 * for — when they still give back its amount. A note without lines (issued by hand) or whose lines no longer
 * give its amount is split at one rate (splitTtc): the only rate known for it.
 */
export function creditNoteVat(
  ttc: DecimalInput,
  credit: { vat: VatByRate; ttc: string } | null,
  fallbackRate: DecimalInput,
): { rows: VatRow[]; ht: string; tva: string; byLines: boolean } {
  if (credit && credit.vat.rows.length > 0 && decOrZero(credit.ttc).eq(decOrZero(ttc))) return { ...credit.vat, byLines: true };
  const { ht, tva } = splitTtc(ttc, fallbackRate);
  return { rows: [{ rate: decOrZero(fallbackRate).toFixed(4), base: ht, vat: tva }], ht, tva, byLines: false };
}
