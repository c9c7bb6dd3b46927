// Product lists (SPEC §2): a category with its descendants, or a flag list; faceted filters with counts,
// sort and pagination, computed over the in-memory read model (list-model.ts): no query per request.
import { countCriteria, MAX_FILTER_CRITERIA, splitValues, volumeRangeError, VOLUME_FIELD } from "#core/filters.ts";
import { buildBreadcrumbs } from "#core/breadcrumbs.ts";
import { categoryUrl } from "#core/slug.ts";
import { notFound, refused } from "#core/domain-errors.ts";
import type { Lang } from "#core/i18n/messages.ts";
import type { CatalogueModel, ListModel, ListProduct } from "./list-model.ts";
import { DEFAULT_PAGE_SIZE, FILTER_FIELDS, FLAGS, type FilterField, type Flag, type Sort } from "#core/catalogue/sorts.ts";
import type { CategoryNode } from "#core/catalogue/types.ts";
import type { FacetAnswer, ListCardAnswer, ProductListAnswer } from "#core/contracts/catalogue.ts";
import type { ListParamsInput } from "#core/validation/catalogue.ts";

const PRODUCT_FIELDS = new Set<FilterField>(["material", "colour"]);

const DIM_BUCKETS = [
  [0, 100],
  [100, 200],
  [200, 300],
  [300, 400],
  [400, 600],
  [600, Infinity],
] as const;
const PRICE_BUCKETS = [
  [0, 1],
  [1, 5],
  [5, 20],
  [20, 50],
  [50, 100],
  [100, Infinity],
] as const;
const bucketKey = ([a, b]: readonly [number, number]) => (b === Infinity ? `${a}+` : `${a}-${b}`);
function bucketOf(buckets: readonly (readonly [number, number])[], v: number | null): string | null {
  if (v === null || !Number.isFinite(v)) return null;
  const b = buckets.find(([lo, hi]) => v >= lo && v < hi);
  return b ? bucketKey(b) : null;
}

type ListQuery = {
  type: number | null;
  flag: Flag | null;
  filters: Record<string, string>;
  sort: Sort;
  page: number;
  pageSize: number;
};

/** Normalises the API params: flag names (whether_new=1 …) or `flag`, filters as comma-separated text. */
export function toListQuery(p: ListParamsInput): ListQuery {
  const flag = p.flag ?? FLAGS.find((f) => p[f] !== undefined) ?? null;
  const filters: Record<string, string> = {};
  for (const field of FILTER_FIELDS) {
    const raw = p.filters?.[field];
    const values = splitValues(Array.isArray(raw) ? raw.join(",") : raw);
    if (values.length) filters[field] = values.join(",");
  }
  return {
    type: flag ? null : (p.type ?? null),
    flag,
    filters,
    sort: p.sort ?? "relevance",
    page: p.page ?? 1,
    pageSize: p.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

function modelValue(m: ListModel, field: FilterField): string | null {
  switch (field) {
    case "unit":
      return m.unit;
    case "length":
      return bucketOf(DIM_BUCKETS, m.length);
    case "width":
      return bucketOf(DIM_BUCKETS, m.width);
    case "height":
      return bucketOf(DIM_BUCKETS, m.height);
    case "price":
      return bucketOf(PRICE_BUCKETS, m.price);
    case "stock":
      return m.inStock ? "1" : null;
    case "promo":
      return m.inPromo ? "1" : null;
    default:
      return null;
  }
}

type Active = { field: FilterField; values: Set<string>; range?: { min: number; max: number } };

function modelMatches(m: ListModel, a: Active): boolean {
  if (a.range) return m.litres !== null && m.litres >= a.range.min && m.litres <= a.range.max;
  const v = modelValue(m, a.field);
  return v !== null && a.values.has(v);
}
function productMatches(p: ListProduct, a: Active): boolean {
  const v = a.field === "material" ? p.material : p.colour;
  return v !== null && a.values.has(v);
}

function collectDescendants(node: CategoryNode, out: Set<number>) {
  out.add(node.id);
  for (const c of node.child) collectDescendants(c, out);
}
function findNode(nodes: CategoryNode[], id: number): CategoryNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const f = findNode(n.child, id);
    if (f) return f;
  }
  return null;
}

/** The card's add-to-cart model: its id, and its price only when it is not the "from" price shown (bytes). */
export function cardModelFields(
  m: { id: number; priceText: string } | null,
  priceFrom: string,
): Pick<ListCardAnswer, "model_id" | "model_price"> {
  if (!m) return { model_id: null };
  return m.priceText === priceFrom ? { model_id: m.id } : { model_id: m.id, model_price: m.priceText };
}

export function toCard(p: ListProduct, lang: Lang): ListCardAnswer {
  return {
    id: p.id,
    name: p.name[lang],
    reference: p.reference,
    img: p.img,
    category_id: p.categoryId,
    price_from: p.priceFromText,
    unit: p.unit,
    is_new: p.isNew,
    in_promo: p.inPromo,
    price_drop: p.priceDrop,
    in_stock: p.inStock,
    best_selling: p.bestSelling,
    material: p.material,
    colour: p.colour,
    models_count: p.modelCount,
    ...cardModelFields(p.cardModel, p.priceFromText),
  };
}

const SORTERS: Record<Sort, (a: ListProduct, b: ListProduct) => number> = {
  relevance: (a, b) => a.position - b.position || b.salesCount - a.salesCount || a.id - b.id,
  price_asc: (a, b) => a.priceFrom - b.priceFrom || a.id - b.id,
  price_desc: (a, b) => b.priceFrom - a.priceFrom || a.id - b.id,
  new: (a, b) => b.created - a.created || b.id - a.id,
  best: (a, b) => b.salesCount - a.salesCount || a.id - b.id,
};

const FLAG_TEST: Record<Flag, (p: ListProduct) => boolean> = {
  whether_new: (p) => p.isNew,
  whether_promo: (p) => p.inPromo,
  best_selling: (p) => p.bestSelling,
  "prix-en-baisse": (p) => p.priceDrop,
};

/** The list, its facets and counts. Throws 404 for an unknown category, 400 past 10 criteria or for a bad volume range.
 * `scopeCategories` receives the categories of every product in the list's scope (their stock moves its facets). */
export function computeList(
  model: CatalogueModel,
  tree: CategoryNode[],
  lang: Lang,
  q: ListQuery,
  scopeCategories?: Set<number>,
): ProductListAnswer {
  const root = tree[0];
  let scope: ListProduct[];
  let category: ProductListAnswer["category"] = null;
  if (q.flag) {
    scope = model.products.filter(FLAG_TEST[q.flag]);
  } else if (q.type !== null && q.type !== root?.id) {
    const node = root ? findNode(root.child, q.type) : null;
    if (!node) throw notFound("catalogue.api_category_not_found");
    const ids = new Set<number>();
    collectDescendants(node, ids);
    scope = model.products.filter((p) => ids.has(p.categoryId));
    category = {
      id: node.id,
      name: node.name,
      level: node.level,
      url: categoryUrl(lang, node),
      child: node.child.map((c) => ({ id: c.id, name: c.name, url: categoryUrl(lang, c) })),
    };
  } else {
    scope = model.products;
  }

  if (countCriteria(q.filters) > MAX_FILTER_CRITERIA) throw refused("validation.filters_too_many");
  if (scopeCategories) for (const p of scope) scopeCategories.add(p.categoryId);

  // Volume bounds of the scope (litres), so the range inputs offer what exists.
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of scope)
    for (const m of p.models)
      if (m.litres !== null) {
        lo = Math.min(lo, m.litres);
        hi = Math.max(hi, m.litres);
      }
  const volumeBounds = lo <= hi ? { min: Math.floor(lo), max: Math.ceil(hi) } : null;

  const active: Active[] = [];
  for (const field of FILTER_FIELDS) {
    const text = q.filters[field];
    if (!text) continue;
    const values = splitValues(text);
    if (field === VOLUME_FIELD) {
      const [min, max] = values.map(Number);
      const error = volumeRangeError(min, max, volumeBounds ?? { min: 0, max: 0 });
      if (error || values.length !== 2) throw refused(error ?? "validation.volume_required");
      active.push({ field, values: new Set(values), range: { min, max } });
    } else active.push({ field, values: new Set(values) });
  }
  const productActive = active.filter((a) => PRODUCT_FIELDS.has(a.field));
  const modelActive = active.filter((a) => !PRODUCT_FIELDS.has(a.field));

  // Counts per facet value: products matching every OTHER field (a standard multi-select facet).
  const counts = new Map<FilterField, Map<string, number>>(FILTER_FIELDS.map((f) => [f, new Map()]));
  const matched: ListProduct[] = [];
  const bump = (f: FilterField, v: string | null) => {
    if (v === null) return;
    const c = counts.get(f)!;
    c.set(v, (c.get(v) ?? 0) + 1);
  };
  for (const p of scope) {
    const failedProduct = productActive.filter((a) => !productMatches(p, a));
    if (failedProduct.length > 1) continue;
    // models passing all model filters, and per model filter the models passing all the others
    const fullModels = p.models.filter((m) => modelActive.every((a) => modelMatches(m, a)));
    if (failedProduct.length === 0) {
      if (fullModels.length > 0) {
        matched.push(p);
        bump("material", p.material);
        bump("colour", p.colour);
      }
      for (const f of FILTER_FIELDS) {
        if (PRODUCT_FIELDS.has(f) || f === VOLUME_FIELD) continue;
        const pool = modelActive.some((a) => a.field === f)
          ? p.models.filter((m) => modelActive.every((a) => a.field === f || modelMatches(m, a)))
          : fullModels;
        const seen = new Set<string>();
        for (const m of pool) {
          const v = modelValue(m, f);
          if (v !== null) seen.add(v);
        }
        for (const v of seen) bump(f, v);
      }
    } else if (fullModels.length > 0) {
      // fails exactly one product field: it still counts for that field's other values
      const f = failedProduct[0].field;
      bump(f, f === "material" ? p.material : p.colour);
    }
  }

  matched.sort(SORTERS[q.sort]);
  const total = matched.length;
  const pages = Math.max(1, Math.ceil(total / q.pageSize));
  const start = (q.page - 1) * q.pageSize;
  const facets: FacetAnswer[] = FILTER_FIELDS.filter((f) => f !== VOLUME_FIELD)
    .map((field) => {
      const selected = new Set(splitValues(q.filters[field]));
      const c = counts.get(field)!;
      for (const v of selected) if (!c.has(v)) c.set(v, 0);
      const order =
        field === "material" || field === "colour" || field === "unit"
          ? [...c.keys()].sort((a, b) => a.localeCompare(b, "fr"))
          : [...(field === "price" ? PRICE_BUCKETS : field === "stock" || field === "promo" ? [] : DIM_BUCKETS).map(bucketKey), "1"].filter(
              (k) => c.has(k),
            );
      return { field, values: order.map((value) => ({ value, count: c.get(value) ?? 0, selected: selected.has(value) })) };
    })
    .filter((f) => f.values.length > 0);

  return {
    list: matched.slice(start, start + q.pageSize).map((p) => toCard(p, lang)),
    total,
    page: q.page,
    pageSize: q.pageSize,
    pages,
    sort: q.sort,
    flag: q.flag,
    filters: q.filters,
    facets,
    volume_bounds: volumeBounds,
    category,
    breadcrumbs: buildBreadcrumbs(tree, category?.id ?? null, { lang }),
  };
}
