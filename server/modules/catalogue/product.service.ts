// Product lists and product detail (SPEC §2): the behaviour behind POST /site/Product/index,
// GET /site/Product/detail and the list/detail page loaders (same functions, cannot disagree).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReadCache, StockChange } from "#server/read-cache.ts";
import { LANGS, type Lang } from "#core/i18n/messages.ts";
import { buildBreadcrumbs } from "#core/breadcrumbs.ts";
import { productUrl } from "#core/slug.ts";
import { notFound } from "#core/domain-errors.ts";
import type { CatalogueService } from "./catalogue.service.ts";
import { activeModelPromotion } from "./active-promotion.ts";
import { createListModel, MODEL_TTL_MS, type CatalogueModel } from "./list-model.ts";
import { computeList, toCard, toListQuery } from "./product-list.service.ts";
import type { ListParamsInput } from "#core/validation/catalogue.ts";
import type { ProductDetailAnswer, ProductListAnswer, ProductModelAnswer } from "#core/contracts/catalogue.ts";
import { cardTag, categoryTag, productTag, stockChangeTags, type PageTags } from "./page-tags.ts";

type DetailRow = Omit<ProductDetailAnswer["product"], "url" | "in_promo" | "in_stock"> & {
  models: ProductModelAnswer[];
  related: number[];
};

/** A detail as cached: the related products as ids, their cards (stock state) are taken at each call. */
type DetailBase = Omit<ProductDetailAnswer, "related"> & {
  relatedIds: number[];
  out?: { model: CatalogueModel; version: number; value: ProductDetailAnswer };
};

const RESULT_CACHE_MAX = 1_000; // bounded: arbitrary filter combinations cannot grow memory without limit

export function createProductService(db: Db, cache: ReadCache, catalogue: CatalogueService) {
  const listModel = createListModel(db, cache);
  // Computed lists keyed by lang + normalised params, valid while the read model they came from is current
  // (same object, no stock patch since).
  const results = new Map<string, { model: CatalogueModel; version: number; value: ProductListAnswer; scope: Set<number> }>();

  // Stock changes (decision 061): quantities live in the product details only; availability also in the list model.
  cache.onStock(({ kind, products }) => {
    for (const id of products) for (const lang of LANGS) cache.drop(`product:${lang}:${id}`);
    if (kind === "avail") listModel.stockChanged(products);
  });

  /** `tags` (page renders): the categories of the list's scope, whose stock changes move its facets. */
  async function productList(lang: Lang, params: ListParamsInput, tags?: PageTags): Promise<ProductListAnswer> {
    const q = toListQuery(params);
    const [model, tree] = await Promise.all([listModel.model(), catalogue.categoryTree(lang)]);
    const key = `${lang}|${q.type}|${q.flag}|${q.sort}|${q.page}|${q.pageSize}|${JSON.stringify(q.filters)}`;
    let hit = results.get(key);
    if (!hit || hit.model !== model || hit.version !== model.version) {
      const scope = new Set<number>();
      hit = { model, version: model.version, value: computeList(model, tree, lang, q, scope), scope };
      if (results.size >= RESULT_CACHE_MAX) results.delete(results.keys().next().value!);
      results.set(key, hit);
    }
    if (tags) for (const c of hit.scope) tags.add(categoryTag(c));
    return hit.value;
  }

  /** Product detail, cached per product and language in the read model; unknown or inactive id → 404.
   * `tags` (page renders): the product's stock and its related products' cards. */
  async function productDetail(lang: Lang, id: number, tags?: PageTags): Promise<ProductDetailAnswer> {
    const model = await listModel.model();
    const entry = model.byId.get(id);
    if (!entry) throw notFound("catalogue.api_product_not_found");
    const base = await cache.memo(`product:${lang}:${id}`, () => loadDetail(lang, id, model), MODEL_TTL_MS);
    if (tags) {
      tags.add(productTag(id));
      for (const r of base.relatedIds) tags.add(cardTag(r));
    }
    // in_stock and the related cards from the current model, kept while it stays the same
    if (base.out?.model === model && base.out.version === model.version) return base.out.value;
    const { relatedIds, out: _o, ...rest } = base;
    const value: ProductDetailAnswer = {
      ...rest,
      product: { ...rest.product, in_stock: entry.inStock },
      related: relatedIds
        .map((r) => model.byId.get(r))
        .filter((p) => p !== undefined)
        .map((p) => toCard(p, lang)),
    };
    base.out = { model, version: model.version, value };
    return value;
  }

  /** The render-cache tags a stock change makes stale (server/http/pages.ts). */
  const pageTags = (change: StockChange) => stockChangeTags(change, listModel.categoryOf);

  async function loadDetail(lang: Lang, id: number, model: CatalogueModel): Promise<DetailBase> {
    const [rows, tree] = await Promise.all([
      query<DetailRow>(
        db,
        sql`
        select p.id, coalesce(t.name, f.name) as name, p.reference, p.brand, p.material, p.colour, p.img,
               coalesce(t.description, f.description) as description, p.category_id, p.is_new, p.best_selling, p.price_drop,
               coalesce((select json_agg(json_build_object(
                   'id', m.id, 'reference', m.reference, 'label', coalesce(mt.label, mf.label, m.reference),
                   'length_mm', m.length_mm, 'width_mm', m.width_mm, 'height_mm', m.height_mm, 'capacity', m.capacity,
                   'unit', m.unit, 'unit_qty', m.unit_qty, 'price', m.price::text, 'tva', m.tva::text, 'stock', m.stock,
                   'purchasable_qty', m.purchasable_qty, 'not_for_sale', m.not_for_sale,
                   'promotion', (select json_build_object('type', pr.type, 'value', pr.value::text, 'min_qty', pr.min_qty,
                                   'threshold_pct', pr.threshold_pct::text, 'gifted_units', pr.gifted_units,
                                   'mixed_series', pr.mixed_series, 'special_price', pr.special_price::text, 'ends_at', pr.ends_at)
                                 from promotions pr where ${activeModelPromotion(sql`m.id`)} and not m.not_for_sale
                                 order by pr.starts_at desc, pr.id limit 1)
                 ) order by m.position, m.id)
                 from models m
                 left join model_translations mt on mt.model_id = m.id and mt.lang = ${lang}
                 left join model_translations mf on mf.model_id = m.id and mf.lang = 'fr'
                 where m.product_id = p.id), '[]'::json) as models,
               coalesce((select json_agg(r.related_id order by r.related_id) from related_products r where r.product_id = p.id), '[]'::json) as related
        from products p
        join product_translations f on f.product_id = p.id and f.lang = 'fr'
        left join product_translations t on t.product_id = p.id and t.lang = ${lang}
        where p.id = ${id} and p.active`,
      ),
      catalogue.categoryTree(lang),
    ]);
    const row = rows[0];
    if (!row) throw notFound("catalogue.api_product_not_found");
    const parse = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
    const models = parse<ProductModelAnswer[]>(row.models);
    const relatedIds = parse<number[]>(row.related);
    const entry = model.byId.get(id);
    const { models: _m, related: _r, ...product } = row;
    const url = productUrl(lang, { id, name: row.name });
    return {
      product: { ...product, in_promo: entry?.inPromo ?? false, in_stock: entry?.inStock ?? false, url },
      models,
      breadcrumbs: buildBreadcrumbs(tree, row.category_id, { lang, current: { name: row.name, url } }),
      relatedIds,
    };
  }

  /** Every active product id and its names (sitemap). */
  async function allProducts() {
    const model = await listModel.model();
    return model.products.map((p) => ({ id: p.id, name: p.name, categoryId: p.categoryId }));
  }

  return { productList, productDetail, allProducts, pageTags };
}
