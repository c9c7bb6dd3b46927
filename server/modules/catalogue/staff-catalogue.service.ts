// The back office's catalogue editor (decision 154): the models' list (filtered, searched and paged in SQL), a
// product with its models, their audited edits, and bulk edits previewed then applied in one transaction. Every
// write is a plain statement on the catalogue tables: their triggers tell every process and refresh the search
// index of the products touched (migrations 0002, 0007), as the CSV import's batches do.
import { sql, type SQL } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import { literal } from "#server/modules/customers/customer-search.ts";
import { can } from "#core/staff/permissions.ts";
import { conflict, forbidden, notFound, refused } from "#core/domain-errors.ts";
import { LOW_STOCK_MAX } from "#core/dashboard/figures.ts";
import { checkMove, mayHoldChild, placeAt, subtreeOf as subtreeIds, type TreeNode } from "#core/catalogue/category-tree.ts";
import { bulkPlan, revisionOf, sitePriceByPercent, type BulkAction, type BulkChange, type BulkModelState } from "#core/catalogue/editor.ts";
import {
  CATALOGUE_PAGE_SIZE,
  type BulkForm,
  type CatalogueFilter,
  type CategoryCreateForm,
  type CategoryForm,
  type ModelForm,
  type ProductForm,
} from "#core/validation/catalogue-editor.ts";
import type { Lang } from "#core/lang.ts";
import { productImageUrl } from "#core/catalogue/product-image.ts";
import type { ProductImageStore } from "./product-images.ts";

/** Most changes a preview lists (the count says how many in all). */
export const PREVIEW_SHOWN = 100;

export type CatalogueRow = {
  id: number;
  reference: string;
  product_id: number;
  name: string;
  label: string | null;
  price: string;
  vat: string;
  stock: number;
  not_for_sale: boolean;
  is_new: boolean;
  best_selling: boolean;
  price_drop: boolean;
  active: boolean;
};
export type CategoryOption = { id: number; name: string };

export type ProductState = {
  id: number;
  reference: string;
  category_id: number;
  is_new: boolean;
  best_selling: boolean;
  price_drop: boolean;
  active: boolean;
  img: string | null;
  name_fr: string;
  name_zh: string;
  description_fr: string;
  description_zh: string;
};
export type ModelState = {
  id: number;
  product_id: number;
  reference: string;
  label_fr: string;
  label_zh: string;
  unit: string;
  unit_qty: number;
  price: string;
  site_price: string;
  vat: string;
  weight: string;
  volume: string;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  stock: number;
  purchasable_qty: number;
  not_for_sale: boolean;
  non_gls: boolean;
  location: string;
};

/** A category as its form shows it (the revision is this state's fingerprint). */
export type CategoryState = {
  id: number;
  parent_id: number | null;
  level: number;
  position: number;
  visible: boolean;
  name_fr: string;
  name_zh: string;
};
/** A category in the tree's page: its state, its path's name, its rank among its siblings, its own products. */
export type CategoryTreeRow = CategoryState & { name: string; path: string; rank: number; products: number; revision: string };

export type BulkPreview = { count: number; changed: number; unchanged: number; shown: BulkChange[]; plan: string };

const name = (productId: SQL, lang: Lang) =>
  sql`(select pt.name from product_translations pt where pt.product_id = ${productId}
        order by pt.lang = ${lang} desc, pt.lang = 'fr' desc limit 1)`;

/** The models the list's filters match (m: models, p: products). */
function matching(f: Omit<CatalogueFilter, "page">): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.q) {
    const like = `%${literal(f.q)}%`;
    parts.push(sql`(m.reference ilike ${like}
      or m.product_id in (select pt.product_id from product_translations pt where pt.name ilike ${like}))`);
  }
  if (f.category)
    parts.push(sql`p.category_id in (with recursive sub(id) as (select ${f.category}::int
      union all select c.id from categories c join sub on c.parent_id = sub.id) select id from sub)`);
  if (f.stock === "out") parts.push(sql`m.stock = 0`);
  if (f.stock === "low") parts.push(sql`m.stock <= ${LOW_STOCK_MAX}`);
  if (f.not_for_sale) parts.push(sql`m.not_for_sale`);
  if (f.flag === "is_new") parts.push(sql`p.is_new`);
  if (f.flag === "best_selling") parts.push(sql`p.best_selling`);
  if (f.flag === "price_drop") parts.push(sql`p.price_drop`);
  return sql.join(parts, sql` and `);
}

export function createStaffCatalogue({ images }: { images?: ProductImageStore } = {}) {
  const mayWrite = (ctx: StaffContext) => {
    if (!can(ctx.staff.roles, "catalogue:write")) throw forbidden("admin.permission_denied");
  };

  /** One page of the models the filters match, by reference, with how many match in all. */
  async function list(q: Db, f: CatalogueFilter, lang: Lang) {
    const where = matching(f);
    const [rows, [{ total }]] = await Promise.all([
      query<CatalogueRow>(
        q,
        // the page's ids first: the names' subqueries then run for its rows only, not for every row skipped
        sql`with page as (select m.id from models m join products p on p.id = m.product_id
              where ${where} order by m.reference limit ${CATALOGUE_PAGE_SIZE} offset ${(f.page - 1) * CATALOGUE_PAGE_SIZE})
            select m.id, m.reference, m.product_id, coalesce(${name(sql`m.product_id`, lang)}, p.reference) as name,
              (select mt.label from model_translations mt where mt.model_id = m.id order by mt.lang = ${lang} desc, mt.lang = 'fr' desc limit 1) as label,
              m.price::text as price, m.tva::text as vat, m.stock, m.not_for_sale, p.is_new, p.best_selling, p.price_drop, p.active
            from page join models m on m.id = page.id join products p on p.id = m.product_id order by m.reference`,
      ),
      query<{ total: number }>(q, sql`select count(*)::int as total from models m join products p on p.id = m.product_id where ${where}`),
    ]);
    return { list: rows, page: f.page, page_size: CATALOGUE_PAGE_SIZE, total };
  }

  /** The categories below the root, each named by its path in the language (French when untranslated). */
  async function categories(q: Db, lang: Lang): Promise<CategoryOption[]> {
    return query<CategoryOption>(
      q,
      sql`with recursive named as (
            select c.id, c.parent_id, c.level, c.position, coalesce(t.name, f.name) as name from categories c
            join category_translations f on f.category_id = c.id and f.lang = 'fr'
            left join category_translations t on t.category_id = c.id and t.lang = ${lang}),
          tree(id, name, sort) as (
            select id, name, array[position, id] from named where level = 1
            union all select n.id, tree.name || ' › ' || n.name, tree.sort || array[n.position, n.id] from named n join tree on n.parent_id = tree.id)
          select id, name from tree order by sort`,
    );
  }

  async function productState(q: Db, id: number, lock = false): Promise<ProductState | null> {
    if (lock) await query(q, sql`select id from products where id = ${id} for update`);
    const [p] = await query<ProductState>(
      q,
      sql`select p.id, p.reference, p.category_id, p.is_new, p.best_selling, p.price_drop, p.active, p.img,
            coalesce(fr.name, '') as name_fr, coalesce(zh.name, '') as name_zh,
            coalesce(fr.description, '') as description_fr, coalesce(zh.description, '') as description_zh
          from products p
          left join product_translations fr on fr.product_id = p.id and fr.lang = 'fr'
          left join product_translations zh on zh.product_id = p.id and zh.lang = 'zh'
          where p.id = ${id}`,
    );
    return p ?? null;
  }

  const MODEL_COLUMNS = sql`m.id, m.product_id, m.reference, coalesce(fr.label, '') as label_fr, coalesce(zh.label, '') as label_zh,
    m.unit, m.unit_qty, m.price::text as price, m.site_price::text as site_price, m.tva::text as vat, m.poids::text as weight,
    m.volume::text as volume, m.length_mm, m.width_mm, m.height_mm, m.stock, m.purchasable_qty, m.not_for_sale, m.non_gls,
    coalesce(m.location, '') as location
    from models m
    left join model_translations fr on fr.model_id = m.id and fr.lang = 'fr'
    left join model_translations zh on zh.model_id = m.id and zh.lang = 'zh'`;

  /** A product with its models, each with the revision its form carries back. */
  async function product(q: Db, id: number) {
    const p = await productState(q, id);
    if (!p) return null;
    const models = await query<ModelState>(q, sql`select ${MODEL_COLUMNS} where m.product_id = ${id} order by m.position, m.id`);
    return {
      product: { ...p, revision: revisionOf(p) },
      models: models.map((m) => ({ ...m, revision: revisionOf(m) })),
    };
  }

  /** Saves the product's texts, category, flags and visibility when the form was made from its current state. */
  async function saveProduct(ctx: StaffContext, f: ProductForm) {
    mayWrite(ctx);
    return staffWrite(ctx, async ({ db }, audit) => {
      const before = await productState(db, f.id, true);
      if (!before) throw notFound("admin.catalogue_not_found");
      if (revisionOf(before) !== f.revision) throw conflict("admin.catalogue_stale");
      const [cat] = await query(db, sql`select 1 from categories where id = ${f.category} and level > 0`);
      if (!cat) throw refused("admin.catalogue_category_invalid");
      await query(
        db,
        sql`update products set category_id = ${f.category}, is_new = ${f.is_new}, best_selling = ${f.best_selling},
              price_drop = ${f.price_drop}, active = ${f.active} where id = ${f.id}`,
      );
      for (const lang of ["fr", "zh"] as const) {
        const n = lang === "fr" ? f.name_fr : f.name_zh;
        const d = (lang === "fr" ? f.description_fr : f.description_zh) || null;
        // a product without a Chinese name shows the French one (the storefront's fallback)
        if (!n) await query(db, sql`delete from product_translations where product_id = ${f.id} and lang = ${lang}`);
        else
          await query(
            db,
            sql`insert into product_translations (product_id, lang, name, description) values (${f.id}, ${lang}, ${n}, ${d})
                on conflict (product_id, lang) do update set name = excluded.name, description = excluded.description`,
          );
      }
      const after = (await productState(db, f.id))!;
      await audit({ entity: "product", id: f.id, action: "edit", before, after });
      return after;
    });
  }

  /**
   * Replaces a product's image when the form was made from its current state: the upload is checked and turned into
   * the storefront's files first (outside the transaction: a few seconds of work), then the product points at them,
   * audited. Its new address changes the product's row, which drops the storefront's caches of it at once.
   */
  async function saveProductImage(ctx: StaffContext, f: { id: number; revision: string }, bytes: Uint8Array) {
    mayWrite(ctx);
    if (!images) throw new Error("no image store");
    const key = await images.save(f.id, bytes);
    const img = productImageUrl(key);
    try {
      return await staffWrite(ctx, async ({ db }, audit) => {
        const before = await productState(db, f.id, true);
        if (!before) throw notFound("admin.catalogue_not_found");
        if (revisionOf(before) !== f.revision) throw conflict("admin.catalogue_stale");
        await query(db, sql`update products set img = ${img} where id = ${f.id}`);
        await audit({ entity: "product", id: f.id, action: "image", before: { img: before.img }, after: { img } });
        return { ...before, img };
      });
    } catch (e) {
      // the files stay only when a product shows them (the same image sent again)
      const [used] = await query(ctx.db, sql`select 1 from products where img = ${img}`);
      if (!used) await images.forget(key);
      throw e;
    }
  }

  async function modelState(q: Db, id: number): Promise<ModelState | null> {
    const [m] = await query<ModelState>(q, sql`select ${MODEL_COLUMNS} where m.id = ${id}`);
    return m ?? null;
  }

  /** Saves a model when the form was made from its current state; a reference is one model's only. */
  async function saveModel(ctx: StaffContext, f: ModelForm) {
    mayWrite(ctx);
    return staffWrite(ctx, async ({ db }, audit) => {
      await query(db, sql`select id from models where id = ${f.id} for update`);
      const before = await modelState(db, f.id);
      if (!before) throw notFound("admin.catalogue_not_found");
      if (revisionOf(before) !== f.revision) throw conflict("admin.catalogue_stale");
      const [taken] = await query(db, sql`select 1 from models where reference = ${f.reference} and id <> ${f.id}`);
      if (taken) throw refused("admin.catalogue_reference_taken", { reference: f.reference });
      await query(
        db,
        sql`update models set reference = ${f.reference}, unit = ${f.unit}, unit_qty = ${f.unit_qty}, price = ${f.price},
              site_price = ${f.site_price}, tva = ${f.vat}, poids = ${f.weight}, volume = ${f.volume}, length_mm = ${f.length_mm},
              width_mm = ${f.width_mm}, height_mm = ${f.height_mm}, stock = ${f.stock}, purchasable_qty = ${f.purchasable_qty},
              not_for_sale = ${f.not_for_sale}, non_gls = ${f.non_gls}, location = ${f.location || null}
            where id = ${f.id}`,
      );
      for (const lang of ["fr", "zh"] as const) {
        const label = lang === "fr" ? f.label_fr : f.label_zh;
        if (label === (lang === "fr" ? before.label_fr : before.label_zh)) continue;
        if (!label) await query(db, sql`delete from model_translations where model_id = ${f.id} and lang = ${lang}`);
        else
          await query(
            db,
            sql`insert into model_translations (model_id, lang, label) values (${f.id}, ${lang}, ${label})
                on conflict (model_id, lang) do update set label = excluded.label`,
          );
      }
      const after = (await modelState(db, f.id))!;
      // a price change is kept in the price history, as the CSV import keeps it
      if (after.price !== before.price || after.site_price !== before.site_price)
        await query(db, sql`insert into price_history (model_id, price, site_price) values (${f.id}, ${after.price}, ${after.site_price})`);
      await audit({ entity: "model", id: f.id, action: "edit", before, after });
      return after;
    });
  }

  /** The models a bulk edit takes, by reference; their rows locked (models, then products, each in id order). */
  async function bulkModels(q: Db, form: Pick<BulkForm, "scope" | "models">, filter: CatalogueFilter, lang: Lang, lock: boolean) {
    const where =
      form.scope === "selected"
        ? sql`m.id in (select jsonb_array_elements_text(${JSON.stringify(form.models)}::jsonb)::int)`
        : matching(filter);
    if (lock) {
      await query(q, sql`select m.id from models m join products p on p.id = m.product_id where ${where} order by m.id for update of m`);
      await query(
        q,
        sql`select id from products where id in (select m.product_id from models m join products p on p.id = m.product_id where ${where})
            order by id for update`,
      );
    }
    const rows = await query<BulkModelState>(
      q,
      sql`select m.id, m.reference, m.product_id, coalesce(${name(sql`m.product_id`, lang)}, p.reference) as name,
            m.price::text as price, m.site_price::text as site_price, m.stock, p.category_id, p.is_new, p.best_selling, p.price_drop
          from models m join products p on p.id = m.product_id where ${where} order by m.reference`,
    );
    return rows;
  }

  /** What a bulk edit would change, model by model; nothing is written. `plan` names this plan for the apply. */
  async function bulkPreview(q: Db, form: BulkForm, filter: CatalogueFilter, lang: Lang): Promise<BulkPreview> {
    const rows = await bulkModels(q, form, filter, lang, false);
    return previewOf(rows, form.action);
  }

  function previewOf(rows: BulkModelState[], action: BulkAction): BulkPreview {
    const { changes, unchanged } = bulkPlan(rows, action);
    // the plan's name leaves out the product's name (its language): the same changes in fr or zh are one plan
    const plan = revisionOf(changes.map((c) => [c.id, c.field, c.old, c.new]));
    return { count: rows.length, changed: changes.length, unchanged, shown: changes.slice(0, PREVIEW_SHOWN), plan };
  }

  /**
   * Applies a bulk edit in one audited transaction when the models still give the plan the preview showed
   * (someone changed one since: 409, nothing written). How many models changed.
   */
  async function bulkApply(ctx: StaffContext, form: BulkForm, filter: CatalogueFilter): Promise<BulkPreview> {
    mayWrite(ctx);
    return staffWrite(ctx, async ({ db }, audit) => {
      const a = form.action;
      if (a.kind === "move_category") {
        const [cat] = await query(db, sql`select 1 from categories where id = ${a.category_id} and level > 0`);
        if (!cat) throw refused("admin.catalogue_category_invalid");
      }
      const rows = await bulkModels(db, form, filter, ctx.lang, true);
      const preview = previewOf(rows, a);
      if (preview.plan !== form.plan) throw conflict("admin.catalogue_bulk_stale");
      const { changes } = bulkPlan(rows, a);
      if (changes.length === 0) return preview;
      const ids = JSON.stringify(changes.map((c) => c.id));
      const products = JSON.stringify([...new Set(changes.map((c) => c.product_id))]);
      if (a.kind === "price_percent") {
        const byId = new Map(rows.map((r) => [r.id, r]));
        const set = changes.map((c) => ({ id: c.id, price: c.new, site_price: sitePriceByPercent(byId.get(c.id)!, a) }));
        await query(
          db,
          sql`update models m set price = v.price, site_price = v.site_price
              from jsonb_to_recordset(${JSON.stringify(set)}::jsonb) as v(id int, price numeric, site_price numeric) where m.id = v.id`,
        );
        await query(
          db,
          sql`insert into price_history (model_id, price, site_price)
              select id, price, site_price from models where id in (select jsonb_array_elements_text(${ids}::jsonb)::int)`,
        );
      } else if (a.kind === "set_stock") {
        await query(db, sql`update models set stock = ${a.stock} where id in (select jsonb_array_elements_text(${ids}::jsonb)::int)`);
      } else {
        const column =
          a.kind === "move_category" ? sql`category_id = ${a.category_id}` : sql`${sql.identifier(a.flag)} = ${a.kind === "set_flag"}`;
        await query(db, sql`update products set ${column} where id in (select jsonb_array_elements_text(${products}::jsonb)::int)`);
      }
      await audit({
        entity: "catalogue_bulk",
        id: a.kind,
        action: "bulk_edit",
        before: { action: null, ...Object.fromEntries(changes.map((c) => [c.reference, { [c.field]: c.old }])) },
        after: { action: a, ...Object.fromEntries(changes.map((c) => [c.reference, { [c.field]: c.new }])) },
      });
      return preview;
    });
  }

  const CATEGORY_COLUMNS = sql`c.id, c.parent_id, c.level, c.position, c.visible,
    coalesce(fr.name, '') as name_fr, coalesce(zh.name, '') as name_zh
    from categories c
    left join category_translations fr on fr.category_id = c.id and fr.lang = 'fr'
    left join category_translations zh on zh.category_id = c.id and zh.lang = 'zh'`;

  /** Every category, the root first and each after its parent, siblings by position (the tree in reading order). */
  async function categoryTree(q: Db, lang: Lang): Promise<CategoryTreeRow[]> {
    const rows = await query<CategoryState & { products: number }>(
      q,
      sql`select (select count(*)::int from products p where p.category_id = c.id) as products, ${CATEGORY_COLUMNS}
          order by c.position, c.id`,
    );
    const children = new Map<number | null, typeof rows>();
    for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
    const out: CategoryTreeRow[] = [];
    const walk = (parent: number | null, path: string) =>
      (children.get(parent) ?? []).forEach(({ products, ...state }, i) => {
        const name = (lang === "zh" && state.name_zh) || state.name_fr;
        const here = state.level <= 1 ? name : `${path} › ${name}`;
        out.push({ ...state, name, path: here, rank: i + 1, products, revision: revisionOf(state) });
        walk(state.id, state.level === 0 ? "" : here);
      });
    walk(null, "");
    return out;
  }

  async function categoryState(q: Db, id: number): Promise<CategoryState | null> {
    const [c] = await query<CategoryState>(q, sql`select ${CATEGORY_COLUMNS} where c.id = ${id}`);
    return c ?? null;
  }

  /** Writes a category's names: an empty Chinese name removes it (the French one shows). */
  async function writeNames(q: Db, id: number, f: { name_fr: string; name_zh: string }) {
    for (const lang of ["fr", "zh"] as const) {
      const n = lang === "fr" ? f.name_fr : f.name_zh;
      if (!n) await query(q, sql`delete from category_translations where category_id = ${id} and lang = ${lang}`);
      else
        await query(
          q,
          sql`insert into category_translations (category_id, lang, name) values (${id}, ${lang}, ${n})
              on conflict (category_id, lang) do update set name = excluded.name`,
        );
    }
  }

  /** Numbers the children of `parent` 0, 1, 2… in the given order. */
  async function renumber(q: Db, order: number[]) {
    if (order.length === 0) return;
    const set = JSON.stringify(order.map((id, position) => ({ id, position })));
    await query(
      q,
      sql`update categories c set position = v.position from jsonb_to_recordset(${set}::jsonb) as v(id int, position int)
          where c.id = v.id and c.position <> v.position`,
    );
  }

  /** The tree locked for a move: every category row, in id order (a few hundred rows). */
  async function lockedTree(q: Db) {
    return query<TreeNode & { position: number }>(q, sql`select id, parent_id, level, position from categories order by id for update`);
  }
  const siblingsOf = (nodes: (TreeNode & { position: number })[], parent: number, except?: number) =>
    nodes
      .filter((n) => n.parent_id === parent && n.id !== except)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((n) => n.id);

  /**
   * Saves a category's names, visibility, parent (its subtree moves with it) and rank among its siblings, when the
   * form was made from its current state (otherwise 409). A move under itself or a descendant is refused.
   */
  async function saveCategory(ctx: StaffContext, f: CategoryForm) {
    mayWrite(ctx);
    return staffWrite(ctx, async ({ db }, audit) => {
      const nodes = await lockedTree(db);
      const before = await categoryState(db, f.id);
      if (!before || before.level === 0) throw notFound("admin.category_not_found");
      if (revisionOf(before) !== f.revision) throw conflict("admin.category_stale");
      const move = checkMove(nodes, f.id, f.parent);
      if (!move.ok) throw refused(move.error);
      if (f.parent !== before.parent_id) {
        const below = JSON.stringify([...subtreeIds(nodes, f.id)]);
        await query(
          db,
          sql`update categories set level = level + ${move.shift}
              where id in (select jsonb_array_elements_text(${below}::jsonb)::int)`,
        );
        await query(db, sql`update categories set parent_id = ${f.parent} where id = ${f.id}`);
        await renumber(db, siblingsOf(nodes, before.parent_id!, f.id));
      }
      await renumber(db, placeAt(siblingsOf(nodes, f.parent, f.id), f.id, f.rank));
      if (f.visible !== before.visible) await query(db, sql`update categories set visible = ${f.visible} where id = ${f.id}`);
      if (f.name_fr !== before.name_fr || f.name_zh !== before.name_zh) await writeNames(db, f.id, f);
      const after = (await categoryState(db, f.id))!;
      await audit({ entity: "category", id: f.id, action: "edit", before, after });
      return after;
    });
  }

  /** Creates a category, last among its parent's children (a level below 3). */
  async function createCategory(ctx: StaffContext, f: CategoryCreateForm) {
    mayWrite(ctx);
    return staffWrite(ctx, async ({ db }, audit) => {
      const nodes = await lockedTree(db);
      const parent = nodes.find((n) => n.id === f.parent);
      if (!mayHoldChild(parent)) throw refused(parent ? "admin.category_too_deep" : "admin.category_parent_invalid");
      const position = Math.max(-1, ...nodes.filter((n) => n.parent_id === f.parent).map((n) => n.position)) + 1;
      const [{ id }] = await query<{ id: number }>(
        db,
        sql`insert into categories (parent_id, level, position, visible) values (${f.parent}, ${parent!.level + 1}, ${position}, ${f.visible})
            returning id`,
      );
      await writeNames(db, id, f);
      const after = (await categoryState(db, id))!;
      await audit({ entity: "category", id, action: "create", before: null, after });
      return after;
    });
  }

  return {
    categoryTree,
    saveCategory,
    createCategory,
    saveProductImage,
    list,
    categories,
    product,
    saveProduct,
    saveModel,
    bulkPreview,
    bulkApply,
  };
}

export type StaffCatalogue = ReturnType<typeof createStaffCatalogue>;
