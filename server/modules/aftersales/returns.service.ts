// Returns (SPEC §9; decision 082). A customer asks back lines of one of their delivered
// orders within the return window; the request is one transaction under the order's row lock, so two
// concurrent requests never hold more than was delivered; a retry with the same idempotency key answers
// the request already made. The shop moves the status (requested → accepted | refused → received →
// refunded); every status change notifies the customer in the same transaction, and "refunded" issues the
// return's credit note in it too (decision 085).
import { and, desc, eq, inArray, ne, sql, type AnyColumn } from "drizzle-orm";
import { pageTotal } from "#server/db/page-total.ts";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { orderLines, orders, returnLines, returnRequests } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/tx.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import {
  RETURNABLE_PAGE_SIZE,
  RETURN_STATUSES,
  canMoveReturn,
  checkReturnLines,
  returnWindow,
  returnable,
  type ReturnStatus,
  type ReturnableLine,
} from "#core/aftersales/returns.ts";
import type { OrderReturnInput } from "#core/validation/aftersales.ts";
import type { ListPage, PageRequest } from "#core/list-page.ts";
import type { ReturnAnswer, ReturnableLineAnswer, ReturnableOrderAnswer } from "#core/contracts/aftersales.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { issueCreditNote } from "#server/modules/documents/credit-notes.ts";
import { hashRequest, storeAnswer, takeKey } from "#server/modules/idempotency/idempotency-keys.ts";

const RETURN_SCOPE = "return.request";

const iso = <C extends AnyColumn>(col: C) =>
  sql<C["_"]["notNull"] extends true ? string : string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const deliveredAt = iso(orders.deliveredAt);
const ORDER_COLUMNS = {
  id: orders.id,
  number: orders.number,
  customer_id: orders.customerId,
  status: orders.status,
  delivered_at: deliveredAt,
};

/** An order's lines with what other requests (not refused) already hold. */
async function linesOf(q: Db, orderId: number): Promise<ReturnableLineAnswer[]> {
  const rows = await q
    .select({
      id: orderLines.id,
      reference: orderLines.reference,
      designation: orderLines.designation,
      unit: orderLines.unit,
      delivered: orderLines.num,
      // a builder: its columns stay qualified (a single table's select leaves its own columns bare)
      returned: sql<number>`coalesce(${new QueryBuilder()
        .select({ n: sql`sum(${returnLines.num})` })
        .from(returnLines)
        .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
        .where(and(eq(returnLines.orderLineId, orderLines.id), ne(returnRequests.status, "refused")))}, 0)::int`,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
  return rows.map((l) => ({ ...l, returnable: returnable(l) }));
}

function windowText(o: { status: string; delivered_at: string | null }, now: Date, lang: Lang) {
  const w = returnWindow(o, now);
  if (w.open) return { w, text: translate(lang, "aftersales.window_open_until", { date: formatDate(w.ends_at!, lang, "datetime") }) };
  if (w.reason === "expired") return { w, text: translate(lang, "aftersales.window_closed_on", { date: formatDate(w.ends_at!, lang) }) };
  return { w, text: translate(lang, "aftersales.window_not_delivered") };
}

export function createReturnsService(deps: { publicUrl: string }) {
  /**
   * One page of the caller's delivered orders, most recently delivered first, each with its return window and
   * its lines' returnable quantities.
   */
  async function returnableOrders(
    { db: q, customer, lang }: Context,
    now: Date,
    { page, page_size }: PageRequest = { page: 1, page_size: RETURNABLE_PAGE_SIZE },
  ): Promise<ListPage<ReturnableOrderAnswer>> {
    const customerId = customer.id;
    const delivered = and(eq(orders.customerId, customerId), eq(orders.status, "delivered"));
    // The count rides on the page's rows (pageTotal).
    const rows = await q
      .select({ ...ORDER_COLUMNS, total: sql<number>`count(*) over ()::int` })
      .from(orders)
      .where(delivered)
      .orderBy(sql`${orders.deliveredAt} desc nulls last`, desc(orders.id))
      .limit(page_size)
      .offset((page - 1) * page_size);
    const total = await pageTotal(rows, page, async () => {
      const [{ n }] = await q
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(delivered);
      return n;
    });
    const out: ReturnableOrderAnswer[] = [];
    for (const o of rows) {
      const { w, text } = windowText(o, now, lang);
      out.push({
        id: o.id,
        number: o.number,
        delivered_at: o.delivered_at,
        window_open: w.open,
        window_ends_at: w.ends_at?.toISOString() ?? null,
        window_text: text,
        lines: await linesOf(q, o.id),
      });
    }
    return { list: out, total, page, page_size };
  }

  /** Asks back lines of one of the caller's orders (see the module comment). */
  async function request(ctx: Context, input: OrderReturnInput, now: Date): Promise<ReturnAnswer> {
    const { db: q, customer, lang } = ctx;
    const customerId = customer.id;
    const id = await withTransaction(q, async (tx) => {
      const { idempotency_key, ...meaningful } = input;
      const taken = await takeKey<{ id: number }>(tx, customerId, RETURN_SCOPE, idempotency_key, hashRequest(meaningful), {
        reused: "aftersales.request_reused",
        inProgress: "aftersales.request_in_progress",
      });
      if (taken !== true) return taken.id;
      // The order's row lock: concurrent requests on one order queue here and each sees the others' lines.
      const [o] = await tx
        .select(ORDER_COLUMNS)
        .from(orders)
        .where(and(eq(orders.id, input.order_id), eq(orders.customerId, customerId)))
        .for("update");
      if (!o) throw notFound("aftersales.order_not_found");
      const w = returnWindow(o, now);
      if (w.reason === "not_delivered") throw refused("aftersales.return_not_delivered", { number: o.number });
      if (!w.open) throw refused("aftersales.return_window_closed", { number: o.number, date: formatDate(w.ends_at!, lang) });
      const lines = await linesOf(tx, o.id);
      const problems = checkReturnLines(
        input.lines,
        lines.map((l): ReturnableLine => ({ id: l.id, delivered: l.delivered, returned: l.returned })),
      );
      if (problems.length > 0) {
        const p = problems[0];
        const line = lines.find((l) => l.id === p.line_id);
        if (!line) throw refused("aftersales.return_line_unknown");
        throw conflict("aftersales.return_over_quantity", { ref: line.reference, max: p.max, count: p.max });
      }
      const [r] = await tx
        .insert(returnRequests)
        .values({ orderId: o.id, customerId, reason: input.reason, comment: input.comment || null })
        .returning({ id: returnRequests.id });
      for (const l of input.lines) await tx.insert(returnLines).values({ returnId: r.id, orderLineId: l.line_id, num: l.num });
      await addNotification(tx, {
        customerId,
        kind: "return_status",
        orderId: o.id,
        ref: o.number,
        vars: { status: "requested", return_id: r.id },
      });
      await storeAnswer(tx, customerId, RETURN_SCOPE, idempotency_key, { id: r.id });
      return r.id;
    });
    const [view] = await views(ctx, id);
    return view;
  }

  async function views({ db: q, customer, lang }: Context, only?: number): Promise<ReturnAnswer[]> {
    const customerId = customer.id;
    const rows = await q
      .select({
        id: returnRequests.id,
        order_id: returnRequests.orderId,
        order_number: orders.number,
        status: sql<ReturnStatus>`${returnRequests.status}`,
        reason: returnRequests.reason,
        comment: returnRequests.comment,
        refusal_reason: returnRequests.refusalReason,
        created_at: iso(returnRequests.createdAt),
        updated_at: iso(returnRequests.updatedAt),
      })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(and(eq(returnRequests.customerId, customerId), only ? eq(returnRequests.id, only) : undefined))
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(100);
    if (rows.length === 0) return [];
    const lines = await q
      .select({
        return_id: returnLines.returnId,
        order_line_id: returnLines.orderLineId,
        reference: orderLines.reference,
        designation: orderLines.designation,
        num: returnLines.num,
      })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(
        inArray(
          returnLines.returnId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(returnLines.id);
    return rows.map((r) => ({
      ...r,
      status_text: translate(lang, `aftersales.return_status_${r.status}`),
      reason_text: translate(lang, `aftersales.reason_${r.reason}`),
      lines: lines.filter((l) => l.return_id === r.id).map(({ return_id: _, ...l }) => l),
    }));
  }

  /** The caller's return requests, newest first. */
  const list = (ctx: Context) => views(ctx);

  /**
   * The shop moves a request to its next status (no customer call: back-office and tests). Guarded: the
   * update only applies from a status that allows the move, so two concurrent moves cannot both pass.
   */
  async function setStatus(q: Db, returnId: number, to: ReturnStatus): Promise<void> {
    const from = RETURN_STATUSES.filter((s) => canMoveReturn(s, to));
    if (from.length === 0) throw refused("aftersales.return_status_invalid");
    await withTransaction(q, async (tx) => {
      const [r] = await tx
        .update(returnRequests)
        .set({ status: to, updatedAt: sql`now()` })
        .from(orders)
        .where(and(eq(returnRequests.id, returnId), eq(orders.id, returnRequests.orderId), inArray(returnRequests.status, from)))
        .returning({
          id: returnRequests.id,
          customer_id: returnRequests.customerId,
          order_id: returnRequests.orderId,
          number: orders.number,
        });
      if (!r) throw conflict("aftersales.return_status_invalid");
      await addNotification(tx, {
        customerId: r.customer_id,
        kind: "return_status",
        orderId: r.order_id,
        ref: r.number,
        vars: { status: to, return_id: r.id },
      });
      // The refund is a credit note on the customer's account, issued with the status (decision 085).
      if (to === "refunded") await issueCreditNote(tx, { returnId: r.id }, deps);
    });
  }

  return { returnableOrders, request, list, setStatus, linesOf };
}
