// The back office's returns (decision 141): the inbox, a request as staff see it, and its handling — accept, refuse
// with a reason the customer reads, receive (per line what came back and whether it can be sold again; those units
// back to stock), then refund the received lines in one step by credit note or to the card. Each step is one audited
// staff write whose status change is guarded on the status it leaves (`where status = <from>`), so two staff doing
// the same step at once change it once: the stock comes back once, one credit note or card refund is made. Every
// step tells the customer (notice and e-mail in their language). The money side reuses the shop's one credit-note
// path (documents/credit-notes.ts) and card-refund path (payments/refunds.ts), under the order's row lock that every
// writer of refund rows holds, and never gives back more than the order was paid (core refundableLeft).
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import {
  creditNotes,
  customers,
  siteConfig,
  models,
  orderLines,
  orders,
  payments,
  refunds,
  returnLines,
  returnRequests,
} from "#server/db/schema/index.ts";
import { conflict, forbidden, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { dec } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { markup } from "#core/mail/html.ts";
import { composeMail } from "#core/mail/order-mail.ts";
import { localePath } from "#core/slug.ts";
import { can, type StaffRole } from "#core/staff/permissions.ts";
import type { ReturnStatus } from "#core/aftersales/returns.ts";
import {
  CARD_REFUND_LIMIT_SETTING,
  ORDER_REFUND_PERMISSION,
  RETURN_REFUND_WAYS,
  RETURN_INBOX_PAGE_SIZE,
  checkReceived,
  mayRefundReturn,
  refundableLeft,
  restock,
  orderLinesCredit,
  type ReceivedLine,
  type ReturnRefundWay,
} from "#core/aftersales/return-desk.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import { issueCreditNote, issueOrderCreditNote, returnCreditOf } from "#server/modules/documents/credit-notes.ts";
import { cardRefundable, requestRefund } from "#server/modules/payments/refunds.ts";
import { origin, orderRecipient } from "#server/modules/orders/order-mail.ts";
import { cardRefundLimitIn } from "./card-refund-limit.ts";
import type { OrderCreditRequest } from "#core/validation/return-desk.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What money given back by hand on an order made: a credit note (its number) or a card refund (its row). */
export type OrderCredited = { way: ReturnRefundWay; number: string | null; amount_ttc: string; refund_id: number | null };

/**
 * What the order may still give back (core refundableLeft): read under the order's row lock when the caller holds it.
 * Credit notes of every cause on the order and refund rows of every payment of it count.
 */
async function orderLeft(q: Db, orderId: number, lock = false) {
  const base = q
    .select({
      paid: sql<boolean>`${orders.paidAt} is not null`,
      cancelled: sql<boolean>`${orders.status} = 'cancelled'`,
      total_ttc: orders.totalTtc,
      balance_due: orders.balanceDue,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [o] = lock ? await base.for("update") : await base;
  if (!o) throw notFound();
  const [{ credited }] = await q
    .select({ credited: sql<string>`coalesce(sum(${creditNotes.amountTtc}), 0)::text` })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId));
  const [{ refunded }] = await q
    .select({ refunded: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.orderId, orderId));
  return refundableLeft({ ...o, credited, refunded });
}

export function createReturnDesk(deps: { publicUrl: string }) {
  /** One page of the inbox: the asked status, or every request with those waiting for an answer first; oldest first. */
  async function list(q: Db, asked: { status?: ReturnStatus; page: number }, lang: Lang) {
    const size = RETURN_INBOX_PAGE_SIZE;
    const where = asked.status ? eq(returnRequests.status, asked.status) : undefined;
    const rows = await q
      .select({
        id: returnRequests.id,
        status: returnRequests.status,
        reason: returnRequests.reason,
        created_at: returnRequests.createdAt,
        order_number: orders.number,
        client_number: customers.clientNumber,
        customer: sql<string>`coalesce(nullif(${customers.company}, ''), ${customers.firstName} || ' ' || ${customers.lastName})`,
        units: sql<number>`(select coalesce(sum(num), 0) from return_lines where return_id = ${returnRequests.id})::int`,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .innerJoin(customers, eq(customers.id, returnRequests.customerId))
      .where(where)
      .orderBy(sql`${returnRequests.status} <> 'requested'`, asc(returnRequests.createdAt), asc(returnRequests.id))
      .limit(size)
      .offset((asked.page - 1) * size);
    const total =
      rows[0]?.total ??
      (
        await q
          .select({ n: sql<number>`count(*)::int` })
          .from(returnRequests)
          .where(where)
      )[0].n;
    return {
      list: rows.map(({ total: _, ...r }) => ({
        ...r,
        created_at: r.created_at.toISOString(),
        status_text: translate(lang, `aftersales.return_status_${r.status}`),
        reason_text: translate(lang, `aftersales.reason_${r.reason}`),
      })),
      total,
      page: asked.page,
      page_size: size,
    };
  }

  /** A request as the back office shows it, with what its refund would give back and what the order still may. */
  async function detail(q: Db, id: number, lang: Lang) {
    const [r] = await q
      .select({
        request: returnRequests,
        order_number: orders.number,
        discount_amount: orders.discountAmount,
        customer: {
          id: customers.id,
          client_number: customers.clientNumber,
          name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
          company: customers.company,
          email: customers.email,
        },
      })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .innerJoin(customers, eq(customers.id, returnRequests.customerId))
      .where(eq(returnRequests.id, id));
    if (!r) throw notFound("aftersales.return_not_found");
    const req = r.request;
    const lines = await q
      .select({
        order_line_id: returnLines.orderLineId,
        reference: orderLines.reference,
        designation: orderLines.designation,
        unit: orderLines.unit,
        ordered: orderLines.num,
        num: returnLines.num,
        received: returnLines.received,
        resaleable: returnLines.resaleable,
      })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(eq(returnLines.returnId, id))
      .orderBy(asc(returnLines.id));
    const [note] = await q
      .select({ id: creditNotes.id, number: creditNotes.number, amount_ttc: creditNotes.amountTtc })
      .from(creditNotes)
      .where(eq(creditNotes.returnId, id));
    const [refund] = req.refundId
      ? await q
          .select({ id: refunds.id, amount: refunds.amount, status: refunds.status, last_error: refunds.lastError })
          .from(refunds)
          .where(eq(refunds.id, req.refundId))
      : [];
    const { credit } = await returnCreditOf(q, id, req.orderId, r.discount_amount);
    const card = await cardRefundable(q, req.orderId);
    return {
      id,
      status: req.status as ReturnStatus,
      status_text: translate(lang, `aftersales.return_status_${req.status}`),
      reason_text: translate(lang, `aftersales.reason_${req.reason}`),
      comment: req.comment,
      refusal_reason: req.refusalReason,
      refund_way: req.refundWay as ReturnRefundWay | null,
      created_at: req.createdAt.toISOString(),
      received_at: iso(req.receivedAt),
      order: { id: req.orderId, number: r.order_number },
      customer: r.customer,
      lines,
      /** What the refund gives back: the lines as received (as asked until then), TTC. */
      value: credit.ttc,
      /** What the order may still give back, and its card payment. */
      left: await orderLeft(q, req.orderId),
      card_refundable: card?.refundable ?? null,
      credit_note: note ?? null,
      refund: refund ?? null,
    };
  }

  /**
   * The request's guarded change of status (with the order's row locked first, as the customer's request and every
   * money writer lock it): null when another writer moved it first.
   */
  async function move(db: Db, id: number, from: ReturnStatus, to: ReturnStatus, set: PgUpdateSetSource<typeof returnRequests> = {}) {
    const [head] = await db.select({ order_id: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, id));
    if (!head) throw notFound("aftersales.return_not_found");
    await db.select({ id: orders.id }).from(orders).where(eq(orders.id, head.order_id)).for("update");
    const [r] = await db
      .update(returnRequests)
      .set({ ...set, status: to, updatedAt: sql`now()` })
      .where(and(eq(returnRequests.id, id), eq(returnRequests.status, from)))
      .returning({ id: returnRequests.id, order_id: returnRequests.orderId });
    if (!r) throw conflict("admin.return_moved", { id });
    return r;
  }

  /** The customer's notice and e-mail of the request's new status, in their language. */
  async function tell(db: Db, r: { id: number; order_id: number }, status: ReturnStatus, extra: string[] = []) {
    const to = await orderRecipient(db, r.order_id);
    const [{ number }] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, r.order_id));
    await addNotification(db, {
      customerId: to.customer_id,
      kind: "return_status",
      orderId: r.order_id,
      ref: number,
      vars: { status, return_id: r.id },
    });
    const t = (key: string, vars?: Record<string, string | number>) => translate(to.lang, key, vars);
    const body = [t("aftersales.notif_return_status", { ref: number, status: t(`aftersales.return_status_${status}`) }), ...extra];
    const mail = composeMail(
      to.lang,
      t("aftersales.mail_return_subject", { id: r.id, number }),
      { text: body, html: body.map((p) => markup`<p>${p}</p>`) },
      { label: t("aftersales.mail_return_action"), url: `${origin(deps.publicUrl)}${localePath(to.lang, "/suivi-commande")}` },
    );
    await enqueueMail(db, { to: to.email, ...mail });
    return to.lang;
  }

  async function accept(ctx: StaffContext, id: number) {
    if (!can(ctx.staff.roles, "returns:write")) throw forbidden("admin.permission_denied");
    return staffWrite(ctx, async ({ db }, audit) => {
      const r = await move(db, id, "requested", "accepted");
      await audit({ entity: "return", id, action: "accept", before: { status: "requested" }, after: { status: "accepted" } });
      await tell(db, r, "accepted");
      return { status: "accepted" as const };
    });
  }

  async function refuse(ctx: StaffContext, id: number, reason: string) {
    if (!can(ctx.staff.roles, "returns:write")) throw forbidden("admin.permission_denied");
    return staffWrite(ctx, async ({ db }, audit) => {
      const r = await move(db, id, "requested", "refused", { refusalReason: reason });
      await audit({ entity: "return", id, action: "refuse", before: { status: "requested" }, after: { status: "refused", reason } });
      const lang = (await orderRecipient(db, r.order_id)).lang;
      await tell(db, r, "refused", [translate(lang, "aftersales.return_refused_because", { reason })]);
      return { status: "refused" as const };
    });
  }

  /**
   * Records what came back: each line's received quantity and condition; the resaleable units go back to stock, in
   * the transaction of the guarded change accepted → received, so exactly once however many staff send it.
   */
  async function receive(ctx: StaffContext, id: number, received: ReceivedLine[]) {
    if (!can(ctx.staff.roles, "returns:write")) throw forbidden("admin.permission_denied");
    return staffWrite(ctx, async ({ db }, audit) => {
      const r = await move(db, id, "accepted", "received", { receivedAt: sql`now()` });
      const asked = await db
        .select({ line_id: returnLines.orderLineId, num: returnLines.num, model_id: orderLines.modelId, reference: orderLines.reference })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .where(eq(returnLines.returnId, id));
      const problems = checkReceived(received, asked);
      if (problems.length > 0) {
        const p = problems[0];
        const line = asked.find((a) => a.line_id === p.line_id);
        if (p.key === "over_quantity") throw refused("admin.return_receive_over", { ref: line?.reference ?? "", count: line?.num ?? 0 });
        if (p.key === "nothing_received") throw refused("admin.return_receive_nothing");
        throw refused("admin.return_receive_invalid");
      }
      for (const l of received)
        await db
          .update(returnLines)
          .set({ received: l.received, resaleable: l.resaleable })
          .where(and(eq(returnLines.returnId, id), eq(returnLines.orderLineId, l.line_id)));
      const back = restock(received.map((l) => ({ ...l, model_id: asked.find((a) => a.line_id === l.line_id)?.model_id ?? null })));
      for (const m of back)
        await db
          .update(models)
          .set({ stock: sql`${models.stock} + ${m.num}` })
          .where(eq(models.id, m.model_id));
      await audit({
        entity: "return",
        id,
        action: "receive",
        before: { status: "accepted" },
        after: { status: "received", lines: received, restocked: back },
      });
      await tell(db, r, "received");
      return { status: "received" as const, restocked: back };
    });
  }

  /**
   * Refunds the received lines in one step (received → refunded): a credit note of their value, or a card refund of
   * it on the order's card payment (a refunds row the payments worker sends once after the commit). Never more than
   * the order may still give back; a card refund only while its payment may still refund that much.
   */
  async function refund(ctx: StaffContext, id: number, way: ReturnRefundWay) {
    if (!mayRefundReturn(ctx.staff.roles, way, "0")) throw forbidden("admin.permission_denied");
    return staffWrite(ctx, async ({ db }, audit) => {
      const r = await move(db, id, "received", "refunded", { refundWay: way });
      const [o] = await db.select({ discount_amount: orders.discountAmount }).from(orders).where(eq(orders.id, r.order_id));
      const amount = (await returnCreditOf(db, id, r.order_id, o.discount_amount)).credit.ttc;
      const limit = way === "card" ? await cardRefundLimitIn(db) : undefined;
      if (!mayRefundReturn(ctx.staff.roles, way, amount, limit))
        throw forbidden("admin.return_card_over_limit", { amount: formatPrice(limit ?? "0", ctx.lang, "TTC") });
      const left = await orderLeft(db, r.order_id);
      if (dec(amount).gt(left)) throw refused("admin.refund_over_paid", { amount: formatPrice(left, ctx.lang, "TTC") });
      let noteNumber: string | null = null;
      let refundId: number | null = null;
      if (way === "credit_note") {
        noteNumber = (await issueCreditNote(db, { returnId: id }, deps))?.number ?? null;
      } else if (dec(amount).sign() > 0) {
        const card = await cardRefundable(db, r.order_id);
        if (!card || dec(card.refundable).lt(amount)) throw refused("admin.return_card_unavailable");
        refundId = await requestRefund(db, { paymentId: card.paymentId, amount, staffId: ctx.staff.id });
        await db.update(returnRequests).set({ refundId }).where(eq(returnRequests.id, id));
      }
      await audit({
        entity: "return",
        id,
        action: "refund",
        before: { status: "received" },
        after: { status: "refunded", way, amount, credit_note_number: noteNumber, refund_id: refundId },
      });
      const lang = (await orderRecipient(db, r.order_id)).lang;
      const money = formatPrice(amount, lang, "TTC");
      await tell(db, r, "refunded", [
        translate(lang, way === "card" ? "aftersales.return_refunded_card" : "aftersales.return_refunded_credit_note", { amount: money }),
      ]);
      return { status: "refunded" as const, amount, credit_note_number: noteNumber, refund_id: refundId };
    });
  }

  /**
   * What money given back by hand may give on the order now (the page's bound; the write reads it again, locked) and
   * the ways the roles may use: a card refund only while the order's card payment may still refund something.
   */
  async function orderCreditOptions(q: Db, orderId: number, roles: readonly StaffRole[]) {
    const ways = RETURN_REFUND_WAYS.filter((w) => can(roles, ORDER_REFUND_PERMISSION[w]));
    if (ways.length === 0) return null;
    const card = ways.includes("card") ? await cardRefundable(q, orderId) : null;
    const usable = ways.filter((w) => w === "credit_note" || (card !== null && dec(card.refundable).sign() > 0));
    if (usable.length === 0) return null;
    return { left: await orderLeft(q, orderId), ways: usable, card_refundable: card?.refundable ?? null };
  }

  /**
   * Money given back by hand on an order: an amount refunded or a commercial gesture, with its reason; for an amount
   * given, the whole of what is left, or chosen lines (a quantity per order line, valued by core orderLinesCredit, the
   * lines named in the reason). As a credit note (credit_notes:write; the reason written on the note) or to the card
   * that paid the order (orders:refund; a refunds row the payments worker sends once, the customer told by e-mail).
   * Never more than the order may still give back, read under the order's row lock: of two "whole" at once, the
   * second finds nothing left.
   */
  async function orderCredit(ctx: StaffContext, orderId: number, input: OrderCreditRequest): Promise<OrderCredited> {
    const way = input.way ?? "credit_note";
    if (!can(ctx.staff.roles, ORDER_REFUND_PERMISSION[way])) throw forbidden("admin.permission_denied");
    return staffWrite(ctx, async ({ db }, audit) => {
      const left = await orderLeft(db, orderId, true);
      const to = await orderRecipient(db, orderId);
      let amount: string;
      let reason = input.reason;
      let credited: { line_id: number; num: number }[] | undefined;
      if (input.scope === "whole") {
        if (dec(left).sign() <= 0) throw refused("admin.order_credit_none_left");
        amount = left;
      } else if (input.scope === "lines") {
        const [o] = await db.select({ discount_amount: orders.discountAmount }).from(orders).where(eq(orders.id, orderId));
        const lines = await db
          .select({
            id: orderLines.id,
            line_ht: orderLines.lineHt,
            num: orderLines.num,
            tva: orderLines.tva,
            reference: orderLines.reference,
          })
          .from(orderLines)
          .where(eq(orderLines.orderId, orderId))
          .orderBy(asc(orderLines.id));
        const got = orderLinesCredit(lines, input.lines, o);
        if (!got) throw refused("admin.order_credit_lines_invalid");
        amount = got.ttc;
        credited = got.lines;
        // the note keeps no lines of its own: its reason names them, in the customer's language
        const named = got.lines.map((c) => `${c.num} × ${lines.find((l) => l.id === c.line_id)!.reference}`).join(", ");
        reason = translate(to.lang, "documents.credit_note_lines_reason", { lines: named, reason: input.reason });
      } else amount = input.amount;
      if (dec(amount).gt(left)) throw refused("admin.refund_over_paid", { amount: formatPrice(left, ctx.lang, "TTC") });
      if (input.kind === "gesture") reason = translate(to.lang, "documents.credit_note_gesture_reason", { reason });
      const told = { kind: input.kind, scope: input.scope ?? "amount", amount, lines: credited, reason: input.reason };
      if (way === "card") {
        const card = await cardRefundable(db, orderId);
        if (!card || dec(card.refundable).lt(amount)) throw refused("admin.return_card_unavailable");
        const refundId = await requestRefund(db, { paymentId: card.paymentId, amount, staffId: ctx.staff.id });
        await audit({ entity: "order", id: orderId, action: "card_refund", after: { ...told, refund_id: refundId } });
        await tellCardRefund(db, orderId, amount, reason);
        return { way, number: null, amount_ttc: amount, refund_id: refundId };
      }
      const note = await issueOrderCreditNote(db, orderId, amount, { ...deps, cause: "staff", reason });
      await audit({ entity: "order", id: orderId, action: "credit_note", after: { ...told, credit_note_number: note.number } });
      return { way, number: note.number, amount_ttc: note.amount_ttc, refund_id: null };
    });
  }

  /** The customer's e-mail of a card refund decided on the order page, in their language, with its reason. */
  async function tellCardRefund(db: Db, orderId: number, amount: string, reason: string) {
    const to = await orderRecipient(db, orderId);
    const [{ number }] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    const t = (key: string, vars?: Record<string, string | number>) => translate(to.lang, key, vars);
    const body = [
      t("aftersales.mail_card_refund_text", { number, amount: formatPrice(amount, to.lang, "TTC") }),
      t("aftersales.mail_card_refund_reason", { reason }),
    ];
    const mail = composeMail(
      to.lang,
      t("aftersales.mail_card_refund_subject", { number }),
      { text: body, html: body.map((p) => markup`<p>${p}</p>`) },
      { label: t("aftersales.mail_card_refund_action"), url: `${origin(deps.publicUrl)}${localePath(to.lang, "/historique-commandes")}` },
    );
    await enqueueMail(db, { to: to.email, ...mail });
  }

  /** The credit notes of an order, newest first (the order page's list after a credit by hand). */
  async function orderCredits(q: Db, orderId: number) {
    return q
      .select({ id: creditNotes.id, number: creditNotes.number, amount_ttc: creditNotes.amountTtc })
      .from(creditNotes)
      .where(eq(creditNotes.orderId, orderId))
      .orderBy(desc(creditNotes.id));
  }

  /** Customer service's card-refund limit now (the pages' display; a refund reads it again in its transaction). */
  const cardLimit = (ctx: Pick<StaffContext, "db">) => cardRefundLimitIn(ctx.db);

  /** The owner sets customer service's card-refund limit ("0.00": never by card); audited as a setting. */
  async function setCardLimit(ctx: StaffContext, limit: string) {
    if (!can(ctx.staff.roles, "settings:write")) throw forbidden("admin.permission_denied");
    return staffWrite(ctx, async (tx, audit) => {
      const before = await cardRefundLimitIn(tx.db);
      if (before === limit) return { limit };
      await tx.db
        .insert(siteConfig)
        .values({ key: CARD_REFUND_LIMIT_SETTING, value: limit })
        .onConflictDoUpdate({ target: siteConfig.key, set: { value: limit } });
      await audit({ entity: "setting", id: CARD_REFUND_LIMIT_SETTING, action: "update", before: { limit: before }, after: { limit } });
      return { limit };
    });
  }

  return { list, detail, accept, refuse, receive, refund, orderCredit, orderCreditOptions, orderCredits, cardLimit, setCardLimit };
}

export type ReturnDesk = ReturnType<typeof createReturnDesk>;
