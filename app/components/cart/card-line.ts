// The cart line a list card, list row or search result adds: the card carries the model to add (core
// cardModelOf on the server, decision 086), so adding goes straight to the cart without reading the product.
import { productUrl } from "#core/slug.ts";
import type { Lang } from "#core/i18n/messages.ts";
import type { ProductCard } from "#core/catalogue/types.ts";
import type { AddLine } from "./add-to-cart.tsx";

/** The line to add, or null when no model of the product can be bought now. */
export function cardLine(p: ProductCard, lang: Lang): AddLine | null {
  if (p.model_id === null || p.model_id === undefined) return null;
  return { model_id: p.model_id, name: p.name, image: p.img, price: p.model_price ?? p.price_from, url: productUrl(lang, p) };
}
