// Render-cache tags (decision 061): what a rendered page shows, recorded by the services its loaders call, so
// that a stock change drops only the pages showing the products concerned.
import type { StockChange } from "#server/read-cache.ts";

/** Filled during one render; undefined outside page renders (API calls). */
export type PageTags = Set<string>;

/** The product's own page: stock quantities and purchasable quantities per model. */
export const productTag = (id: number) => `p${id}`;
/** A card of the product: in stock or not. */
export const cardTag = (id: number) => `c${id}`;
/** A list whose scope holds products of this category: its "in stock" facet counts and filter results. */
export const categoryTag = (id: number) => `k${id}`;

/** The tags of the pages a stock change makes stale: quantities only show on the product's page; a model
 * going out of stock or back in also changes its cards and the lists (facets) of its category. */
export function stockChangeTags(change: StockChange, categoryOf: (productId: number) => number | undefined): string[] {
  const tags: string[] = [];
  for (const id of change.products) {
    tags.push(productTag(id));
    if (change.kind !== "avail") continue;
    tags.push(cardTag(id));
    const category = categoryOf(id);
    if (category !== undefined) tags.push(categoryTag(category));
  }
  return tags;
}
