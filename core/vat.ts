// VAT by rate (SPEC §9 "Line tax = price excl. tax times tva"; decisions 012, 013, 116): the one rule of the cart,
// the order, its invoice, quotations and credit notes, so two documents of the same goods agree to the cent.
//   - a line's VAT is its amount HT × its rate, to the cent (half away from zero);
//   - a rate's VAT is the sum of its lines' VAT, its base the sum of their amounts;
//   - a discount on the goods (coupon) takes off its HT share of each rate's base and a VAT share: the exact
//     Σ amount × rate × discount / goods, rounded once (as the cart), spread over the rates in proportion;
//   - charges (freight, toll, appointment, freight discount) join the row of the rate they were charged at.
// A document shows the rate applied, never a rate derived from rounded amounts.
import { Decimal, decOrZero, type DecimalInput } from "./money.ts";
import { formatAmount } from "./price-format.ts";
import type { Lang } from "./lang.ts";

export type VatRow = { rate: string; base: string; vat: string };

type VatLine = { amount: DecimalInput; rate: DecimalInput };

/** A charge at its rate; `vat` when it was charged with its own rounded VAT (an order's freight), else amount × rate. */
type VatCharge = { amount: DecimalInput; rate: DecimalInput; vat?: DecimalInput };

export type VatByRate = { rows: VatRow[]; ht: string; tva: string };

/** A line's VAT: amount × rate to the cent, half away from zero. */
export function lineVat(amount: DecimalInput, rate: DecimalInput): Decimal {
  return decOrZero(amount).times(decOrZero(rate)).round(2);
}

const rateKey = (rate: DecimalInput) => decOrZero(rate).toFixed(4);

/**
 * Spreads `total` (2 decimals) over the keys in proportion to their weights: each share to the cent, the
 * largest weight takes what the rounding leaves, so the shares add up to `total`. On a tie the greatest key
 * (rate keys share one format, so the highest rate) takes it: the split never depends on the lines' order.
 */
export function spreadInProportion(total: Decimal, weights: ReadonlyMap<string, Decimal>): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  let whole = Decimal.ZERO;
  let largest: string | null = null;
  for (const [k, w] of weights) {
    whole = whole.plus(w);
    if (largest === null) {
      largest = k;
      continue;
    }
    const order = w.cmp(weights.get(largest)!);
    if (order > 0 || (order === 0 && k > largest)) largest = k;
  }
  if (largest === null) return out;
  if (whole.isZero()) {
    for (const k of weights.keys()) out.set(k, k === largest ? total : Decimal.ZERO);
    return out;
  }
  let given = Decimal.ZERO;
  for (const [k, w] of weights) {
    if (k === largest) continue;
    const share = total.times(w).dividedBy(whole, 2);
    out.set(k, share);
    given = given.plus(share);
  }
  out.set(largest, total.minus(given));
  return out;
}

/** The coupon's VAT share as the cart takes it off: Σ exact line VAT × discount / goods, rounded once. */
function discountVat(lines: readonly VatLine[], discount: DecimalInput): Decimal {
  const d = decOrZero(discount);
  let goods = Decimal.ZERO;
  let exact = Decimal.ZERO;
  for (const l of lines) {
    goods = goods.plus(decOrZero(l.amount));
    exact = exact.plus(decOrZero(l.amount).times(decOrZero(l.rate)));
  }
  if (d.isZero() || goods.sign() <= 0) return Decimal.ZERO;
  return exact.times(d).dividedBy(goods, 2);
}

/** VAT by rate of goods lines, less a discount on the goods (HT, ≥ 0), plus charges; rows by rate, highest first. */
export function vatByRate(lines: readonly VatLine[], opts: { discount?: DecimalInput; charges?: readonly VatCharge[] } = {}): VatByRate {
  const base = new Map<string, Decimal>();
  const vat = new Map<string, Decimal>();
  const exactTax = new Map<string, Decimal>();
  const add = (m: Map<string, Decimal>, k: string, v: Decimal) => m.set(k, (m.get(k) ?? Decimal.ZERO).plus(v));
  for (const l of lines) {
    const k = rateKey(l.rate);
    const amount = decOrZero(l.amount);
    add(base, k, amount);
    add(vat, k, lineVat(amount, l.rate));
    add(exactTax, k, amount.times(decOrZero(l.rate)));
  }
  const discount = decOrZero(opts.discount);
  if (discount.sign() > 0 && lines.length > 0) {
    for (const [k, share] of spreadInProportion(discount, base)) add(base, k, share.negated());
    for (const [k, share] of spreadInProportion(discountVat(lines, discount), exactTax)) add(vat, k, share.negated());
  }
  for (const c of opts.charges ?? []) {
    const amount = decOrZero(c.amount);
    if (amount.isZero() && decOrZero(c.vat).isZero()) continue;
    const k = rateKey(c.rate);
    add(base, k, amount);
    add(vat, k, c.vat === undefined ? lineVat(amount, c.rate) : decOrZero(c.vat));
  }
  // a rate with nothing charged at it (a free line, a freight its discount cancels) has no row
  const rows = [...base.entries()]
    .filter(([rate, b]) => !b.isZero() || !(vat.get(rate) ?? Decimal.ZERO).isZero())
    .sort((a, b) => Decimal.from(b[0]).cmp(a[0]))
    .map(([rate, b]) => ({ rate, base: b.toFixed(2), vat: (vat.get(rate) ?? Decimal.ZERO).toFixed(2) }));
  let ht = Decimal.ZERO;
  let tva = Decimal.ZERO;
  for (const r of rows) {
    ht = ht.plus(r.base);
    tva = tva.plus(r.vat);
  }
  return { rows, ht: ht.toFixed(2), tva: tva.toFixed(2) };
}

/** The rate as text: "20 %" (fr), "20%" (zh); 5.5 % keeps its decimal. */
export function formatRate(rate: DecimalInput, lang: Lang): string {
  const text = formatAmount(decOrZero(rate).times(100), lang, { minDigits: 0, maxDigits: 2 });
  return lang === "fr" ? `${text}\u00a0%` : `${text}%`;
}
