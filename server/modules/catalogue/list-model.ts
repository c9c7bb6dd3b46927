// The catalogue read model of the product lists (DESIGN §8): every active product with its models, held in
// memory and shared by both languages, loaded in ONE query and dropped with the read cache (or after a
// minute, because promotions start and end with time). Lists, facets and the detail's related cards read it.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReadCache } from "#server/read-cache.ts";
import type { Lang } from "#core/i18n/messages.ts";
import { inPromotion } from "./active-promotion.ts";
import { cardModelOf } from "#core/catalogue/card-model.ts";

export type ListModel = {
  id: number;
  price: number; // € HT per selling unit
  priceText: string;
  unit: string;
  length: number | null;
  width: number | null;
  height: number | null;
  litres: number | null; // inner volume from the dimensions, or the capacity
  inStock: boolean;
  /** On sale, in stock and purchasable now: a card may add it (core cardModelOf). */
  buyable: boolean;
  sellable: boolean;
  inPromo: boolean;
};

export type ListProduct = {
  id: number;
  name: Record<Lang, string>;
  reference: string;
  img: string | null;
  categoryId: number;
  material: string | null;
  colour: string | null;
  isNew: boolean;
  bestSelling: boolean;
  priceDrop: boolean;
  salesCount: number;
  position: number;
  created: number;
  models: ListModel[];
  // derived
  priceFrom: number;
  priceFromText: string;
  unit: string;
  inStock: boolean;
  inPromo: boolean;
  modelCount: number;
  /** The model the card adds (core cardModelOf), null when none can be bought. */
  cardModel: ListModel | null;
};

/** `version` grows with every stock patch (lists computed from an older version are recomputed). */
export type CatalogueModel = { products: ListProduct[]; byId: Map<number, ListProduct>; loadedAt: number; version: number };

/** Stock state of one model, read again when its product's availability changed (decision 061). */
type ModelStock = { id: number; product_id: number; in_stock: boolean; buyable: boolean; price: string };

/** The stock state of every model of these products, in each product's model order. */
export function loadModelStock(db: Db, productIds: number[]): Promise<ModelStock[]> {
  return query<ModelStock>(
    db,
    sql`
    select m.id, m.product_id, m.stock > 0 and not m.not_for_sale as in_stock,
           m.stock > 0 and not m.not_for_sale and m.purchasable_qty > 0 as buyable, m.price::text as price
    from models m where m.product_id = any(${`{${productIds.join(",")}}`}::int[]) order by m.product_id, m.position, m.id`,
  );
}

/** The model each product's card adds, from fresh stock rows (core cardModelOf): product id → its id and price. */
export function cardModelsOf(rows: readonly ModelStock[]): Map<number, { id: number; priceText: string } | null> {
  const byProduct = new Map<number, { id: number; price: number; priceText: string; buyable: boolean }[]>();
  for (const r of rows) {
    const list = byProduct.get(r.product_id) ?? [];
    list.push({ id: r.id, price: Number(r.price), priceText: r.price, buyable: r.buyable });
    byProduct.set(r.product_id, list);
  }
  return new Map([...byProduct].map(([id, ms]) => [id, cardModelOf(ms)]));
}

/** Writes fresh stock states into the model in place (models, then their products' "in stock"). */
function applyModelStock(model: CatalogueModel, rows: ModelStock[]): CatalogueModel {
  const touched = new Set<ListProduct>();
  for (const r of rows) {
    const p = model.byId.get(r.product_id);
    const m = p?.models.find((x) => x.id === r.id);
    if (!p || !m) continue;
    m.inStock = r.in_stock;
    m.buyable = r.buyable;
    touched.add(p);
  }
  for (const p of touched) {
    p.inStock = p.models.some((m) => m.inStock);
    p.cardModel = cardModelOf(p.models);
  }
  model.version++;
  return model;
}

type Row = {
  pid: number;
  name_fr: string;
  name_zh: string | null;
  preference: string;
  img: string | null;
  category_id: number;
  material: string | null;
  colour: string | null;
  is_new: boolean;
  best_selling: boolean;
  price_drop: boolean;
  sales_count: number;
  position: number;
  created: string | number;
  mid: number;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  capacity: string | null;
  unit: string;
  price: string;
  stock: number;
  purchasable_qty: number;
  not_for_sale: boolean;
  in_promo: boolean;
};

export const MODEL_TTL_MS = 60_000;

/** Litres from a capacity text ("750 ml", "33 cl", "1,5 L", "20 litres"), else null. */
function capacityLitres(capacity: string | null): number | null {
  if (!capacity) return null;
  const m = /([\d]+(?:[.,]\d+)?)\s*(ml|cl|l|litres?)\b/i.exec(capacity);
  if (!m) return null;
  const n = Number(m[1].replace(",", "."));
  const unit = m[2].toLowerCase();
  return unit === "ml" ? n / 1000 : unit === "cl" ? n / 100 : n;
}

export function createListModel(db: Db, cache: ReadCache) {
  const model = () => cache.memo("catalogue:list-model", load, MODEL_TTL_MS);
  let latest: CatalogueModel | null = null; // the last one loaded, for synchronous look-ups (page tags)

  async function load(): Promise<CatalogueModel> {
    const rows = await query<Row>(
      db,
      sql`
      select p.id as pid, f.name as name_fr, z.name as name_zh, p.reference as preference, p.img, p.category_id,
             p.material, p.colour, p.is_new, p.best_selling, p.price_drop, p.sales_count, p.position,
             extract(epoch from p.created_at)::float8 as created,
             m.id as mid, m.length_mm, m.width_mm, m.height_mm, m.capacity, m.unit, m.price::text as price,
             m.stock, m.purchasable_qty, m.not_for_sale,
             ${inPromotion(sql`m.id`)} as in_promo
      from products p
      join product_translations f on f.product_id = p.id and f.lang = 'fr'
      left join product_translations z on z.product_id = p.id and z.lang = 'zh'
      join models m on m.product_id = p.id
      where p.active
      order by p.id, m.position, m.id`,
    );
    const products: ListProduct[] = [];
    const byId = new Map<number, ListProduct>();
    for (const r of rows) {
      let p = byId.get(r.pid);
      if (!p) {
        p = {
          id: r.pid,
          name: { fr: r.name_fr, zh: r.name_zh ?? r.name_fr },
          reference: r.preference,
          img: r.img,
          categoryId: r.category_id,
          material: r.material,
          colour: r.colour,
          isNew: r.is_new,
          bestSelling: r.best_selling,
          priceDrop: r.price_drop,
          salesCount: Number(r.sales_count),
          position: Number(r.position),
          created: Number(r.created),
          models: [],
          priceFrom: 0,
          priceFromText: "0",
          unit: "",
          inStock: false,
          inPromo: false,
          modelCount: 0,
          cardModel: null,
        };
        byId.set(r.pid, p);
        products.push(p);
      }
      const dims = r.length_mm && r.width_mm && r.height_mm ? (r.length_mm * r.width_mm * r.height_mm) / 1e6 : null;
      p.models.push({
        id: r.mid,
        price: Number(r.price),
        priceText: r.price,
        unit: r.unit,
        length: r.length_mm,
        width: r.width_mm,
        height: r.height_mm,
        litres: dims !== null ? Math.round(dims * 100) / 100 : capacityLitres(r.capacity),
        inStock: r.stock > 0 && !r.not_for_sale,
        buyable: r.stock > 0 && !r.not_for_sale && r.purchasable_qty > 0,
        sellable: !r.not_for_sale,
        inPromo: r.in_promo && !r.not_for_sale,
      });
    }
    for (const p of products) {
      const pool = p.models.some((m) => m.sellable) ? p.models.filter((m) => m.sellable) : p.models;
      const cheapest = pool.reduce((a, b) => (b.price < a.price ? b : a));
      p.priceFrom = cheapest.price;
      p.priceFromText = cheapest.priceText;
      p.unit = cheapest.unit;
      p.inStock = p.models.some((m) => m.inStock);
      p.inPromo = p.models.some((m) => m.inPromo);
      p.modelCount = p.models.length;
      p.cardModel = cardModelOf(p.models);
    }
    latest = { products, byId, loadedAt: Date.now(), version: 0 };
    return latest;
  }

  /** Availability of these products changed: patch the model held (and one loading) rather than reload it. */
  function stockChanged(productIds: number[]) {
    if (!cache.has("catalogue:list-model")) return;
    const rows = loadModelStock(db, productIds); // read now: the notification came after the commit
    cache.patch<CatalogueModel>("catalogue:list-model", async (m) => applyModelStock(m, await rows));
  }

  /** The category of a product in the last model loaded (undefined if none holds it). */
  const categoryOf = (productId: number) => latest?.byId.get(productId)?.categoryId;

  return { model, stockChanged, categoryOf };
}
