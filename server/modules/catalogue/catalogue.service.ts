// Catalogue reads for the shell: the category tree (menu, breadcrumbs) and the home page highlights.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReadCache } from "#server/read-cache.ts";
import { LANGS, type Lang } from "#core/i18n/messages.ts";
import { inPromotion } from "./active-promotion.ts";
import type { CategoryNode } from "#core/catalogue/types.ts";
import type { ProductCardAnswer } from "#core/contracts/catalogue.ts";
import { menuTop, toMenu } from "#core/catalogue/menu.ts";
import { cardModelsOf, loadModelStock } from "./list-model.ts";
import { cardModelFields } from "./product-list.service.ts";
import { cardTag, type PageTags } from "./page-tags.ts";

/** A card with the fields lists sort on; `toCard` strips them for the page. */
export type CardRow = ProductCardAnswer & { sales_count: number; best_selling: boolean; created: number };

export const toCard = ({ sales_count: _s, best_selling: _b, created: _c, ...card }: CardRow): ProductCardAnswer => card;

type HomeSection = { key: "new" | "promo" | "best" | "drop"; products: ProductCardAnswer[] };

type CategoryRow = {
  id: number;
  parent_id: number | null;
  level: number;
  img: string | null;
  img_status: number;
  name: string;
  visible: boolean;
};

const PROMOTION_TTL_MS = 60_000; // promotions start and end with time, not only with writes

export function createCatalogueService(db: Db, cache: ReadCache) {
  /** The whole tree, rooted at ACCUEIL (level 0), children ordered by position; hidden categories left out. */
  const categoryTree = (lang: Lang) => cache.memo(`tree:${lang}`, () => loadTree(lang));
  const menuTree = (lang: Lang) => cache.memo(`menu:${lang}`, async () => (await categoryTree(lang)).map(toMenu));
  /** The root and first level only: personal pages' shell (decision 092). */
  const menuTopTree = (lang: Lang) => cache.memo(`menu-top:${lang}`, async () => menuTop(await menuTree(lang)));
  const homeSections = (lang: Lang) => cache.memo(`home:${lang}`, () => loadHome(lang), PROMOTION_TTL_MS);
  /** The home page's rows; `tags` (page renders) records the cards shown. */
  async function homePage(lang: Lang, tags?: PageTags): Promise<HomeSection[]> {
    const sections = await homeSections(lang);
    if (tags) for (const s of sections) for (const p of s.products) tags.add(cardTag(p.id));
    return sections;
  }

  // A model went out of stock or back in (decision 061): fix "in stock" on the cards, rebuild the home rows.
  cache.onStock(({ kind, products }) => {
    if (kind !== "avail") return;
    for (const lang of LANGS) cache.drop(`home:${lang}`);
    const langs = LANGS.filter((l) => cache.has(`cards:${l}`));
    if (langs.length === 0) return;
    const rows = loadModelStock(db, products); // read now: the notification came after the commit
    for (const lang of langs) {
      cache.patch<Map<number, CardRow>>(`cards:${lang}`, async (cards) => {
        const inStock = new Map<number, boolean>();
        for (const r of await rows) inStock.set(r.product_id, (inStock.get(r.product_id) ?? false) || r.in_stock);
        const added = cardModelsOf(await rows); // the model a card adds follows the stock too
        for (const [id, v] of inStock) {
          const card = cards.get(id);
          if (!card) continue;
          card.in_stock = v;
          delete card.model_price;
          Object.assign(card, cardModelFields(added.get(id) ?? null, card.price_from));
        }
        return cards;
      });
    }
  });

  async function loadTree(lang: Lang): Promise<CategoryNode[]> {
    const rows = await query<CategoryRow>(
      db,
      sql`
      select c.id, c.parent_id, c.level, c.img, c.img_status, coalesce(t.name, f.name) as name, c.visible
      from categories c
      left join category_translations t on t.category_id = c.id and t.lang = ${lang}
      join category_translations f on f.category_id = c.id and f.lang = 'fr'
      order by c.level, c.position, c.id`,
    );
    const byId = new Map<number, CategoryNode>();
    const roots: CategoryNode[] = [];
    for (const r of rows) {
      if (!r.visible) continue;
      const parent = r.parent_id == null ? undefined : byId.get(r.parent_id);
      // below a hidden category: hidden too
      if (r.parent_id != null && !parent) continue;
      const node: CategoryNode = { id: r.id, name: r.name, level: r.level, img: r.img, img_status: r.img_status, child: [] };
      byId.set(r.id, node);
      (parent ? parent.child : roots).push(node);
    }
    return roots;
  }

  /** Four highlight rows of the home page in one query. */
  /** Every purchasable product as a card (lowest price, stock, promotion), by id: one query, kept in the read model. */
  const productCards = (lang: Lang) => cache.memo(`cards:${lang}`, () => loadCards(lang), PROMOTION_TTL_MS);

  async function loadCards(lang: Lang): Promise<Map<number, CardRow>> {
    const rows = await query<CardRow>(
      db,
      sql`
      select p.id, coalesce(t.name, f.name) as name, p.reference, p.img, p.category_id,
             m.price_from, m.unit, p.is_new, m.in_promo, p.price_drop, m.in_stock, a.id as model_id, a.price as model_price,
             p.sales_count, p.best_selling, extract(epoch from p.created_at)::float8 as created
      from products p
      join product_translations f on f.product_id = p.id and f.lang = 'fr'
      left join product_translations t on t.product_id = p.id and t.lang = ${lang}
      join lateral (
        select min(mm.price)::text as price_from, (array_agg(mm.unit order by mm.price))[1] as unit,
               bool_or(mm.stock > 0) as in_stock,
               bool_or(${inPromotion(sql`mm.id`)}) as in_promo
        from models mm where mm.product_id = p.id and not mm.not_for_sale
      ) m on m.price_from is not null
      -- the model the card adds (core cardModelOf): cheapest buyable, first in model order on a tie
      left join lateral (
        select mm.id, mm.price::text as price from models mm
        where mm.product_id = p.id and not mm.not_for_sale and mm.stock > 0 and mm.purchasable_qty > 0
        order by mm.price, mm.position, mm.id limit 1
      ) a on true
      where p.active`,
    );
    return new Map(
      rows.map(({ model_id, model_price, ...r }) => [
        r.id,
        { ...r, ...cardModelFields(model_id === null ? null : { id: model_id, priceText: model_price! }, r.price_from) },
      ]),
    );
  }

  /** The four highlight rows of the home page, picked from the cards. */
  async function loadHome(lang: Lang, perSection = 8): Promise<HomeSection[]> {
    const all = [...(await productCards(lang)).values()];
    const bySales = (a: CardRow, b: CardRow) => b.sales_count - a.sales_count || a.id - b.id;
    const pick = (keep: (c: CardRow) => boolean, order: (a: CardRow, b: CardRow) => number) =>
      all.filter(keep).sort(order).slice(0, perSection).map(toCard);
    return [
      { key: "best", products: pick((c) => c.best_selling, bySales) },
      { key: "promo", products: pick((c) => c.in_promo, bySales) },
      {
        key: "new",
        products: pick(
          (c) => c.is_new,
          (a, b) => b.created - a.created || a.id - b.id,
        ),
      },
      { key: "drop", products: pick((c) => c.price_drop, bySales) },
    ];
  }

  return { categoryTree, menuTree, menuTopTree, homeSections, homePage, productCards };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
