// Delivery dates (SPEC §4; decision 082). Staff plan an order for a date through the order life (event `plan`,
// orders/order-life.service.ts, decision 138), which asks the customer to confirm by a deadline; the customer
// answers available (confirmed), unavailable with another working day (reschedule requested) or cancels the
// delivery (the order goes back to processing, unplanned). Without a reply by the deadline, `rescheduleDue` moves
// the delivery to a later working day (a worker runs it; guarded, SKIP LOCKED: safe with several processes) and
// writes it in the order's timeline. Shipping and delivery set shipped_at and delivered_at. Every change the
// customer did not make notifies them, in the same transaction.
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { orderEvents, orders } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/tx.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import {
  canReply,
  isProposableDate,
  proposableDates,
  replyDeadline,
  rescheduledDate,
  shopToday,
  type DeliveryStatus,
} from "#core/aftersales/deliveries.ts";
import type { DeliveryReplyInput } from "#core/validation/aftersales.ts";
import type { DeliveryAnswer } from "#core/contracts/aftersales.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";

// Dates as "YYYY-MM-DD" and the deadline as ISO text in UTC: both drivers answer the same strings.
const plannedDate = sql<string | null>`${orders.plannedDeliveryDate}::text`;
const replyBy = sql<string | null>`to_char(${orders.deliveryReplyBy} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const COLUMNS = {
  id: orders.id,
  customer_id: orders.customerId,
  number: orders.number,
  status: orders.status,
  planned_delivery_date: plannedDate,
  delivery_status: sql<DeliveryStatus | null>`${orders.deliveryStatus}`,
  delivery_proposed_date: sql<string | null>`${orders.deliveryProposedDate}::text`,
  delivery_reply_by: replyBy,
};
type Row = SelectResultFields<typeof COLUMNS>;
/** COLUMNS of an order in the delivery flow: its delivery_status is not null (the statement's WHERE or SET). */
const FLOW_COLUMNS = { ...COLUMNS, delivery_status: sql<DeliveryStatus>`${orders.deliveryStatus}` };

function view(o: Row & { delivery_status: DeliveryStatus }, now: Date, lang: Lang): DeliveryAnswer {
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

export function createDeliveriesService() {
  /** The caller's deliveries in progress (planned, or whose date is being changed), soonest first, and the dates they may propose. */
  async function list({ db: q, customer, lang }: Context, now: Date): Promise<{ list: DeliveryAnswer[]; proposable_dates: string[] }> {
    const customerId = customer.id;
    const rows = await q
      .select(FLOW_COLUMNS)
      .from(orders)
      .where(and(eq(orders.customerId, customerId), isNotNull(orders.deliveryStatus), inArray(orders.status, ["processing", "planned"])))
      .orderBy(sql`${orders.plannedDeliveryDate} nulls last`, orders.id);
    return { list: rows.map((o) => view(o, now, lang)), proposable_dates: proposableDates(shopToday(now)) };
  }

  /** The customer's answer, under the order's row lock; only while awaiting it and before the deadline. */
  async function reply({ db: q, customer, lang }: Context, input: DeliveryReplyInput, now: Date): Promise<DeliveryAnswer> {
    const customerId = customer.id;
    return withTransaction(q, async (tx) => {
      const [o] = await tx
        .select(COLUMNS)
        .from(orders)
        .where(and(eq(orders.id, input.order_id), eq(orders.customerId, customerId)))
        .for("update");
      if (!o || o.delivery_status === null) throw notFound("aftersales.delivery_not_found");
      if (!canReply(o, now)) throw refused("aftersales.delivery_reply_closed", { number: o.number });
      let set: Partial<typeof orders.$inferInsert>;
      if (input.reply === "available") set = { deliveryStatus: "confirmed" };
      else if (input.reply === "unavailable") {
        if (!isProposableDate(input.proposed_date, shopToday(now))) throw refused("aftersales.date_not_proposable");
        set = { deliveryStatus: "reschedule_requested", deliveryProposedDate: input.proposed_date };
      } else set = { deliveryStatus: "cancelled", status: "processing", plannedDeliveryDate: null, deliveryReplyBy: null };
      const [row] = await tx
        .update(orders)
        .set({ ...set, deliveryRepliedAt: now })
        .where(and(eq(orders.id, o.id), eq(orders.deliveryStatus, "awaiting_confirmation")))
        .returning(FLOW_COLUMNS);
      if (!row) throw conflict("aftersales.delivery_reply_closed", { number: o.number });
      return view(row, now, lang);
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
      const due = await tx
        .select(COLUMNS)
        .from(orders)
        .where(and(eq(orders.deliveryStatus, "awaiting_confirmation"), eq(orders.status, "planned"), lte(orders.deliveryReplyBy, now)))
        .orderBy(orders.deliveryReplyBy, orders.id)
        .limit(batch)
        .for("update", { skipLocked: true });
      let moved = 0;
      for (const o of due) {
        const date = rescheduledDate(o.planned_delivery_date!, shopToday(now));
        const hit = await tx
          .update(orders)
          .set({ plannedDeliveryDate: date, deliveryReplyBy: replyDeadline(date) })
          .where(
            and(
              eq(orders.id, o.id),
              eq(orders.deliveryStatus, "awaiting_confirmation"),
              eq(orders.status, "planned"),
              lte(orders.deliveryReplyBy, now),
            ),
          )
          .returning({ id: orders.id });
        if (hit.length === 0) continue;
        moved++;
        // the order's timeline says the shop moved it (the board shows it rescheduled until the customer answers)
        await tx.insert(orderEvents).values({
          orderId: o.id,
          at: now,
          event: "reschedule",
          fromStatus: "planned",
          toStatus: "planned",
          details: { date, old_date: o.planned_delivery_date! },
        });
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

  return { list, reply, rescheduleDue };
}

export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
