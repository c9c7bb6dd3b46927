// Quick order (decision 081): what the customer bought before, their wishlist, and ordering
// by reference. Read-only except the wishlist; adding to the cart goes through the cart's own calls, so every
// quantity rule stays the cart's. Every query is scoped to the caller.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { models as modelTable, wishlists } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/tx.ts";
import { notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { maxQuantity, quantityProblem } from "#core/cart/availability.ts";
import { parseQuickOrder, QUICK_ORDER_MAX_QTY } from "#core/quick-order.ts";
import { productUrl } from "#core/slug.ts";
import type {
  PurchasedItemAnswer,
  QuickItemAnswer,
  QuickOrderResolutionAnswer,
  ResolvedLineAnswer,
  WishlistChangeAnswer,
  WishlistItemAnswer,
  WishlistRefsAnswer,
} from "#core/contracts/quick-order.ts";
import type { WishlistInput } from "#core/validation/quick-order.ts";
import { liveModels, type CartModels, type StaticModel } from "#server/modules/cart/cart-models.ts";
import { modelPricing, shownUnitPrice } from "#core/pricing/group-prices.ts";

/** A wishlist holds at most this many models. */
const WISHLIST_MAX = 500;
/** The purchased list shows at most this many models (the most recently bought). */
const PURCHASED_MAX = 1000;

const iso = (d: Date | string) => new Date(d).toISOString();

export function createQuickOrderService(models: CartModels) {
  /** The current view of `ids` (absent from the catalogue: left out). Read outside a transaction. */
  async function items(q: Db, ids: readonly number[], lang: Lang, customerId: number | null): Promise<Map<number, QuickItemAnswer>> {
    const out = new Map<number, QuickItemAnswer>();
    if (ids.length === 0) return out;
    const statics: Map<number, StaticModel> = await models.catalogue(lang);
    // the unit price the buyer's group gives from one unit when lower (decision 157); the cart prices each quantity
    const group = customerId === null ? null : await models.groups.forCustomer(q, customerId);
    const live = await liveModels(q, ids);
    for (const [id, l] of live) {
      const s = statics.get(id);
      if (!s) continue;
      out.set(id, {
        model_id: id,
        product_id: s.product_id,
        reference: s.reference,
        name: s.name,
        label: s.label,
        image: s.image,
        url: productUrl(lang, { id: s.product_id, name: s.name }),
        unit: s.unit,
        price: shownUnitPrice(s.price, 1, modelPricing(group, id, s.category_id)),
        stock: l.stock,
        purchasable_qty: l.purchasable_qty,
        not_for_sale: l.not_for_sale,
        max: maxQuantity(l),
      });
    }
    return out;
  }

  /** Every model of the caller's orders (cancelled and expired ones left out), most recently bought first. */
  async function purchased(ctx: Context): Promise<PurchasedItemAnswer[]> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const rows = await query<{
      model_id: number;
      designation: string;
      last_price: string;
      last_date: Date | string;
      last_order: string;
      total_qty: number;
      orders: number;
    }>(
      q,
      sql`
      select l.model_id,
             (array_agg(l.designation order by o.created_at desc, l.id desc))[1] as designation,
             (array_agg(l.price::text order by o.created_at desc, l.id desc))[1] as last_price,
             max(o.created_at) as last_date,
             (array_agg(o.number order by o.created_at desc, l.id desc))[1] as last_order,
             sum(l.num)::int as total_qty, count(distinct o.id)::int as orders
      from order_lines l join orders o on o.id = l.order_id
      where o.customer_id = ${customerId} and o.status not in ('cancelled', 'expired') and l.model_id is not null
      group by l.model_id order by max(o.created_at) desc, l.model_id limit ${PURCHASED_MAX}`,
    );
    const view = await items(
      q,
      rows.map((r) => r.model_id),
      lang,
      customerId,
    );
    return rows.flatMap((r) => {
      const item = view.get(r.model_id);
      return item
        ? [
            {
              ...item,
              designation: r.designation,
              last_price: r.last_price,
              last_date: iso(r.last_date),
              last_order: r.last_order,
              total_qty: Number(r.total_qty),
              orders: Number(r.orders),
            },
          ]
        : [];
    });
  }

  async function wishlist(ctx: Context): Promise<WishlistItemAnswer[]> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const w = wishlists;
    const rows = await q
      .select({ modelId: w.modelId, createdAt: w.createdAt })
      .from(w)
      .where(and(eq(w.customerId, customerId), eq(w.kind, "wishlist")))
      .orderBy(desc(w.createdAt), desc(w.id));
    const view = await items(
      q,
      rows.map((r) => r.modelId),
      lang,
      customerId,
    );
    return rows.flatMap((r) => {
      const item = view.get(r.modelId);
      return item ? [{ ...item, added_at: iso(r.createdAt) }] : [];
    });
  }

  /** The model named by id, reference or product (its first model on sale); unknown: not found. */
  async function modelOf(q: Db, input: WishlistInput): Promise<number> {
    const match =
      input.model_id !== undefined
        ? eq(modelTable.id, input.model_id)
        : input.product_id !== undefined
          ? eq(modelTable.productId, input.product_id)
          : sql`upper(${modelTable.reference}) = upper(${input.reference ?? ""})`;
    const [row] = await q
      .select({ id: modelTable.id })
      .from(modelTable)
      .where(match)
      .orderBy(modelTable.notForSale, modelTable.position, modelTable.id)
      .limit(1);
    if (!row) throw notFound("area.wishlist_model_unknown");
    return row.id;
  }

  /** The caller's wishlist references (upper case) and their products, for the heart buttons. */
  async function references(ctx: Context): Promise<WishlistRefsAnswer> {
    const { db: q } = ctx;
    const customerId = ctx.customer.id;
    const w = wishlists;
    const rows = await q
      .select({ reference: sql<string>`upper(${modelTable.reference})`, productId: modelTable.productId })
      .from(w)
      .innerJoin(modelTable, eq(modelTable.id, w.modelId))
      .where(and(eq(w.customerId, customerId), eq(w.kind, "wishlist")))
      .orderBy(desc(w.createdAt), desc(w.id));
    return { references: rows.map((r) => r.reference), product_ids: [...new Set(rows.map((r) => r.productId))] };
  }

  /** Saves the model (already saved: unchanged). One guarded statement: the size limit holds under concurrency. */
  async function add(ctx: Context, input: WishlistInput): Promise<WishlistChangeAnswer> {
    const customerId = ctx.customer.id;
    return withTransaction(ctx.db, async (tx) => {
      const modelId = await modelOf(tx, input);
      const inserted = await query<{ id: number }>(
        tx,
        sql`
      insert into wishlists (customer_id, model_id, kind)
      select ${customerId}, ${modelId}, 'wishlist'
      where (select count(*) from wishlists where customer_id = ${customerId} and kind = 'wishlist') < ${WISHLIST_MAX}
      on conflict (customer_id, kind, model_id) do nothing
      returning id`,
      );
      if (inserted.length === 0) {
        // Nothing written: already saved (fine), or the list is full.
        const w = wishlists;
        const present = await tx
          .select({ id: w.id })
          .from(w)
          .where(and(eq(w.customerId, customerId), eq(w.kind, "wishlist"), eq(w.modelId, modelId)))
          .limit(1);
        if (present.length === 0) throw refused("area.wishlist_full", { max: WISHLIST_MAX });
      }
      return { model_id: modelId, ...(await references({ ...ctx, db: tx })) };
    });
  }

  /** Removes the model from the caller's own wishlist (absent: unchanged). */
  async function remove(ctx: Context, input: WishlistInput): Promise<WishlistChangeAnswer> {
    const customerId = ctx.customer.id;
    return withTransaction(ctx.db, async (tx) => {
      const modelId = await modelOf(tx, input);
      const w = wishlists;
      const which =
        input.product_id !== undefined
          ? inArray(w.modelId, tx.select({ id: modelTable.id }).from(modelTable).where(eq(modelTable.productId, input.product_id)))
          : eq(w.modelId, modelId);
      await tx
        .delete(w)
        .where(and(eq(w.customerId, customerId), eq(w.kind, "wishlist"), which))
        .returning({ id: w.id });
      return { model_id: modelId, ...(await references({ ...ctx, db: tx })) };
    });
  }

  /**
   * Resolves pasted or uploaded lines: each valid entry is matched to a model on sale with enough stock and
   * purchase ceiling for its quantity; anything else is refused with a translated reason. Nothing changes.
   */
  async function resolve(q: Db, text: string, lang: Lang, customerId: number | null = null): Promise<QuickOrderResolutionAnswer> {
    const parsed = parseQuickOrder(text);
    if (!parsed.ok) throw refused(parsed.key, parsed.vars);
    const refs = parsed.entries.map((e) => e.reference);
    const found =
      refs.length === 0
        ? []
        : await q
            .select({ id: modelTable.id, ref: sql<string>`upper(${modelTable.reference})` })
            .from(modelTable)
            .where(inArray(sql`upper(${modelTable.reference})`, refs));
    const idOf = new Map(found.map((r) => [r.ref, r.id]));
    const view = await items(
      q,
      found.map((r) => r.id),
      lang,
      customerId,
    );
    const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
    const lines: ResolvedLineAnswer[] = parsed.refused.map((r) => ({
      line: r.line,
      reference: r.reference,
      quantity: 0,
      status: "refused",
      key: r.key,
      reason: t(r.key, { max: QUICK_ORDER_MAX_QTY }),
      merged: [],
      note: null,
      item: null,
    }));
    for (const e of parsed.entries) {
      const id = idOf.get(e.reference);
      const item = id === undefined ? undefined : view.get(id);
      let key: string | null = null;
      let vars: Record<string, string | number> = {};
      if (!item) key = "area.qo_unknown_reference";
      else if (item.not_for_sale) key = "area.qo_not_for_sale";
      else if (e.quantity > QUICK_ORDER_MAX_QTY) [key, vars] = ["area.qo_bad_quantity", { max: QUICK_ORDER_MAX_QTY }];
      else {
        const problem = quantityProblem(item, e.quantity);
        if (problem === "api.insufficient_stock") [key, vars] = ["area.qo_above_stock", { max: item.stock, unit: item.unit }];
        else if (problem === "api.above_purchase_ceiling") [key, vars] = ["area.qo_above_ceiling", { max: item.purchasable_qty }];
        else if (problem) key = "area.qo_not_for_sale";
      }
      lines.push({
        line: e.line,
        reference: item?.reference ?? e.reference,
        quantity: e.quantity,
        status: key ? "refused" : "ok",
        key,
        reason: key ? t(key, vars) : null,
        merged: e.merged,
        note: e.merged.length > 0 ? t("area.qo_merged", { lines: e.merged.join(", "), count: e.merged.length }) : null,
        item: item ?? null,
      });
    }
    lines.sort((a, b) => a.line - b.line);
    const valid = lines.filter((l) => l.status === "ok").length;
    return { lines, valid, refused: lines.length - valid, header: parsed.header };
  }

  return { purchased, wishlist, references, add, remove, resolve };
}
