// A sales unit's name. Models, order lines and documents keep the unit's code (a French word: "pièce", "paquet");
// pages, PDFs and e-mails name it in their language, in the plural from 2 on ("200 pièces"; catalogue.units_other).

/** Through a translator that answers the key itself when it has no text (a page's `t`, or `translate` for a language). */
export function nameUnit(t: (key: string) => string, unit: string, count = 1): string {
  const keys = [`catalogue.units.${unit}`];
  if (count >= 2) keys.unshift(`catalogue.units_other.${unit}`);
  for (const key of keys) {
    const text = t(key);
    if (text !== key) return text;
  }
  return unit;
}
