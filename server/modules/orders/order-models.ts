// What the order reads of its models, in its transaction: everything that is money (price, site price, VAT,
// the running promotion), measures, stock and sale flags, straight from the catalogue tables. Only the names
// come from the read model (they are not money). Prices never come from a client or a cache.
import { sql } from "drizzle-orm";
import { statement } from "#server/db/statement.ts";
import { activeModelPromotion } from "#server/modules/catalogue/active-promotion.ts";
import type { CartModel, StaticModel } from "#server/modules/cart/cart-models.ts";

export type OrderModelRow = Omit<CartModel, "name" | "label" | "image" | "url">;

/** Rows of cartOrderModelsSql, with their names in the order's language from `names`. */
export function orderModels(rows: readonly OrderModelRow[], names: Map<number, StaticModel>): Map<number, CartModel> {
  const out = new Map<number, CartModel>();
  for (const r of rows) {
    const s = names.get(r.id);
    out.set(r.id, { ...r, name: s?.name ?? r.reference, label: s?.label ?? r.reference, image: s?.image ?? null, url: s?.url });
  }
  return out;
}

/**
 * The models of the customer's cart lines (a read after the cart's lock: the lines it sees are the ones ordered), each
 * read by its key (a lateral subquery per id, LIMIT 1): never a walk of models in id order (decision 100).
 */
export const cartOrderModelsSql = (customerId: number) => cartOrderModels({ customerId });
const cartOrderModels = statement(
  (p: { customerId: number }) => sql`
    select m.id, m.reference, m.unit, m.price::text as price, m.site_price::text as site_price, m.tva::text as tva,
           m.poids::text as poids, m.volume::text as volume, m.stock, m.purchasable_qty,
           (m.not_for_sale or not p.active) as not_for_sale, m.non_gls, m.product_id, p.category_id,
           pr.type as promo_type, pr.value::text as promo_value, pr.min_qty as promo_min, pr.gifted_units as promo_gifted
    from (select distinct l.model_id as id from cart_lines l join carts c on c.id = l.cart_id where c.customer_id = ${p.customerId}) i
    cross join lateral (select m.* from models m where m.id = i.id limit 1) m
    join products p on p.id = m.product_id
    left join lateral (select pr.type, pr.value, pr.min_qty, pr.gifted_units from promotions pr where ${activeModelPromotion(sql`m.id`)}
                       order by pr.starts_at desc, pr.id limit 1) pr on true`,
);
