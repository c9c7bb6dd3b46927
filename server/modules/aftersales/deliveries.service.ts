// Delivery dates (issue 12 item 7; SPEC §4; decision 082). The shop plans an order for a date and asks the
// customer to confirm by a deadline; the customer answers available (confirmed), unavailable with another
// working day (reschedule requested) or cancels the delivery (the order goes back to processing, unplanned).
// Without a reply by the deadline, `rescheduleDue` moves the delivery to a later working day (a worker runs
// it; guarded, SKIP LOCKED: safe with several processes). Shipping and delivery set shipped_at and
// delivered_at. Every change the customer did not make notifies them, in the same transaction.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import {
  canReply,
  isProposableDate,
  isWorkingDay,
  proposableDates,
  replyDeadline,
  rescheduledDate,
  shopToday,
  type DeliveryStatus,
} from "#core/aftersales/deliveries.ts";
import type { DeliveryReplyInput } from "#core/validation/aftersales.ts";
import { SHIPPABLE_FROM } from "#core/order-states.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { enqueueShippingMail } from "#server/modules/orders/shipping-mail.ts";

export type DeliveryView = {
  order_id: number;
  number: string;
  status: string;
  planned_delivery_date: string | null;
  delivery_status: DeliveryStatus;
  /** Translated state of the date: awaiting your reply by …, confirmed, other date asked, cancelled. */
  delivery_text: string;
  proposed_date: string | null;
  reply_by: string | null;
  can_reply: boolean;
};

type Row = {
  id: number;
  customer_id: number;
  number: string;
  status: string;
  planned_delivery_date: string | null;
  delivery_status: DeliveryStatus | null;
  delivery_proposed_date: string | null;
  delivery_reply_by: string | null;
};

const COLUMNS = sql`id, customer_id, number, status, planned_delivery_date::text as planned_delivery_date, delivery_status,
  delivery_proposed_date::text as delivery_proposed_date,
  to_char(delivery_reply_by at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as delivery_reply_by`;

function view(o: Row & { delivery_status: DeliveryStatus }, now: Date, lang: Lang): DeliveryView {
  const values = {
    date: formatDate(o.planned_delivery_date ?? "", lang),
    proposed: formatDate(o.delivery_proposed_date ?? "", lang),
    deadline: formatDate(o.delivery_reply_by ?? "", lang, "datetime"),
  };
  return {
    order_id: o.id,
    number: o.number,
    status: o.status,
    planned_delivery_date: o.planned_delivery_date,
    delivery_status: o.delivery_status,
    delivery_text: translate(lang, `aftersales.delivery_${o.delivery_status}`, values),
    proposed_date: o.delivery_proposed_date,
    reply_by: o.delivery_reply_by,
    can_reply: canReply(o, now),
  };
}

export function createDeliveriesService(deps: { publicUrl: string }) {
  /** The caller's deliveries in progress (planned, or whose date is being changed), soonest first, and the dates they may propose. */
  async function list(q: Db, customerId: number, now: Date, lang: Lang): Promise<{ list: DeliveryView[]; proposable_dates: string[] }> {
    const rows = await query<Row & { delivery_status: DeliveryStatus }>(
      q,
      sql`select ${COLUMNS} from orders where customer_id = ${customerId} and delivery_status is not null
      and status in ('processing', 'planned') order by planned_delivery_date nulls last, id`,
    );
    return { list: rows.map((o) => view(o, now, lang)), proposable_dates: proposableDates(shopToday(now)) };
  }

  /** The customer's answer, under the order's row lock; only while awaiting it and before the deadline. */
  async function reply(q: Db, customerId: number, input: DeliveryReplyInput, now: Date, lang: Lang): Promise<DeliveryView> {
    return withTransaction(q, async (tx) => {
      const [o] = await query<Row>(
        tx,
        sql`select ${COLUMNS} from orders where id = ${input.order_id} and customer_id = ${customerId} for update`,
      );
      if (!o || o.delivery_status === null) throw notFound("aftersales.delivery_not_found");
      if (!canReply(o, now)) throw refused("aftersales.delivery_reply_closed", { number: o.number });
      let set;
      if (input.reply === "available") set = sql`delivery_status = 'confirmed'`;
      else if (input.reply === "unavailable") {
        if (!isProposableDate(input.proposed_date, shopToday(now))) throw refused("aftersales.date_not_proposable");
        set = sql`delivery_status = 'reschedule_requested', delivery_proposed_date = ${input.proposed_date}`;
      } else set = sql`delivery_status = 'cancelled', status = 'processing', planned_delivery_date = null, delivery_reply_by = null`;
      const [row] = await query<Row & { delivery_status: DeliveryStatus }>(
        tx,
        sql`update orders set ${set}, delivery_replied_at = ${now} where id = ${o.id} and delivery_status = 'awaiting_confirmation'
        returning ${COLUMNS}`,
      );
      if (!row) throw conflict("aftersales.delivery_reply_closed", { number: o.number });
      return view(row, now, lang);
    });
  }

  /** The shop plans an order (processing or planned) for a working day whose reply deadline is still ahead. */
  async function plan(q: Db, orderId: number, date: string, now: Date): Promise<void> {
    if (!isWorkingDay(date) || replyDeadline(date).getTime() <= now.getTime()) throw refused("aftersales.date_not_proposable");
    await withTransaction(q, async (tx) => {
      const [o] = await query<Row>(
        tx,
        sql`update orders set status = 'planned', planned_delivery_date = ${date}, delivery_status = 'awaiting_confirmation',
        delivery_proposed_date = null, delivery_replied_at = null, delivery_reply_by = ${replyDeadline(date)}
        where id = ${orderId} and status in ('processing', 'planned') returning ${COLUMNS}`,
      );
      if (!o) throw conflict("aftersales.delivery_not_plannable");
      await addNotification(tx, { customerId: o.customer_id, kind: "order_planned", orderId, ref: o.number, vars: { date } });
    });
  }

  /**
   * The shop hands the order to the carrier (the back office's one way to "shipped"): guarded by the states it may
   * leave (core SHIPPABLE_FROM), with the notice and the shipping e-mail in the same transaction.
   */
  async function ship(q: Db, orderId: number, at: Date): Promise<void> {
    const from = sql.join(
      SHIPPABLE_FROM.map((s) => sql`${s}`),
      sql`, `,
    );
    await withTransaction(q, async (tx) => {
      const [o] = await query<Row>(
        tx,
        sql`update orders set status = 'shipped', shipped_at = ${at}, delivery_status = case when delivery_status = 'awaiting_confirmation'
        then 'confirmed' else delivery_status end where id = ${orderId} and status in (${from}) returning ${COLUMNS}`,
      );
      if (!o) throw conflict("aftersales.delivery_not_plannable");
      await addNotification(tx, { customerId: o.customer_id, kind: "order_shipped", orderId, ref: o.number });
      await enqueueShippingMail(tx, orderId, at, deps.publicUrl);
    });
  }

  /** The carrier delivered: the return window opens from this moment. */
  async function deliver(q: Db, orderId: number, at: Date): Promise<void> {
    await withTransaction(q, async (tx) => {
      const [o] = await query<Row>(
        tx,
        sql`update orders set status = 'delivered', delivered_at = ${at} where id = ${orderId} and status = 'shipped' returning ${COLUMNS}`,
      );
      if (!o) throw conflict("aftersales.delivery_not_plannable");
      await addNotification(tx, { customerId: o.customer_id, kind: "order_delivered", orderId, ref: o.number });
    });
  }

  /**
   * One pass of the rescheduling rule: deliveries still awaiting a reply past their deadline move to
   * rescheduledDate(old, today), with a new deadline, and the customer is notified. Rows are claimed with
   * FOR UPDATE SKIP LOCKED and updated under a guard (still awaiting, still past the deadline), in one
   * transaction per batch: two processes never move the same delivery, and a pass that fails changes nothing.
   */
  async function rescheduleDue(q: Db, now: Date, batch = 50): Promise<number> {
    return withTransaction(q, async (tx) => {
      const due = await query<Row>(
        tx,
        sql`select ${COLUMNS} from orders where delivery_status = 'awaiting_confirmation' and status = 'planned'
        and delivery_reply_by <= ${now} order by delivery_reply_by, id limit ${batch} for update skip locked`,
      );
      let moved = 0;
      for (const o of due) {
        const date = rescheduledDate(o.planned_delivery_date!, shopToday(now));
        const hit = await query<{ id: number }>(
          tx,
          sql`update orders set planned_delivery_date = ${date}, delivery_reply_by = ${replyDeadline(date)}
          where id = ${o.id} and delivery_status = 'awaiting_confirmation' and status = 'planned' and delivery_reply_by <= ${now}
          returning id`,
        );
        if (hit.length === 0) continue;
        moved++;
        await addNotification(tx, {
          customerId: o.customer_id,
          kind: "delivery_rescheduled",
          orderId: o.id,
          ref: o.number,
          vars: { date, old_date: o.planned_delivery_date! },
        });
      }
      return moved;
    });
  }

  return { list, reply, plan, ship, deliver, rescheduleDue };
}

export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
