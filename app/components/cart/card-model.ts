// A list card or search result shows a product; the cart takes one of its models. The card's price is the
// "from" price, so the card adds the cheapest model on sale with stock, read from the product API once per
// product and page (decision 073: a model id on the card read model would save this call).
import { api } from "#app/lib/api.ts";
import type { ProductDetail } from "#core/catalogue/types.ts";
import type { AddLine } from "./add-to-cart.tsx";

const cache = new Map<number, Promise<AddLine | null>>();

export function pickModel(d: ProductDetail): AddLine | null {
  const sellable = d.models.filter((m) => !m.not_for_sale && m.stock > 0 && m.purchasable_qty > 0);
  if (sellable.length === 0) return null;
  const m = sellable.reduce((a, b) => (Number(b.price) < Number(a.price) ? b : a));
  return {
    model_id: m.id,
    name: `${d.product.name} — ${m.label}`,
    image: d.product.img,
    price: m.price,
    url: d.product.url,
    reference: m.reference,
  };
}

export function cardModel(productId: number): Promise<AddLine | null> {
  let hit = cache.get(productId);
  if (!hit) {
    hit = api<ProductDetail>("GET", "/site/Product/detail", { query: { id: productId }, showLoading: false }).then((res) =>
      res?.code === 200 ? pickModel(res.data) : null,
    );
    void hit.then((r) => {
      if (!r) cache.delete(productId);
    });
    cache.set(productId, hit);
  }
  return hit;
}
