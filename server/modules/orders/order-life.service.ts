// Staff move an order along its life (core/orders/life.ts, decision 135): plan its delivery date or take it back,
// start its preparation, record it ready (parcels, pallets, weight), hand it to the carrier (carrier and tracking
// number), record it delivered, hand a store pickup over. One staff write each (audited): the order's row locked, the
// machine asked, the change written guarded on the states the event may leave, the timeline row, the customer's
// notice and e-mail in their language. A planned date takes the order's place on its round (planning/rounds.ts,
// decision 138) and starts the customer's confirmation of decision 082: awaited until the reply deadline.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, orderEvents, orders, shopTranslations, staffUsers } from "#server/db/schema/index.ts";
import { contextOf } from "#server/context.ts";
import type { Lang } from "#core/lang.ts";
import { createReceiptService } from "#server/modules/checkout/receipt.service.ts";
import { can } from "#core/staff/permissions.ts";
import { EVENT_PERMISSION, FROM, nextStatus, type OrderStatus, type StaffOrderEvent } from "#core/orders/life.ts";
import { conflict, forbidden, notFound, refused } from "#core/domain-errors.ts";
import { translate } from "#core/i18n/messages.ts";
import { markup } from "#core/mail/html.ts";
import { composeMail } from "#core/mail/order-mail.ts";
import { orderStateLabel } from "#core/order-states.ts";
import type { NotificationKind } from "#core/aftersales/notifications.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import { formatDate } from "#core/format-date.ts";
import { isPlannableDate } from "#core/planning/capacity.ts";
import { replyDeadline } from "#core/aftersales/deliveries.ts";
import type { Tariff } from "#core/freight-tariff.ts";
import { LOAD_COLUMNS, takeRound } from "#server/modules/planning/rounds.ts";
import { enqueueShippingMail } from "./shipping-mail.ts";
import { orderDetail } from "./orders.service.ts";
import { orderRecipient, orderUrl } from "./order-mail.ts";

/** What the order's row holds after each event, besides its status. */
type OrderRow = typeof orders.$inferInsert;
function factsOf(event: StaffOrderEvent, at: Date): { [K in keyof OrderRow]?: OrderRow[K] | SQL } {
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
};

/** What the order life's dependencies give it: the shop's address for e-mails, the freight tariff (zones). */
type OrderLifeDeps = { publicUrl: string; tariff: (q: Db) => Promise<Tariff> };

export function createOrderLife(deps: OrderLifeDeps) {
  const receipt = createReceiptService();
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
      const facts = factsOf(event, at);
      const [moved] = await db
        .update(orders)
        .set({ status: next.status, ...facts })
        .where(and(eq(orders.id, o.id), inArray(orders.status, [...FROM[event.type]])))
        .returning({ id: orders.id });
      if (!moved) throw conflict(`orders.transition_refused_${from}`); // only when the lock above was not held
      const { type, ...details } = event;
      // a plan records the round it took, and whether it went past the round's capacity (forced)
      const planned = round ? { zone: round.zone, over_capacity: round.over } : {};
      await db.insert(orderEvents).values({
        orderId: o.id,
        at,
        staffId: ctx.staff.id,
        event: type,
        fromStatus: from,
        toStatus: next.status,
        details: { ...details, ...planned },
      });
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
      await tell(db, { id: o.id, number: o.number, shopId: o.shopId }, next.status, at, notice);
      return { status: next.status };
    });
  }

  /**
   * The notice and the e-mail of the new status, in the customer's language; `notice` names them when the status
   * alone does not (a date planned or taken back), with its values (dates as YYYY-MM-DD, formatted per language).
   */
  async function tell(
    db: Db,
    o: { id: number; number: string; shopId: number | null },
    status: OrderStatus,
    at: Date,
    notice?: { kind: NotificationKind; vars: Record<string, string> },
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
    const body = t(`aftersales.notif_${kind}`, { ref: o.number, shop, date });
    const mail = composeMail(
      to.lang,
      t("mail.order_status_subject", { number: o.number, state }),
      { text: [body], html: [markup`<p>${body}</p>`] },
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
    const [order, receiving, events] = await Promise.all([orderDetail(ctx, { id: o.id }), receipt.get(ctx), timeline(q, o.id)]);
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
    };
  }

  return { apply, timeline, detail };
}

export type OrderLifeService = ReturnType<typeof createOrderLife>;
