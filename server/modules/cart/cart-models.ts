// What the cart and the order read of a model: the catalogue's current price, promotion, measures, stock
// and sale flags, with its names in one language. Prices always come from here, never from a client.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { Lang } from "#core/i18n/messages.ts";
import type { CartLineAnswer } from "#core/contracts/cart.ts";
import { productUrl } from "#core/slug.ts";
import { activeModelPromotion } from "#server/modules/catalogue/active-promotion.ts";
import { MODEL_TTL_MS } from "#server/modules/catalogue/list-model.ts";
import type { ReadCache } from "#server/read-cache.ts";
import { createGroupPrices } from "#server/modules/pricing/group-prices.ts";

export type CartModel = {
  id: number;
  reference: string;
  unit: string;
  price: string;
  site_price: string;
  tva: string;
  poids: string;
  volume: string;
  stock: number;
  purchasable_qty: number;
  /** Not for sale, or its product withdrawn. */
  not_for_sale: boolean;
  non_gls: boolean;
  product_id: number;
  /** The product's category: a customer group's percentage may be set on it or on a parent (decision 157). */
  category_id: number | null;
  name: string;
  label: string;
  image: string | null;
  promo_type: number | null;
  promo_value: string | null;
  promo_min: number | null;
  promo_gifted: number | null;
  /** The product page URL in the read model's language (computed once per load, not per answered line). */
  url?: string;
};

/** What changes with every sale, read live: stock counters and the sale flags. */
export type LiveModel = Pick<CartModel, "id" | "stock" | "purchasable_qty" | "not_for_sale">;
/** The rest, from the read model: dropped on any catalogue change (stock changes excepted, decision 061). */
export type StaticModel = Omit<CartModel, "stock" | "purchasable_qty">;

const idList = (ids: readonly number[]) =>
  sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  );

/** Every model's prices, promotion, measures and names in `lang`: one query, kept in the read model. */
async function loadStatic(db: Db, lang: Lang): Promise<Map<number, StaticModel>> {
  const rows = await query<StaticModel>(
    db,
    sql`
    select m.id, m.reference, m.unit, m.price::text as price, m.site_price::text as site_price, m.tva::text as tva,
           m.poids::text as poids, m.volume::text as volume, (m.not_for_sale or not p.active) as not_for_sale, m.non_gls,
           p.id as product_id, p.category_id, coalesce(pt.name, pf.name) as name, coalesce(mt.label, mf.label, m.reference) as label, p.img as image,
           pr.type as promo_type, pr.value::text as promo_value, pr.min_qty as promo_min,
           pr.gifted_units as promo_gifted
    from models m
    join products p on p.id = m.product_id
    join product_translations pf on pf.product_id = p.id and pf.lang = 'fr'
    left join product_translations pt on pt.product_id = p.id and pt.lang = ${lang}
    left join model_translations mf on mf.model_id = m.id and mf.lang = 'fr'
    left join model_translations mt on mt.model_id = m.id and mt.lang = ${lang}
    left join lateral (select pr.type, pr.value, pr.min_qty, pr.gifted_units from promotions pr where ${activeModelPromotion(sql`m.id`)}
                       order by pr.starts_at desc, pr.id limit 1) pr on true`,
  );
  return new Map(rows.map((r) => [r.id, { ...r, url: productUrl(lang, { id: r.product_id, name: r.name }) }]));
}

/** Stock counters and sale flags of `ids`, ordered by id; `lock` takes their row locks in that order. */
export async function liveModels(q: Db, ids: readonly number[], lock = false): Promise<Map<number, LiveModel>> {
  if (ids.length === 0) return new Map();
  const rows = await query<LiveModel>(
    q,
    sql`
    select m.id, m.stock, m.purchasable_qty, (m.not_for_sale or not p.active) as not_for_sale
    from models m join products p on p.id = m.product_id where m.id in (${idList(ids)}) order by m.id
    ${lock ? sql`for no key update of m` : sql``}`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The catalogue side of cart lines. Cart pages and cart calls read prices and names from the read model
 * (invalidated by every catalogue change, promotions re-read every minute for their dates) and only stock
 * live; the order re-reads everything that is money from the database (orders/order-models.ts).
 */
export function createCartModels(db: Db, cache: ReadCache) {
  /** The read-model part; call it outside a transaction (it may load through the pool). */
  const catalogue = (lang: Lang) => cache.memo(`cart-models:${lang}`, () => loadStatic(db, lang), MODEL_TTL_MS);

  /** Joins live rows with the read model; a model missing from either is absent (unknown). */
  function join(statics: Map<number, StaticModel>, live: Map<number, LiveModel>): Map<number, CartModel> {
    const out = new Map<number, CartModel>();
    for (const [id, l] of live) {
      const s = statics.get(id);
      if (s) out.set(id, { ...s, ...l });
    }
    return out;
  }

  /** Customer groups' price lists, kept with the read model (decision 157). */
  const groups = createGroupPrices(db, cache);

  return { catalogue, join, groups };
}

export type CartModels = ReturnType<typeof createCartModels>;

/** A cart line (SPEC §3 cart item) priced from the model, plus what a cart page shows. */
/** A priced cart line as answers show it. */
export type CartListLine = CartLineAnswer;

/**
 * The cart line of `m` with quantity `num`; `id` is the server line id (0 for an anonymous line). One object
 * literal with every field of the answer (quotation fields and `amount` filled in later by the caller), so a
 * 50-line answer is built without copying lines.
 */
export function toCartLine(m: CartModel, num: number, id: number, lang: Lang): CartListLine {
  return {
    id,
    model_id: m.id,
    num,
    price: m.price,
    site_price: m.site_price,
    poids: m.poids,
    volume: m.volume,
    tva: m.tva,
    unit: m.unit,
    non_gls_status: m.non_gls ? 1 : 0,
    remise_info:
      m.promo_type !== null && m.promo_value !== null && !m.not_for_sale
        ? {
            type: m.promo_type,
            value: m.promo_value,
            num: m.promo_min ?? 1,
            ...(m.promo_gifted ? { gifted_units: m.promo_gifted } : {}),
          }
        : null,
    purchasable_qty: m.purchasable_qty,
    name: m.name,
    label: m.label,
    reference: m.reference,
    image: m.image,
    url: m.url ?? productUrl(lang, { id: m.product_id, name: m.name }),
    stock: m.stock,
    not_for_sale: m.not_for_sale,
    product_id: m.product_id,
    quoted: false,
    quotation_id: null,
    quotation_number: null,
    amount: "0.00",
    gifted_units: 0,
  };
}
