// Catalogue reads for the shell: the category tree (menu, breadcrumbs) and the home page highlights.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReadCache } from "#server/read-cache.ts";
import type { Lang } from "#app/lib/messages.ts";

export type CategoryNode = {
  id: number;
  name: string;
  level: number;
  img: string | null;
  img_status: number;
  child: CategoryNode[];
};

export type ProductCard = {
  id: number;
  name: string;
  reference: string;
  img: string | null;
  category_id: number;
  price_from: string; // lowest unit price HT among its models
  unit: string;
  is_new: boolean;
  in_promo: boolean;
  price_drop: boolean;
  in_stock: boolean;
};

export type HomeSection = { key: "new" | "promo" | "best" | "drop"; products: ProductCard[] };

type CategoryRow = { id: number; parent_id: number | null; level: number; img: string | null; img_status: number; name: string };

const PROMOTION_TTL_MS = 60_000; // promotions start and end with time, not only with writes

export function createCatalogueService(db: Db, cache: ReadCache) {
  /** The whole tree, rooted at ACCUEIL (level 0), children ordered by position. */
  const categoryTree = (lang: Lang) => cache.memo(`tree:${lang}`, () => loadTree(lang));
  const homeSections = (lang: Lang) => cache.memo(`home:${lang}`, () => loadHome(lang), PROMOTION_TTL_MS);

  async function loadTree(lang: Lang): Promise<CategoryNode[]> {
    const rows = await query<CategoryRow>(db, sql`
      select c.id, c.parent_id, c.level, c.img, c.img_status, coalesce(t.name, f.name) as name
      from categories c
      left join category_translations t on t.category_id = c.id and t.lang = ${lang}
      join category_translations f on f.category_id = c.id and f.lang = 'fr'
      order by c.level, c.position, c.id`);
    const byId = new Map<number, CategoryNode>();
    const roots: CategoryNode[] = [];
    for (const r of rows) {
      const node: CategoryNode = { id: r.id, name: r.name, level: r.level, img: r.img, img_status: r.img_status, child: [] };
      byId.set(r.id, node);
      const parent = r.parent_id == null ? undefined : byId.get(r.parent_id);
      (parent ? parent.child : roots).push(node);
    }
    return roots;
  }

  /** Four highlight rows of the home page in one query. */
  async function loadHome(lang: Lang, perSection = 8): Promise<HomeSection[]> {
    const rows = await query<ProductCard & { section: HomeSection["key"] }>(db, sql`
      with cards as (
        select p.id, coalesce(t.name, f.name) as name, p.reference, p.img, p.category_id,
               p.is_new, p.price_drop, p.best_selling, p.sales_count, p.created_at, p.position,
               m.price_from, m.unit, m.in_stock, m.in_promo
        from products p
        join product_translations f on f.product_id = p.id and f.lang = 'fr'
        left join product_translations t on t.product_id = p.id and t.lang = ${lang}
        join lateral (
          select min(mm.price)::text as price_from, (array_agg(mm.unit order by mm.price))[1] as unit,
                 bool_or(mm.stock > 0) as in_stock,
                 bool_or(exists (select 1 from promotions pr where pr.model_id = mm.id and pr.starts_at <= now()
                                 and (pr.ends_at is null or pr.ends_at > now()))) as in_promo
          from models mm where mm.product_id = p.id and not mm.not_for_sale
        ) m on m.price_from is not null
        where p.active
      ),
      ranked as (
        select 'new' as section, c.*, row_number() over (order by c.created_at desc, c.id) as rn from cards c where c.is_new
        union all
        select 'promo', c.*, row_number() over (order by c.sales_count desc, c.id) from cards c where c.in_promo
        union all
        select 'best', c.*, row_number() over (order by c.sales_count desc, c.id) from cards c where c.best_selling
        union all
        select 'drop', c.*, row_number() over (order by c.sales_count desc, c.id) from cards c where c.price_drop
      )
      select section, id, name, reference, img, category_id, price_from, unit, is_new, in_promo, price_drop, in_stock
      from ranked where rn <= ${perSection} order by section, rn`);
    const keys: HomeSection["key"][] = ["best", "promo", "new", "drop"];
    return keys.map((key) => ({
      key,
      products: rows.filter((r) => r.section === key).map(({ section: _s, ...card }) => card),
    }));
  }

  return { categoryTree, homeSections };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
