// Price display (SPEC §9, decision 011): fr "1 234,50 € HT", zh "€1,234.50 不含税".
// Rounding is the exact half-away-from-zero rule of money.ts, which does not import this module (one-way dependency).
import { Decimal, type DecimalInput, type PriceLabel } from "./money.ts";
import type { Lang } from "./lang.ts";

/** U+202F NARROW NO-BREAK SPACE: French thousands separator (as Intl.NumberFormat fr-FR). */
export const NNBSP = "\u202f";
/** U+00A0 NO-BREAK SPACE: between the amount and "€", and before the HT/TTC label. */
export const NBSP = "\u00a0";

const ZH_LABELS: Record<PriceLabel, string> = { HT: "不含税", TTC: "含税" };

interface FormatPriceOptions {
  /** Minimum decimals shown (default 2). */
  minDigits?: number;
  /** Maximum decimals shown (default 2); extra decimals above minDigits are shown only when not zero. */
  maxDigits?: number;
}

function groupThousands(intDigits: string, sep: string): string {
  let out = "";
  for (let i = 0; i < intDigits.length; i++) {
    if (i > 0 && (intDigits.length - i) % 3 === 0) out += sep;
    out += intDigits[i];
  }
  return out;
}

/** Amount text without currency: fr "1 234,50", zh "1,234.50" (decision 011). */
export function formatAmount(value: DecimalInput, lang: Lang, opts: FormatPriceOptions = {}): string {
  const minDigits = opts.minDigits ?? 2;
  const maxDigits = Math.max(opts.maxDigits ?? 2, minDigits);
  let text = Decimal.from(value).toFixed(maxDigits);
  // Drop optional zeros beyond minDigits ("0.0300" -> "0.03" with min 2, max 4).
  if (maxDigits > minDigits) {
    const [i, f] = text.split(".");
    let frac = f;
    while (frac.length > minDigits && frac.endsWith("0")) frac = frac.slice(0, -1);
    text = frac.length > 0 ? `${i}.${frac}` : i;
  }
  const neg = text.startsWith("-");
  const body = neg ? text.slice(1) : text;
  const [intPart, frac = ""] = body.split(".");
  const fr = lang === "fr";
  const grouped = groupThousands(intPart, fr ? NNBSP : ",");
  const decimalSep = fr ? "," : ".";
  return `${neg ? "-" : ""}${grouped}${frac ? decimalSep + frac : ""}`;
}

/**
 * Price display (SPEC §9, decision 011).
 * fr: "1 234,50 €", "1 234,50 € HT", "0,00 €"  (U+202F between thousands, U+00A0 before € and label,
 *     identical to Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" })).
 * zh: "€1,234.50", "€1,234.50 不含税", "€1,234.50 含税"  (as Intl zh-CN; label after U+00A0).
 */
export function formatPrice(value: DecimalInput, lang: Lang, label?: PriceLabel, opts: FormatPriceOptions = {}): string {
  const amount = formatAmount(value, lang, opts);
  if (lang === "fr") return `${amount}${NBSP}€${label ? NBSP + label : ""}`;
  const neg = amount.startsWith("-");
  const money = neg ? `-€${amount.slice(1)}` : `€${amount}`;
  return `${money}${label ? NBSP + ZH_LABELS[label] : ""}`;
}

/** A unit price: 2 to 4 decimals (wholesale unit prices may have 4; decision 011). */
export function formatUnitPrice(value: DecimalInput, lang: Lang, label?: PriceLabel): string {
  return formatPrice(value, lang, label, { minDigits: 2, maxDigits: 4 });
}
