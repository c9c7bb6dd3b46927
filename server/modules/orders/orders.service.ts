// The caller's orders in the account (decision 072): list, detail, tracking and "order
// again". Every query is scoped by the caller's customer id: another customer's order is not found, never
// shown. Every function takes the handle to use (decision 060).
import { acceptanceOf } from "#core/legal.ts";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { notFound, type Vars } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { canRepay, orderStateLabel } from "#core/order-states.ts";
import {
  goodsTotal,
  trackingSteps,
  vatBreakdown,
  type OrderAddress,
  type OrderDetail,
  type OrderLineView,
  type OrderList,
  type OrderSummary,
  type ReorderResult,
} from "#core/order-view.ts";
import { decOrZero } from "#core/money.ts";
import { amountDue } from "#core/documents/credit.ts";
import type { OrderListInput, OrderRef } from "#core/validation/orders.ts";
import type { CartService } from "#server/modules/cart/cart.service.ts";
import { invoicePdfPath } from "#server/modules/documents/documents.service.ts";

type OrderRow = {
  id: number;
  number: string;
  status: string;
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  planned_delivery_date: string | null;
  pickup_method: number;
  delivery_mode: string | null;
  shop_id: number | null;
  total_ht: string;
  total_tva: string;
  total_ttc: string;
  freight_ht: string;
  freight_tva: string;
  discount_amount: string;
  freight_discount_ht: string;
  freight_vat_rate: string | null;
  credit_used: string;
  payment_method: string | null;
  transaction_id: string | null;
  delivery_address: OrderAddress | null;
  invoice_address: OrderAddress | null;
  note: string | null;
  lines_count: number;
  invoice_number: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  delivery_status: string | null;
  delivery_reply_by: string | null;
  cgv_version: string | null;
  cgv_accepted_at: string | null;
};

// Moments as ISO text in UTC and dates as "YYYY-MM-DD": both drivers answer the same strings.
const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const COLUMNS = sql`o.id, o.number, o.status, ${iso("o.created_at")} as created_at, ${iso("o.paid_at")} as paid_at,
  ${iso("o.cancelled_at")} as cancelled_at, o.planned_delivery_date::text as planned_delivery_date, o.pickup_method, o.delivery_mode, o.shop_id,
  o.total_ht::text as total_ht, o.total_tva::text as total_tva, o.total_ttc::text as total_ttc, o.freight_ht::text as freight_ht,
  o.freight_tva::text as freight_tva, o.discount_amount::text as discount_amount,
  o.freight_discount_ht::text as freight_discount_ht, o.freight_vat_rate::text as freight_vat_rate, o.payment_method, o.transaction_id,
  o.delivery_address, o.invoice_address, o.note, ${iso("o.shipped_at")} as shipped_at, ${iso("o.delivered_at")} as delivered_at,
  o.delivery_status, ${iso("o.delivery_reply_by")} as delivery_reply_by, o.cgv_version, ${iso("o.cgv_accepted_at")} as cgv_accepted_at,
  (select count(*)::int from order_lines l where l.order_id = o.id) as lines_count,
  (select i.number from invoices i where i.order_id = o.id order by i.id limit 1) as invoice_number,
  (select coalesce(sum(u.amount), 0)::text from credit_note_uses u where u.order_id = o.id and u.released_at is null) as credit_used`;

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
export const TRACKING_LIMIT = 5;

function summary(o: OrderRow, lang: Lang): OrderSummary {
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
  const match = "id" in ref ? sql`o.id = ${ref.id}` : sql`o.number = ${ref.number}`;
  const [row] = await query<OrderRow>(q, sql`select ${COLUMNS} from orders o where o.customer_id = ${customerId} and ${match}`);
  if (!row) throw notFound("orders.order_not_found");
  return row;
}

/** Everything the order detail shows: lines, totals, addresses, delivery mode, state, payment, tracking. */
export async function orderDetail(q: Db, customerId: number, ref: OrderRef, lang: Lang): Promise<OrderDetail> {
  const o = await own(q, customerId, ref);
  const lines = await query<OrderLineView>(
    q,
    sql`select id, model_id, reference, designation, unit, price::text as price, num,
    tva::text as tva, remise::text as remise, line_ht::text as line_ht, gifted_units from order_lines where order_id = ${o.id} order by id`,
  );
  let shop: OrderDetail["shop"] = null;
  if (o.pickup_method === 2 && o.shop_id !== null) {
    const [s] = await query<{ name: string; address: string }>(
      q,
      sql`select name, address from shop_translations
      where shop_id = ${o.shop_id} order by (lang = ${lang}) desc, (lang = 'fr') desc limit 1`,
    );
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
    can_repay: canRepay(o.status),
    // the invoice of a paid order (decision 077); its PDF is served by the documents module
    invoice_number: o.invoice_number,
    invoice_url: o.invoice_number ? invoicePdfPath(o.id, lang) : null,
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
  async function list(q: Db, customerId: number, { page, page_size }: OrderListInput, lang: Lang): Promise<OrderList> {
    // The count rides on the page's rows (one statement: the order history is a page rendered per request);
    // only a page past the end asks for it on its own.
    const rows = await query<OrderRow & { total: number }>(
      q,
      sql`select ${COLUMNS}, count(*) over ()::int as total from orders o where o.customer_id = ${customerId}
      order by o.created_at desc, o.id desc limit ${page_size} offset ${(page - 1) * page_size}`,
    );
    const total =
      rows[0]?.total ??
      (page > 1
        ? (await query<{ total: number }>(q, sql`select count(*)::int as total from orders where customer_id = ${customerId}`))[0].total
        : 0);
    return { list: rows.map((o) => summary(o, lang)), total, page, page_size, page_count: Math.max(1, Math.ceil(total / page_size)) };
  }

  /** The caller's most recent orders with their timelines (the tracking page). */
  async function tracking(q: Db, customerId: number, lang: Lang, limit = TRACKING_LIMIT) {
    const rows = await query<OrderRow>(
      q,
      sql`select ${COLUMNS} from orders o where o.customer_id = ${customerId}
      order by o.created_at desc, o.id desc limit ${limit}`,
    );
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
  async function reorder(q: Db, customerId: number, ref: OrderRef, lang: Lang): Promise<ReorderResult> {
    const o = await own(q, customerId, ref);
    const lines = await query<{ model_id: number | null; reference: string; num: number }>(
      q,
      sql`
      select model_id, reference, num from order_lines where order_id = ${o.id} order by id`,
    );
    const messages: ReorderResult["messages"] = [];
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
    const before = new Map((await cartLines(q, customerId)).map((l) => [l.model_id, l.num]));
    const merged = await cart.merge(
      q,
      customerId,
      [...byModel].map(([model_id, l]) => ({ model_id, num: l.num })),
      lang,
    );
    for (const m of merged.messages) {
      const reference = byModel.get(m.model_id)?.reference ?? String(m.vars.ref ?? "");
      messages.push(message(m.model_id, reference, REORDER_KEYS[m.key] ?? m.key, m.vars, lang));
    }
    const added = (await cartLines(q, customerId)).flatMap((l) => {
      const ordered = byModel.get(l.model_id);
      const delta = l.num - (before.get(l.model_id) ?? 0);
      return ordered && delta > 0 ? [{ model_id: l.model_id, reference: ordered.reference, num: delta }] : [];
    });
    return { added, messages };
  }

  async function cartLines(q: Db, customerId: number) {
    return query<{ model_id: number; num: number }>(
      q,
      sql`select l.model_id, l.num from cart_lines l
      join carts c on c.id = l.cart_id where c.customer_id = ${customerId}`,
    );
  }

  return { list, detail: orderDetail, tracking, reorder };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
