// Staff move an order along its life (core/orders/life.ts, decision 135): plan its delivery date or take it back,
// start its preparation, record it ready (parcels, pallets, weight), hand it to the carrier (carrier and tracking
// number), record it delivered, hand a store pickup over, cancel it before it left (decision 136). One staff write
// each (audited): the order's row locked, the machine asked, the change written guarded on the states the event may
// leave (order-transition.ts) with its timeline row, the customer's notice and e-mail in their language. A planned
// date takes the order's place on its round (planning/rounds.ts, decision 138) and starts the customer's
// confirmation of decision 082: awaited until the reply deadline.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, orderEvents, orders, payments, refunds, shopTranslations, staffUsers } from "#server/db/schema/index.ts";
import { contextOf } from "#server/context.ts";
import type { Lang } from "#core/lang.ts";
import { createReceiptService } from "#server/modules/checkout/receipt.service.ts";
import { can } from "#core/staff/permissions.ts";
import {
  CANCEL_REFUNDS,
  EVENT_PERMISSION,
  mayCancel,
  nextStatus,
  type CancelRefund,
  type OrderStatus,
  type StaffOrderEvent,
} from "#core/orders/life.ts";
import { cancelSettlement, type Settlement } from "#core/orders/cancel.ts";
import { dec } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { conflict, forbidden, isDomainError, notFound, refused } from "#core/domain-errors.ts";
import { translate } from "#core/i18n/messages.ts";
import { markup } from "#core/mail/html.ts";
import { composeMail } from "#core/mail/order-mail.ts";
import { orderStateLabel } from "#core/order-states.ts";
import type { NotificationKind } from "#core/aftersales/notifications.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import { creditUsedOn } from "#server/modules/credit-notes/credit-notes.service.ts";
import { issueCancellationCreditNote } from "#server/modules/documents/credit-notes.ts";
import { cardRefundable, requestRefund } from "#server/modules/payments/refunds.ts";
import { moveOrder, type Move } from "./order-transition.ts";
import { releaseOrder } from "./order-release.ts";
import { formatDate } from "#core/format-date.ts";
import { isPlannableDate } from "#core/planning/capacity.ts";
import { replyDeadline } from "#core/aftersales/deliveries.ts";
import type { Tariff } from "#core/freight-tariff.ts";
import { LOAD_COLUMNS, takeRound } from "#server/modules/planning/rounds.ts";
import { enqueueShippingMail } from "./shipping-mail.ts";
import { orderDetail } from "./orders.service.ts";
import { orderRecipient, orderUrl } from "./order-mail.ts";

/** What the order's row holds after each event, besides its status. */
function factsOf(event: StaffOrderEvent, at: Date): Move["set"] {
  switch (event.type) {
    case "mark_ready":
      return { parcels: event.parcels, pallets: event.pallets, weightKg: event.weight_kg.toFixed(2) };
    case "ship":
      // a date still awaiting the customer's answer stands once the goods leave
      return {
        shippedAt: at,
        carrier: event.carrier.trim(),
        trackingNumber: event.tracking.trim(),
        deliveryStatus: sql`case when ${orders.deliveryStatus} = 'awaiting_confirmation' then 'confirmed' else ${orders.deliveryStatus} end`,
      };
    case "deliver":
      return { deliveredAt: at };
    case "hand_over":
      // the return window opens from the moment the goods reach the customer, as for a delivery
      return { deliveredAt: at, pickedUpBy: event.picked_up_by.trim() };
    case "plan":
      // the customer's confirmation starts again on the new date (decision 082)
      return {
        plannedDeliveryDate: event.date,
        deliveryStatus: "awaiting_confirmation",
        deliveryProposedDate: null,
        deliveryRepliedAt: null,
        deliveryReplyBy: replyDeadline(event.date),
      };
    case "unplan":
      return {
        plannedDeliveryDate: null,
        deliveryStatus: null,
        deliveryProposedDate: null,
        deliveryRepliedAt: null,
        deliveryReplyBy: null,
      };
    default:
      return {};
  }
}

/** The customer's notice of the new status. */
const NOTICE: Partial<Record<OrderStatus, NotificationKind>> = {
  preparing: "order_preparing",
  ready: "order_ready",
  ready_for_pickup: "order_ready_for_pickup",
  shipped: "order_shipped",
  delivered: "order_delivered",
  picked_up: "order_picked_up",
  cancelled: "order_cancelled",
};

type Settled = Extract<Settlement, { ok: true }>;

/** The cancellation e-mail's lines on what the customer gets back. */
function refundLines(s: Settled, lang: Lang): string[] {
  const line = (key: string, amount: string) =>
    dec(amount).sign() > 0 ? [translate(lang, key, { amount: formatPrice(amount, lang, "TTC") })] : [];
  return [
    ...line("mail.order_cancelled_card", s.card_refund),
    ...line("mail.order_cancelled_credit_note", s.credit_note),
    ...line("mail.order_cancelled_credit_released", s.credit_released),
  ];
}

/** What the order life's dependencies give it: the shop's address for e-mails, the freight tariff (zones). */
type OrderLifeDeps = { publicUrl: string; tariff: (q: Db) => Promise<Tariff> };

export function createOrderLife(deps: OrderLifeDeps) {
  const receipt = createReceiptService();

  type CancelRow = { id: number; status: string; pickup: number; total_ttc: string; balance_due: string };

  /**
   * What cancelling the order (its row as read) in this way gives back, or the refusal (the machine's, then the
   * money's): the credit spent on it, and what its card payment may refund (`card`, for the refund row).
   */
  async function assess(q: Db, o: CancelRow, refund: CancelRefund) {
    const status = o.status as OrderStatus;
    const next = nextStatus({ status, pickup: o.pickup === 2 }, { type: "cancel", refund });
    if (!next.ok) throw refused(next.key);
    const card = await cardRefundable(q, o.id);
    const s = cancelSettlement(status, refund, {
      total_ttc: o.total_ttc,
      credit_used: await creditUsedOn(q, o.id),
      card_refundable: card?.refundable ?? null,
      balance_due: o.balance_due,
    });
    if (!s.ok) throw refused(s.key);
    return { from: status, to: next.status, card, settlement: s };
  }

  const cancelRow = {
    id: orders.id,
    status: orders.status,
    pickup: orders.pickupMethod,
    total_ttc: orders.totalTtc,
    balance_due: orders.balanceDue,
  };

  /** What cancelling in this way would give back (the page's confirmation step); read without a lock. */
  async function cancelPreview(q: Db, orderId: number, refund: CancelRefund): Promise<Settled> {
    const [o] = await q.select(cancelRow).from(orders).where(eq(orders.id, orderId));
    if (!o) throw notFound();
    return (await assess(q, o, refund)).settlement;
  }

  /** The ways this order may be cancelled now, each with what it gives back (the page's choice). */
  async function cancelOptions(q: Db, orderId: number): Promise<{ refund: CancelRefund; settlement: Settled }[]> {
    const options = await Promise.all(
      CANCEL_REFUNDS.map((refund) =>
        cancelPreview(q, orderId, refund).then(
          (settlement) => ({ refund, settlement }),
          (e: unknown) => {
            if (isDomainError(e) && e.kind === "refused") return null;
            throw e;
          },
        ),
      ),
    );
    return options.filter((o) => o !== null);
  }

  /**
   * Cancels the order before it left, for the staff member of `ctx` (decision 136): in one audited transaction the
   * order's row locked, the machine asked, the guarded change to "cancelled" with its timeline row, its stock, coupon
   * use and credit given back (order-release.ts, as the expiry), what was paid besides refunded — a refund row for
   * the payments worker (the provider is called after the commit) or a credit note —, the customer told.
   */
  async function cancel(ctx: StaffContext, orderId: number, input: { refund: CancelRefund; reason: string }, at = new Date()) {
    const { refund, reason } = input;
    if (!mayCancel(ctx.staff.roles, refund)) throw forbidden("admin.permission_denied");
    return staffWrite(ctx, async ({ db }, audit) => {
      const [o] = await db
        .select({ ...cancelRow, number: orders.number, shopId: orders.shopId })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (!o) throw notFound();
      const { from, to, card, settlement: s } = await assess(db, o, refund);
      const amounts = { credit_released: s.credit_released, card_refund: s.card_refund, credit_note: s.credit_note };
      const moved = await moveOrder(db, o.id, {
        event: "cancel",
        from,
        to,
        // a balance an edit left is owed no more: the re-pay link stops working
        set: { cancelledAt: at, balanceDue: "0" },
        staffId: ctx.staff.id,
        details: { refund, reason, ...amounts },
        at,
      });
      if (!moved) throw conflict(`orders.transition_refused_${from}`); // only when the lock above was not held
      await releaseOrder(db, o.id);
      const refundId =
        dec(s.card_refund).sign() > 0
          ? await requestRefund(db, { paymentId: card!.paymentId, amount: s.card_refund, staffId: ctx.staff.id })
          : null;
      const note = dec(s.credit_note).sign() > 0 ? await issueCancellationCreditNote(db, o.id, s.credit_note, deps) : null;
      await audit({
        entity: "order",
        id: o.id,
        action: "cancel",
        before: { status: from },
        after: { status: to, refund, reason, ...amounts, refund_id: refundId, credit_note_number: note?.number ?? null },
      });
      await tell(db, { id: o.id, number: o.number, shopId: o.shopId }, to, at, { refund: s });
      return { status: to, ...amounts, credit_note_number: note?.number ?? null };
    });
  }
  /** The order's status moved by `event` for the staff member of `ctx`; a refusal says why in their language. */
  async function apply(ctx: StaffContext, orderId: number, event: StaffOrderEvent, at = new Date()): Promise<{ status: OrderStatus }> {
    const permission = EVENT_PERMISSION[event.type];
    if (!permission || !can(ctx.staff.roles, permission)) throw forbidden("admin.permission_denied");
    if (event.type === "plan" && !isPlannableDate(event.date, at)) throw refused("planning.date_not_plannable");
    return staffWrite(ctx, async ({ db }, audit) => {
      const [o] = await db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          pickup: orders.pickupMethod,
          shopId: orders.shopId,
          planned: sql<string | null>`${orders.plannedDeliveryDate}::text`,
          delivery_status: orders.deliveryStatus,
          ...LOAD_COLUMNS,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (!o) throw notFound();
      const from = o.status as OrderStatus;
      const next = nextStatus({ status: from, pickup: o.pickup === 2 }, event);
      if (!next.ok) throw refused(next.key);
      const round =
        event.type === "plan"
          ? await takeRound(db, await deps.tariff(db), o, event.date, { force: event.force === true, lang: ctx.lang })
          : null;
      const { type, ...details } = event;
      // a plan records the round it took, and whether it went past the round's capacity (forced)
      const planned = round ? { zone: round.zone, over_capacity: round.over } : {};
      const moved = await moveOrder(db, o.id, {
        event: type,
        from,
        to: next.status,
        set: factsOf(event, at),
        staffId: ctx.staff.id,
        details: { ...details, ...planned },
        at,
      });
      if (!moved) throw conflict(`orders.transition_refused_${from}`); // only when the lock above was not held
      const delivery = (date: string | null, status: string | null) =>
        event.type === "plan" || event.type === "unplan" ? { planned_delivery_date: date, delivery_status: status } : {};
      await audit({
        entity: "order",
        id: o.id,
        action: type,
        before: { status: from, ...delivery(o.planned, o.delivery_status) },
        after: {
          status: next.status,
          ...details,
          ...planned,
          ...delivery(event.type === "plan" ? event.date : null, event.type === "plan" ? "awaiting_confirmation" : null),
        },
      });
      const notice =
        event.type === "plan"
          ? { kind: "order_planned" as const, vars: { date: event.date } }
          : event.type === "unplan"
            ? { kind: "order_unplanned" as const, vars: { date: o.planned ?? "" } }
            : undefined;
      await tell(db, { id: o.id, number: o.number, shopId: o.shopId }, next.status, at, { notice });
      return { status: next.status };
    });
  }

  /**
   * The notice and the e-mail of the new status, in the customer's language; `notice` names them when the status
   * alone does not (a date planned or taken back), with its values (dates as YYYY-MM-DD, formatted per language);
   * `refund`: what a cancellation gives back, told in the e-mail.
   */
  async function tell(
    db: Db,
    o: { id: number; number: string; shopId: number | null },
    status: OrderStatus,
    at: Date,
    { notice, refund }: { notice?: { kind: NotificationKind; vars: Record<string, string> }; refund?: Settled } = {},
  ) {
    const to = await orderRecipient(db, o.id);
    const kind = notice?.kind ?? NOTICE[status];
    const shop =
      status === "ready_for_pickup" && o.shopId !== null
        ? ((
            await db
              .select({ name: shopTranslations.name })
              .from(shopTranslations)
              .where(and(eq(shopTranslations.shopId, o.shopId), eq(shopTranslations.lang, to.lang)))
          )[0]?.name ?? "")
        : "";
    const vars = { ...notice?.vars, ...(shop ? { shop } : {}) };
    if (kind) await addNotification(db, { customerId: to.customer_id, kind, orderId: o.id, ref: o.number, vars });
    if (status === "shipped") return enqueueShippingMail(db, o.id, at, deps.publicUrl);
    if (!kind) return;
    const t = (key: string, vars?: Record<string, string>) => translate(to.lang, key, vars);
    const label = orderStateLabel({ status, planned_delivery_date: status === "planned" ? notice?.vars.date : null }, to.lang);
    const state = t(label.key, label.values);
    const date = notice?.vars.date ? formatDate(notice.vars.date, to.lang) : "";
    const body = [t(`aftersales.notif_${kind}`, { ref: o.number, shop, date }), ...(refund ? refundLines(refund, to.lang) : [])];
    const mail = composeMail(
      to.lang,
      t("mail.order_status_subject", { number: o.number, state }),
      { text: body, html: body.map((p) => markup`<p>${p}</p>`) },
      { label: t("mail.order_status_action"), url: orderUrl(deps.publicUrl, to.lang, o.number) },
    );
    await enqueueMail(db, { to: to.email, ...mail });
  }

  /** The order's timeline: every status change, oldest first, with the staff member's name when staff made it. */
  async function timeline(q: Db, orderId: number) {
    return q
      .select({
        at: orderEvents.at,
        event: orderEvents.event,
        from: orderEvents.fromStatus,
        to: orderEvents.toStatus,
        details: orderEvents.details,
        staff: staffUsers.name,
      })
      .from(orderEvents)
      .leftJoin(staffUsers, eq(staffUsers.id, orderEvents.staffId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.at, orderEvents.id);
  }

  /** The order's card payments and the refunds of them, oldest first, with their state. */
  async function paymentsOf(q: Db, orderId: number) {
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const [paid, refunded] = await Promise.all([
      q
        .select({
          id: payments.id,
          provider: payments.provider,
          amount: payments.amount,
          status: payments.status,
          created_at: payments.createdAt,
          paid_at: payments.paidAt,
          transaction_id: payments.transactionId,
          refund_ref: payments.refundRef,
        })
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(payments.id),
      q
        .select({
          id: refunds.id,
          payment_id: refunds.paymentId,
          amount: refunds.amount,
          status: refunds.status,
          created_at: refunds.createdAt,
          refunded_at: refunds.refundedAt,
          refund_ref: refunds.refundRef,
          attempts: refunds.attempts,
          last_error: refunds.lastError,
          staff: staffUsers.name,
        })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .leftJoin(staffUsers, eq(staffUsers.id, refunds.staffId))
        .where(eq(payments.orderId, orderId))
        .orderBy(refunds.id),
    ]);
    return {
      payments: paid.map((p) => ({ ...p, created_at: p.created_at.toISOString(), paid_at: iso(p.paid_at) })),
      refunds: refunded.map((r) => ({ ...r, created_at: r.created_at.toISOString(), refunded_at: iso(r.refunded_at) })),
    };
  }

  /**
   * An order as the back office shows it (by number): the customer's detail of it (lines, money, addresses, payment,
   * tracking), who the customer is and when they receive goods, what the preparation recorded, and the timeline.
   */
  async function detail(q: Db, number: string, lang: Lang) {
    const [row] = await q
      .select({ order: orders, customer: customers })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.number, number.trim().toUpperCase()));
    if (!row) throw notFound();
    const { order: o, customer: c } = row;
    const ctx = contextOf(q, c.id, lang);
    const [order, receiving, events, money] = await Promise.all([
      orderDetail(ctx, { id: o.id }),
      receipt.get(ctx),
      timeline(q, o.id),
      paymentsOf(q, o.id),
    ]);
    return {
      order,
      customer: {
        id: c.id,
        client_number: c.clientNumber,
        name: `${c.firstName} ${c.lastName}`,
        company: c.company,
        email: c.email,
        phone: c.phone,
      },
      receiving,
      facts: {
        parcels: o.parcels,
        pallets: o.pallets,
        weight_kg: o.weightKg,
        carrier: o.carrier,
        tracking_number: o.trackingNumber,
        picked_up_by: o.pickedUpBy,
      },
      timeline: events.map((e) => ({ ...e, at: e.at.toISOString() })),
      /** What an edit left the customer to pay on the paid order (decision 140); 0 once paid. */
      balance_due: o.balanceDue,
      ...money,
    };
  }

  return { apply, cancel, cancelPreview, cancelOptions, timeline, detail };
}

export type OrderLifeService = ReturnType<typeof createOrderLife>;
