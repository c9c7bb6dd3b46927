// Display labels of facet values and units (catalogue namespace), with the raw value as fallback.
import type { T } from "#app/lib/i18n.tsx";
import { nameUnit } from "#core/i18n/units.ts";

function lookup(t: T, key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

export const unitLabel = (t: T, unit: string, count = 1) => nameUnit(t, unit, count);

/** The label of one facet value: materials and colours translated, buckets as ranges. */
export function facetValueLabel(t: T, field: string, value: string): string {
  switch (field) {
    case "material":
      return lookup(t, `catalogue.materials.${value}`, value);
    case "colour":
      return lookup(t, `catalogue.colours.${value}`, value);
    case "unit":
      return unitLabel(t, value);
    case "stock":
      return t("catalogue.list.stock_1");
    case "promo":
      return t("catalogue.list.promo_1");
    case "length":
    case "width":
    case "height":
    case "price": {
      const mm = field !== "price";
      const over = /^(\d+)\+$/.exec(value);
      if (over) return t(mm ? "catalogue.list.mm_over" : "catalogue.list.eur_over", { min: over[1] });
      const [min, max] = value.split("-");
      return t(mm ? "catalogue.list.mm_range" : "catalogue.list.eur_range", { min, max });
    }
    default:
      return value;
  }
}
