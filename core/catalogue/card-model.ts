// The model a product card adds to the cart (decision 086). The card shows the product's
// "from" price; its add-to-cart button takes the cheapest model that can be bought now (on sale, in stock,
// purchasable quantity above 0), the first in the product's model order on a tie. None: nothing to add.
type CardModelCandidate = { id: number; price: number; buyable: boolean };

/** `models` in the product's model order (position, id). */
export function cardModelOf<T extends CardModelCandidate>(models: readonly T[]): T | null {
  let best: T | null = null;
  for (const m of models) if (m.buyable && (best === null || m.price < best.price)) best = m;
  return best;
}
