// How the back office shows and pre-fills a stored reduction (decision 144): a fraction as a percentage, in the form's
// notation ("12.5") or the page's language ("12,5 %").
import { Decimal } from "../money.ts";
import { formatAmount } from "../price-format.ts";
import type { Lang } from "../lang.ts";

/** The percentage of a stored fraction as the form reads it: "0.1250" → "12.5", "1.0000" → "100". */
export function percentOf(fraction: string): string {
  return Decimal.from(fraction).times(100).normalized().toString();
}

/** The percentage of a stored fraction in the page's language: fr "12,5 %", zh "12.5%". */
export function percentText(fraction: string, lang: Lang): string {
  const n = formatAmount(Decimal.from(fraction).times(100), lang, { minDigits: 0, maxDigits: 2 });
  return lang === "fr" ? `${n}\u00a0%` : `${n}%`;
}
