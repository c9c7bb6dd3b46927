// Returns (issue 12 item 5; SPEC §9; decision 082). A customer asks back lines of one of their delivered
// orders within the return window; the request is one transaction under the order's row lock, so two
// concurrent requests never hold more than was delivered; a retry with the same idempotency key answers
// the request already made. The shop moves the status (requested → accepted | refused → received →
// refunded); every status change notifies the customer in the same transaction, and "refunded" issues the
// return's credit note in it too (decision 085).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import {
  RETURN_STATUSES,
  canMoveReturn,
  checkReturnLines,
  returnWindow,
  returnable,
  type ReturnStatus,
  type ReturnableLine,
} from "#core/aftersales/returns.ts";
import type { OrderReturnInput } from "#core/validation/aftersales.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { issueCreditNote } from "#server/modules/documents/credit-notes.ts";
import { hashRequest, storeAnswer, takeKey } from "./idempotency.ts";

export const RETURN_SCOPE = "return.request";

export type ReturnLineView = {
  id: number;
  reference: string;
  designation: string;
  unit: string;
  delivered: number;
  returned: number;
  returnable: number;
};

export type ReturnableOrder = {
  id: number;
  number: string;
  delivered_at: string | null;
  window_open: boolean;
  window_ends_at: string | null;
  /** Translated: why no return is possible, or until when it is. */
  window_text: string;
  lines: ReturnLineView[];
};

export type ReturnView = {
  id: number;
  order_id: number;
  order_number: string;
  status: ReturnStatus;
  status_text: string;
  reason: string;
  reason_text: string;
  comment: string | null;
  created_at: string;
  updated_at: string;
  lines: { order_line_id: number; reference: string; designation: string; num: number }[];
};

type OrderRow = { id: number; number: string; customer_id: number; status: string; delivered_at: string | null };

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** An order's lines with what other requests (not refused) already hold. */
async function linesOf(q: Db, orderId: number): Promise<ReturnLineView[]> {
  const rows = await query<Omit<ReturnLineView, "returnable">>(
    q,
    sql`select l.id, l.reference, l.designation, l.unit, l.num as delivered,
      coalesce((select sum(rl.num) from return_lines rl join return_requests r on r.id = rl.return_id
        where rl.order_line_id = l.id and r.status <> 'refused'), 0)::int as returned
    from order_lines l where l.order_id = ${orderId} order by l.id`,
  );
  return rows.map((l) => ({ ...l, returnable: returnable(l) }));
}

function windowText(o: { status: string; delivered_at: string | null }, now: Date, lang: Lang) {
  const w = returnWindow(o, now);
  if (w.open) return { w, text: translate(lang, "aftersales.window_open_until", { date: formatDate(w.ends_at!, lang, "datetime") }) };
  if (w.reason === "expired") return { w, text: translate(lang, "aftersales.window_closed_on", { date: formatDate(w.ends_at!, lang) }) };
  return { w, text: translate(lang, "aftersales.window_not_delivered") };
}

export function createReturnsService(deps: { publicUrl: string }) {
  /** The caller's delivered orders (newest first), each with its window and its lines' returnable quantities. */
  async function returnableOrders(q: Db, customerId: number, now: Date, lang: Lang): Promise<ReturnableOrder[]> {
    const orders = await query<OrderRow>(
      q,
      sql`select id, number, customer_id, status, ${iso("delivered_at")} as delivered_at from orders
      where customer_id = ${customerId} and status = 'delivered' order by delivered_at desc nulls last, id desc limit 20`,
    );
    const out: ReturnableOrder[] = [];
    for (const o of orders) {
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
    return out;
  }

  /** Asks back lines of one of the caller's orders (see the module comment). */
  async function request(q: Db, customerId: number, input: OrderReturnInput, now: Date, lang: Lang): Promise<ReturnView> {
    const id = await withTransaction(q, async (tx) => {
      const { idempotency_key, ...meaningful } = input;
      const taken = await takeKey<{ id: number }>(tx, customerId, RETURN_SCOPE, idempotency_key, hashRequest(meaningful));
      if (taken !== true) return taken.id;
      // The order's row lock: concurrent requests on one order queue here and each sees the others' lines.
      const [o] = await query<OrderRow>(
        tx,
        sql`select id, number, customer_id, status, ${iso("delivered_at")} as delivered_at from orders
        where id = ${input.order_id} and customer_id = ${customerId} for update`,
      );
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
      const [r] = await query<{ id: number }>(
        tx,
        sql`insert into return_requests (order_id, customer_id, reason, comment)
        values (${o.id}, ${customerId}, ${input.reason}, ${input.comment || null}) returning id`,
      );
      for (const l of input.lines)
        await query(tx, sql`insert into return_lines (return_id, order_line_id, num) values (${r.id}, ${l.line_id}, ${l.num})`);
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
    const [view] = await views(q, customerId, lang, id);
    return view;
  }

  async function views(q: Db, customerId: number, lang: Lang, only?: number): Promise<ReturnView[]> {
    const rows = await query<Omit<ReturnView, "status_text" | "reason_text" | "lines">>(
      q,
      sql`select r.id, r.order_id, o.number as order_number, r.status, r.reason, r.comment,
        ${iso("r.created_at")} as created_at, ${iso("r.updated_at")} as updated_at
      from return_requests r join orders o on o.id = r.order_id
      where r.customer_id = ${customerId} ${only ? sql`and r.id = ${only}` : sql``}
      order by r.created_at desc, r.id desc limit 100`,
    );
    if (rows.length === 0) return [];
    const lines = await query<{ return_id: number; order_line_id: number; reference: string; designation: string; num: number }>(
      q,
      sql`select rl.return_id, rl.order_line_id, l.reference, l.designation, rl.num
      from return_lines rl join order_lines l on l.id = rl.order_line_id
      where rl.return_id in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )}) order by rl.id`,
    );
    return rows.map((r) => ({
      ...r,
      status_text: translate(lang, `aftersales.return_status_${r.status}`),
      reason_text: translate(lang, `aftersales.reason_${r.reason}`),
      lines: lines.filter((l) => l.return_id === r.id).map(({ return_id: _, ...l }) => l),
    }));
  }

  /** The caller's return requests, newest first. */
  const list = (q: Db, customerId: number, lang: Lang) => views(q, customerId, lang);

  /**
   * The shop moves a request to its next status (no customer call: back-office and tests). Guarded: the
   * update only applies from a status that allows the move, so two concurrent moves cannot both pass.
   */
  async function setStatus(q: Db, returnId: number, to: ReturnStatus): Promise<void> {
    const from = RETURN_STATUSES.filter((s) => canMoveReturn(s, to));
    if (from.length === 0) throw refused("aftersales.return_status_invalid");
    await withTransaction(q, async (tx) => {
      const [r] = await query<{ id: number; customer_id: number; order_id: number; number: string }>(
        tx,
        sql`update return_requests r set status = ${to}, updated_at = now() from orders o
        where r.id = ${returnId} and o.id = r.order_id and r.status in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})
        returning r.id, r.customer_id, r.order_id, o.number`,
      );
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

export type ReturnsService = ReturnType<typeof createReturnsService>;
