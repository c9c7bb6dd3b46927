// French telephone numbers (decision 027).

/** Separators accepted between digit groups. */
const SEPARATORS = /[\s.\-()]/g;
/** Metropolitan and overseas numbers: 0X XX XX XX XX, +33 X XX XX XX XX, 0033 X …; X is 1–9. */
const FR_PHONE = /^(?:0|\+33|0033)([1-9]\d{8})$/;
/** Overseas departments and territories dialled with their own country code. */
const OVERSEAS_PHONE = /^(?:\+|00)(262|269|508|590|594|596|687|689)(\d{6,9})$/;

export function isFrenchPhone(text: string): boolean {
  return normalizeFrenchPhone(text) !== null;
}

/** E.164 form ("+33612345678") of a valid French number, else null. */
export function normalizeFrenchPhone(text: string): string | null {
  const compact = text.trim().replace(SEPARATORS, "");
  const fr = FR_PHONE.exec(compact);
  if (fr) return `+33${fr[1]}`;
  const dom = OVERSEAS_PHONE.exec(compact);
  if (dom) return `+${dom[1]}${dom[2]}`;
  return null;
}
