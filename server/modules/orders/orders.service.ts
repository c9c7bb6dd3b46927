// The caller's orders in the account (decision 072): list, detail, tracking and "order
// again". Every query is scoped by the caller's customer id: another customer's order is not found, never
// shown. Every use case takes its context (decision 132): the handle to use (decision 060), the customer, the language.
import { acceptanceOf } from "#core/legal.ts";
import { pageTotal } from "#server/db/page-total.ts";
import { and, desc, eq, isNull, sql, type AnyColumn } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { cartLines, carts, creditNoteUses, invoices, orderLines, orders, shopTranslations } from "#server/db/schema/index.ts";
import { notFound, type Vars } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { canRepay, orderStateLabel } from "#core/order-states.ts";
import { goodsTotal, trackingSteps, vatBreakdown } from "#core/order-view.ts";
import type { AnswerOf } from "#core/contracts/contract.ts";
import type {
  OrderAddressAnswer,
  OrderDetailAnswer,
  OrderLineAnswer,
  OrderSummaryAnswer,
  ReorderAnswer,
  orderList,
} from "#core/contracts/orders.ts";
import { decOrZero } from "#core/money.ts";
import { amountDue } from "#core/documents/credit.ts";
import { documentPdfPath } from "#core/documents/pdf-url.ts";
import type { OrderListInput, OrderRef } from "#core/validation/orders.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";

// Moments as ISO text in UTC and dates as "YYYY-MM-DD": both drivers answer the same strings.
const iso = <C extends AnyColumn>(col: C) =>
  sql<C["_"]["notNull"] extends true ? string : string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
// Subqueries as builders: their columns stay qualified (a single table's select leaves its own columns bare).
const qb = new QueryBuilder();
const COLUMNS = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  created_at: iso(orders.createdAt),
  paid_at: iso(orders.paidAt),
  cancelled_at: iso(orders.cancelledAt),
  planned_delivery_date: sql<string | null>`${orders.plannedDeliveryDate}::text`,
  pickup_method: orders.pickupMethod,
  delivery_mode: orders.deliveryMode,
  shop_id: orders.shopId,
  total_ht: sql<string>`${orders.totalHt}::text`,
  total_tva: sql<string>`${orders.totalTva}::text`,
  total_ttc: sql<string>`${orders.totalTtc}::text`,
  freight_ht: sql<string>`${orders.freightHt}::text`,
  freight_tva: sql<string>`${orders.freightTva}::text`,
  discount_amount: sql<string>`${orders.discountAmount}::text`,
  freight_discount_ht: sql<string>`${orders.freightDiscountHt}::text`,
  freight_vat_rate: sql<string | null>`${orders.freightVatRate}::text`,
  balance_due: sql<string>`${orders.balanceDue}::text`,
  payment_method: orders.paymentMethod,
  transaction_id: orders.transactionId,
  delivery_address: sql<OrderAddressAnswer | null>`${orders.deliveryAddress}`,
  invoice_address: sql<OrderAddressAnswer | null>`${orders.invoiceAddress}`,
  note: orders.note,
  shipped_at: iso(orders.shippedAt),
  delivered_at: iso(orders.deliveredAt),
  delivery_status: orders.deliveryStatus,
  delivery_reply_by: iso(orders.deliveryReplyBy),
  cgv_version: orders.cgvVersion,
  cgv_accepted_at: iso(orders.cgvAcceptedAt),
  lines_count: sql<number>`${qb
    .select({ n: sql`count(*)::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orders.id))}`,
  invoice_number: sql<string | null>`${qb
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orders.id))
    .orderBy(invoices.id)
    .limit(1)}`,
  credit_used: sql<string>`${qb
    .select({ used: sql`coalesce(sum(${creditNoteUses.amount}), 0)::text` })
    .from(creditNoteUses)
    .where(and(eq(creditNoteUses.orderId, orders.id), isNull(creditNoteUses.releasedAt)))}`,
};
type OrderRow = SelectResultFields<typeof COLUMNS>;

// The cart merge speaks of lines "removed from your cart"; an order again never had them there.
const REORDER_KEYS: Record<string, string> = {
  "api.cart_merge_dropped_unavailable": "orders.reorder_unavailable",
  "api.cart_merge_dropped_stock": "orders.reorder_out_of_stock",
  "api.cart_merge_reduced": "orders.reorder_reduced",
};

const message = (model_id: number, reference: string, key: string, vars: Vars, lang: Lang) => ({
  model_id,
  reference,
  key,
  vars,
  text: translate(lang, key, vars),
});

/** How many orders the tracking page follows. */
const TRACKING_LIMIT = 5;

function summary(o: OrderRow, lang: Lang): OrderSummaryAnswer {
  const state = orderStateLabel(o, lang);
  return {
    id: o.id,
    number: o.number,
    created_at: o.created_at,
    status: o.status,
    state,
    status_text: translate(lang, state.key, state.values),
    total_ht: o.total_ht,
    total_ttc: o.total_ttc,
    credit_used: decOrZero(o.credit_used).toFixed(2),
    amount_due: amountDue(o.total_ttc, o.credit_used),
    lines_count: o.lines_count,
    pickup_method: o.pickup_method,
    delivery_mode: o.delivery_mode,
    planned_delivery_date: o.planned_delivery_date,
  };
}

/** One of the caller's orders, by id or number; anything else (absent, another customer's) is not found. */
async function own(q: Db, customerId: number, ref: OrderRef): Promise<OrderRow> {
  const match = "id" in ref ? eq(orders.id, ref.id) : eq(orders.number, ref.number);
  const [row] = await q
    .select(COLUMNS)
    .from(orders)
    .where(and(eq(orders.customerId, customerId), match));
  if (!row) throw notFound("orders.order_not_found");
  return row;
}

/** Everything the order detail shows: lines, totals, addresses, delivery mode, state, payment, tracking. */
export async function orderDetail(ctx: Context, ref: OrderRef): Promise<OrderDetailAnswer> {
  const { db: q, customer, lang } = ctx;
  const o = await own(q, customer.id, ref);
  const lines: OrderLineAnswer[] = await q
    .select({
      id: orderLines.id,
      model_id: orderLines.modelId,
      reference: orderLines.reference,
      designation: orderLines.designation,
      unit: orderLines.unit,
      price: sql<string>`${orderLines.price}::text`,
      num: orderLines.num,
      tva: sql<string>`${orderLines.tva}::text`,
      remise: sql<string>`${orderLines.remise}::text`,
      line_ht: sql<string>`${orderLines.lineHt}::text`,
      gifted_units: orderLines.giftedUnits,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, o.id))
    .orderBy(orderLines.id);
  let shop: OrderDetailAnswer["shop"] = null;
  if (o.pickup_method === 2 && o.shop_id !== null) {
    const [s] = await q
      .select({ name: shopTranslations.name, address: shopTranslations.address })
      .from(shopTranslations)
      .where(eq(shopTranslations.shopId, o.shop_id))
      .orderBy(sql`(${shopTranslations.lang} = ${lang}) desc`, sql`(${shopTranslations.lang} = 'fr') desc`)
      .limit(1);
    shop = { id: o.shop_id, name: s?.name ?? "", address: s?.address ?? "" };
  }
  return {
    ...summary(o, lang),
    lines,
    totals: {
      goods_ht: goodsTotal(lines),
      discount_amount: o.discount_amount,
      freight_ht: o.freight_ht,
      freight_tva: o.freight_tva,
      freight_discount_ht: o.freight_discount_ht,
      total_ht: o.total_ht,
      vat: vatBreakdown(lines, o),
      total_tva: o.total_tva,
      total_ttc: o.total_ttc,
    },
    delivery_address: o.pickup_method === 2 ? null : o.delivery_address,
    invoice_address: o.invoice_address,
    shop,
    cancelled_at: o.cancelled_at,
    payment: o.paid_at ? { method: o.payment_method, transaction_id: o.transaction_id, paid_at: o.paid_at } : null,
    note: o.note,
    tracking: trackingSteps(o),
    can_repay: canRepay(o.status, o.balance_due),
    // what an edit of the paid order left to pay (decision 140)
    balance_due: o.balance_due,
    // the invoice of a paid order (decision 077); its PDF is served by the documents module
    invoice_number: o.invoice_number,
    invoice_url: o.invoice_number ? documentPdfPath("invoice", o.id, lang) : null,
    // Delivery dates and the date confirmation state (decision 082).
    shipped_at: o.shipped_at,
    delivered_at: o.delivered_at,
    delivery_status: o.delivery_status,
    delivery_reply_by: o.delivery_reply_by,
    // The terms of sale accepted with the order (core/legal.ts); null on orders placed before they were asked.
    cgv: acceptanceOf(o.cgv_version, o.cgv_accepted_at),
  };
}

export function createOrdersService(cart: CartService) {
  /** The caller's orders, newest first, one page. */
  async function list(ctx: Context, { page, page_size }: OrderListInput): Promise<AnswerOf<typeof orderList>> {
    const { db: q, customer, lang } = ctx;
    // The count rides on the page's rows (one statement: the order history is a page rendered per request);
    // only a page past the end asks for it on its own.
    const rows = await q
      .select({ ...COLUMNS, total: sql<number>`count(*) over ()::int` })
      .from(orders)
      .where(eq(orders.customerId, customer.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page_size)
      .offset((page - 1) * page_size);
    const total = await pageTotal(rows, page, async () => {
      const [{ n }] = await q
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.customerId, customer.id));
      return n;
    });
    return { list: rows.map((o) => summary(o, lang)), total, page, page_size, page_count: Math.max(1, Math.ceil(total / page_size)) };
  }

  /** The caller's most recent orders with their timelines (the tracking page). */
  async function tracking(ctx: Context, limit = TRACKING_LIMIT) {
    const { db: q, customer, lang } = ctx;
    const rows = await q
      .select(COLUMNS)
      .from(orders)
      .where(eq(orders.customerId, customer.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return rows.map((o) => ({ ...summary(o, lang), tracking: trackingSteps(o) }));
  }

  /**
   * "Order again": the order's lines go back into the caller's cart through the cart's own merge, which is
   * one transaction under the cart's row lock (quantities added to what the cart holds, capped by stock and
   * the purchasable quantity; models no longer sold or out of stock left out, each with a message).
   * No transaction around it: an order and its lines never change (orders are cancelled, never deleted or
   * moved, decision 066), and the cart service reads its cached config and read model through the pool,
   * which decision 060 forbids inside a transaction.
   */
  async function reorder(ctx: Context, ref: OrderRef): Promise<ReorderAnswer> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const o = await own(q, customerId, ref);
    const lines = await q
      .select({ model_id: orderLines.modelId, reference: orderLines.reference, num: orderLines.num })
      .from(orderLines)
      .where(eq(orderLines.orderId, o.id))
      .orderBy(orderLines.id);
    const messages: ReorderAnswer["messages"] = [];
    const byModel = new Map<number, { reference: string; num: number }>();
    for (const l of lines) {
      // A model deleted from the catalogue since (model_id set null): nothing to put back.
      if (l.model_id === null) {
        messages.push(message(0, l.reference, "orders.reorder_unavailable", { ref: l.reference }, lang));
        continue;
      }
      const prev = byModel.get(l.model_id);
      byModel.set(l.model_id, { reference: l.reference, num: (prev?.num ?? 0) + l.num });
    }
    if (byModel.size === 0) return { added: [], messages };
    // What the cart held before, to tell what this call added (informational: a concurrent edit of the same
    // cart between the two reads only changes these counts, never the cart).
    const before = new Map((await linesInCart(q, customerId)).map((l) => [l.model_id, l.num]));
    const merged = await cart.merge(
      ctx,
      [...byModel].map(([model_id, l]) => ({ model_id, num: l.num })),
    );
    for (const m of merged.messages) {
      const reference = byModel.get(m.model_id)?.reference ?? String(m.vars.ref ?? "");
      messages.push(message(m.model_id, reference, REORDER_KEYS[m.key] ?? m.key, m.vars, lang));
    }
    const added = (await linesInCart(q, customerId)).flatMap((l) => {
      const ordered = byModel.get(l.model_id);
      const delta = l.num - (before.get(l.model_id) ?? 0);
      return ordered && delta > 0 ? [{ model_id: l.model_id, reference: ordered.reference, num: delta }] : [];
    });
    return { added, messages };
  }

  async function linesInCart(q: Db, customerId: number) {
    return q
      .select({ model_id: cartLines.modelId, num: cartLines.num })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.customerId, customerId));
  }

  return { list, detail: orderDetail, tracking, reorder };
}
