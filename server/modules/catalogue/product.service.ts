// Product lists and product detail (SPEC §2): the behaviour behind POST /site/Product/index,
// GET /site/Product/detail and the list/detail page loaders (same functions, cannot disagree).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReadCache } from "#server/read-cache.ts";
import type { Lang } from "#app/lib/messages.ts";
import { buildBreadcrumbs, type BreadcrumbEntry } from "#core/breadcrumbs.ts";
import { productUrl } from "#core/slug.ts";
import { notFound } from "#server/http/errors.ts";
import type { CatalogueService } from "./catalogue.service.ts";
import { createListModel, MODEL_TTL_MS, type CatalogueModel } from "./list-model.ts";
import { computeList, toCard, toListQuery, type ListCard, type ProductListResult } from "./product-list.service.ts";
import type { ListParamsInput } from "./catalogue.schemas.ts";

export type ModelPromotion = {
  type: number; value: string; min_qty: number; threshold_pct: string | null; gifted_units: number | null;
  mixed_series: string | null; special_price: string | null; ends_at: string | null;
};
export type ProductModel = {
  id: number; reference: string; label: string; length_mm: number | null; width_mm: number | null; height_mm: number | null;
  capacity: string | null; unit: string; unit_qty: number; price: string; tva: string; stock: number; purchasable_qty: number;
  not_for_sale: boolean; promotion: ModelPromotion | null;
};
export type ProductDetail = {
  product: {
    id: number; name: string; reference: string; brand: string | null; material: string | null; colour: string | null;
    img: string | null; description: string | null; category_id: number; is_new: boolean; best_selling: boolean;
    price_drop: boolean; in_promo: boolean; in_stock: boolean; url: string;
  };
  models: ProductModel[];
  breadcrumbs: BreadcrumbEntry[];
  related: ListCard[];
};

type DetailRow = Omit<ProductDetail["product"], "url" | "in_promo" | "in_stock"> & { models: ProductModel[]; related: number[] };

const RESULT_CACHE_MAX = 1_000; // bounded: arbitrary filter combinations cannot grow memory without limit

export function createProductService(db: Db, cache: ReadCache, catalogue: CatalogueService) {
  const listModel = createListModel(db, cache);
  // Computed lists keyed by lang + normalised params, valid while the read model they came from is current.
  const results = new Map<string, { model: CatalogueModel; value: ProductListResult }>();

  async function productList(lang: Lang, params: ListParamsInput): Promise<ProductListResult> {
    const q = toListQuery(params);
    const [model, tree] = await Promise.all([listModel.model(), catalogue.categoryTree(lang)]);
    const key = `${lang}|${q.type}|${q.flag}|${q.sort}|${q.page}|${q.pageSize}|${JSON.stringify(q.filters)}`;
    const hit = results.get(key);
    if (hit && hit.model === model) return hit.value;
    const value = computeList(model, tree, lang, q);
    if (results.size >= RESULT_CACHE_MAX) results.delete(results.keys().next().value!);
    results.set(key, { model, value });
    return value;
  }

  /** Product detail, cached per product and language in the read model; unknown or inactive id → 404. */
  async function productDetail(lang: Lang, id: number): Promise<ProductDetail> {
    const model = await listModel.model();
    const entry = model.byId.get(id);
    if (!entry) throw notFound("catalogue.api_product_not_found");
    return cache.memo(`product:${lang}:${id}`, () => loadDetail(lang, id, model), MODEL_TTL_MS);
  }

  async function loadDetail(lang: Lang, id: number, model: CatalogueModel): Promise<ProductDetail> {
    const [rows, tree] = await Promise.all([
      query<DetailRow>(db, sql`
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
                                 from promotions pr where pr.model_id = m.id and pr.type = 1 and pr.starts_at <= now()
                                   and (pr.ends_at is null or pr.ends_at > now()) and not m.not_for_sale
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
        where p.id = ${id} and p.active`),
      catalogue.categoryTree(lang),
    ]);
    const row = rows[0];
    if (!row) throw notFound("catalogue.api_product_not_found");
    const parse = <T,>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
    const models = parse<ProductModel[]>(row.models);
    const relatedIds = parse<number[]>(row.related);
    const entry = model.byId.get(id);
    const { models: _m, related: _r, ...product } = row;
    const url = productUrl(lang, { id, name: row.name });
    return {
      product: { ...product, in_promo: entry?.inPromo ?? false, in_stock: entry?.inStock ?? false, url },
      models,
      breadcrumbs: buildBreadcrumbs(tree, row.category_id, { lang, current: { name: row.name, url } }),
      related: relatedIds.map((r) => model.byId.get(r)).filter((p) => p !== undefined).map((p) => toCard(p, lang)),
    };
  }

  /** Every active product id and its names (sitemap). */
  async function allProducts() {
    const model = await listModel.model();
    return model.products.map((p) => ({ id: p.id, name: p.name, categoryId: p.categoryId }));
  }

  return { productList, productDetail, allProducts };
}

export type ProductService = ReturnType<typeof createProductService>;
