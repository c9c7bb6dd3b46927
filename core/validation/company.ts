// French company identifiers, optional at registration and checked when given.
import { msg } from "./keys.ts";
import { text } from "./common.ts";

const compact = (s: string) => s.replace(/[\s.-]/g, "").toUpperCase();

/** SIRET: 14 digits passing the Luhn check (INSEE), spaces allowed in input. */
export function isSiret(text: string): boolean {
  const d = compact(text);
  if (!/^\d{14}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let n = Number(d[13 - i]);
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return sum % 10 === 0;
}

/** Intra-EU VAT number: French ones (FR + key + SIREN) have their key checked; others their shape. */
export function isVatNumber(text: string): boolean {
  const v = compact(text);
  const fr = /^FR([0-9A-Z]{2})(\d{9})$/.exec(v);
  if (fr) {
    if (!/^\d{2}$/.test(fr[1])) return true; // letter keys (new scheme) cannot be recomputed from the SIREN
    return Number(fr[1]) === (12 + 3 * (Number(fr[2]) % 97)) % 97;
  }
  return /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z]{8,12}$/.test(v);
}

/** Optional identifiers: "" when absent, else normalised (no spaces, upper case). */
export const siretSchema = text(msg("siret_invalid"))
  .trim()
  .optional()
  .default("")
  .refine((s) => s === "" || isSiret(s), msg("siret_invalid"))
  .transform(compact);

export const vatNumberSchema = text(msg("vat_invalid"))
  .trim()
  .optional()
  .default("")
  .refine((s) => s === "" || isVatNumber(s), msg("vat_invalid"))
  .transform(compact);
