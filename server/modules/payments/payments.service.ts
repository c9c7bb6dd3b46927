// Card payment use cases (decision 077): starting a hosted payment for an unpaid order, the
// provider's notifications (recorded once by event id; the order paid exactly once, with its invoice, in one
// transaction), the result the buyer sees, the expiry of unpaid orders, refunds of payments that arrived for an
// order that could no longer take them (expired, cancelled, or already paid by another payment), and the refunds
// the shop decided (refunds.ts).
//
// Locks: a notification locks its payment row, then the order (a guarded UPDATE); the expiry and staff's
// cancellation lock the order, then the models in id order and the coupon. No path takes them the other way round.
import { createHash } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, lte, or, sql, type AnyColumn, type SQLWrapper } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { invoices, orderEvents, orders, paymentAttempts, payments, providerEvents } from "#server/db/schema/index.ts";
import { assertOutsideTransaction, withTransaction } from "#server/db/tx.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { fromCents, toCents } from "#core/money.ts";
import type { OrderRef } from "#core/validation/orders.ts";
import { LONE_SURROGATE } from "#core/validation/common.ts";
import { canRepay } from "#core/order-states.ts";
import { documentPdfPath } from "#core/documents/pdf-url.ts";
import { issueInvoice } from "#server/modules/invoices/invoice-issue.ts";
import { orderAmountDue } from "#server/modules/credit-notes/credit-notes.service.ts";
import { moveOrder } from "#server/modules/orders/order-transition.ts";
import { releaseOrder } from "#server/modules/orders/order-release.ts";
import type { PaymentNotification, PaymentProviderAdapter } from "./provider.ts";
import { refundRequested, requestRefund } from "./refunds.ts";
import type { PaymentResultAnswer } from "#core/contracts/payments.ts";

type WebhookOutcome = "processed" | "duplicate" | "ignored" | "amount_mismatch" | "already_paid" | "refund_due";

type Log = { warn: (o: object, msg: string) => void; error: (o: object, msg: string) => void };

/** Characters jsonb cannot hold (NUL, half a surrogate pair), in the documents a provider sent. */
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, "g");
const storableText = (s: string) => s.replace(UNSTORABLE, "\ufffd");

/**
 * A provider's document (payload, detail) as jsonb text: kept as received, except the characters jsonb cannot
 * hold, replaced by U+FFFD (the fields the shop acts on were checked by paymentNotificationSchema, depth too).
 */
function storableJson(value: unknown): string {
  const clean = (v: unknown): unknown => {
    if (typeof v === "string") return storableText(v);
    if (Array.isArray(v)) return v.map(clean);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [storableText(k), clean(x)]));
    return v;
  };
  return JSON.stringify(clean(value) ?? null);
}

/** Most of a rejected notification's body kept for support. */
const REJECTED_BODY_MAX = 4_000;

const iso = (col: AnyColumn) => sql<string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const orderMatch = (ref: OrderRef) => ("id" in ref ? eq(orders.id, ref.id) : eq(orders.number, ref.number));
/** The cutoff of the expiry: orders placed `minutes` ago or earlier. */
const placedBefore = (minutes: number) => lte(orders.createdAt, sql`now() - make_interval(mins => ${minutes})`);

/** Closes a payment attempt (by id, or the statement that finds it) with its outcome, its message key and the provider's detail (JSON text). */
const finishAttempt = (tx: Db, attempt: number | SQLWrapper, outcome: string, errorKey: string | null, detail: string) =>
  tx
    .update(paymentAttempts)
    .set({ outcome, errorKey, finishedAt: sql`now()`, providerDetail: sql`${detail}::jsonb` })
    .where(eq(paymentAttempts.id, attempt));

/** The result page path a provider sends the buyer back to (prefixed /zh for a payment started in Chinese). */
const resultPath = (type: "success" | "fail", orderId: number, lang: Lang) =>
  `${lang === "zh" ? "/zh" : ""}/payment/result/${type}?order_id=${orderId}`;

export function createPaymentsService(deps: { provider: PaymentProviderAdapter; publicUrl: string; log?: Log }) {
  const { provider, publicUrl } = deps;
  const log: Log = deps.log ?? { warn: () => undefined, error: (o, m) => console.error(m, o) };

  /**
   * Starts (or restarts) the card payment of the caller's unpaid order: a payments row and an attempt in one
   * transaction under the order's row lock, then the provider's hosted page, outside it. The amount is what
   * is left to pay: the order's total TTC less the credit notes spent on it. The customer's e-mail goes to the
   * provider's page (a SessionContext carries it).
   */
  async function leavePayment(ctx: Context<{ id: number; email: string }>, ref: OrderRef) {
    const { db: q, customer, lang } = ctx;
    assertOutsideTransaction("leavePayment");
    const started = await withTransaction(q, async (tx) => {
      const [o] = await tx
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          total_ttc: sql<string>`${orders.totalTtc}::text`,
          balance_due: sql<string>`${orders.balanceDue}::text`,
        })
        .from(orders)
        .where(and(eq(orders.customerId, customer.id), orderMatch(ref)))
        .for("update");
      if (!o) throw notFound("payment.order_not_found");
      if (o.status === "cancelled") throw refused("payment.order_cancelled");
      // A paid order whose total an edit raised owes its balance (decision 140): a payment of exactly that.
      const balance = o.status !== "unpaid" && toCents(o.balance_due) > 0;
      if (o.status !== "unpaid" && !balance) throw refused("payment.already_paid");
      // What is left to pay: the total TTC less the credit notes spent on the order (decision 079), or the balance.
      const due = balance ? o.balance_due : await orderAmountDue(tx, o.id);
      const cents = toCents(due);
      if (cents <= 0) throw refused("payment.not_payable");
      const [p] = await tx
        .insert(payments)
        .values({
          orderId: o.id,
          provider: provider.name,
          amount: due,
          currency: "EUR",
          status: "pending",
          lang,
          purpose: balance ? "balance" : "order",
        })
        .returning({ id: payments.id });
      const [a] = await tx.insert(paymentAttempts).values({ paymentId: p.id }).returning({ id: paymentAttempts.id });
      return { order: o, cents, paymentId: p.id, attemptId: a.id };
    });
    let hosted;
    try {
      hosted = await provider.createHostedPayment({
        paymentId: started.paymentId,
        orderId: started.order.id,
        orderNumber: started.order.number,
        amountCents: started.cents,
        currency: "EUR",
        lang,
        customerEmail: customer.email,
        successUrl: resultPath("success", started.order.id, lang),
        failUrl: resultPath("fail", started.order.id, lang),
      });
    } catch (e) {
      const error = String((e as Error)?.message ?? e).slice(0, 300);
      log.warn({ payment: started.paymentId, error }, "payment: provider refused to start");
      await withTransaction(q, async (tx) => {
        await finishAttempt(tx, started.attemptId, "error", "payment.provider_unavailable", JSON.stringify({ error }));
        await tx
          .update(payments)
          .set({ status: "failed", updatedAt: sql`now()` })
          .where(and(eq(payments.id, started.paymentId), eq(payments.status, "pending")));
      });
      throw conflict("payment.provider_unavailable");
    }
    await q
      .update(payments)
      .set({ providerRef: hosted.providerRef, updatedAt: sql`now()` })
      .where(eq(payments.id, started.paymentId));
    return { redirect_url: hosted.redirectUrl, payment_id: started.paymentId };
  }

  /** What the result page shows for the caller's order. */
  async function result(ctx: Context, ref: OrderRef): Promise<PaymentResultAnswer> {
    const { db: q, lang } = ctx;
    const customerId = ctx.customer.id;
    const invoiceNumber = q.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orders.id));
    const staffCancel = q
      .select({ one: sql`1` })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orders.id), eq(orderEvents.event, "cancel"), eq(orderEvents.toStatus, "cancelled")));
    const [o] = await q
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        total_ttc: sql<string>`${orders.totalTtc}::text`,
        balance_due: sql<string>`${orders.balanceDue}::text`,
        payment_method: orders.paymentMethod,
        transaction_id: orders.transactionId,
        paid_at: iso(orders.paidAt),
        cancelled_at: iso(orders.cancelledAt),
        invoice_number: sql<string | null>`${invoiceNumber}`,
        cancelled_by_staff: sql<boolean>`exists ${staffCancel}`,
      })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), orderMatch(ref)));
    if (!o) throw notFound("payment.order_not_found");
    const a = q
      .select({ outcome: paymentAttempts.outcome, error_key: paymentAttempts.errorKey })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.paymentId, payments.id))
      .orderBy(desc(paymentAttempts.startedAt), desc(paymentAttempts.id))
      .limit(1)
      .as("a");
    const [last] = await q
      .select({ status: payments.status, outcome: a.outcome, error_key: a.error_key })
      .from(payments)
      .leftJoinLateral(a, sql`true`)
      .where(eq(payments.orderId, o.id))
      .orderBy(desc(payments.id))
      .limit(1);
    // a balance an edit left (decision 140) is paid once its own payment is: until then the order is not paid up
    const owes = toCents(o.balance_due) > 0 && o.status !== "cancelled";
    const paid = o.paid_at !== null && !owes;
    const open = (o.status === "unpaid" || owes) && last?.status === "pending" && (last.outcome ?? "pending") === "pending";
    let failure: string | null = null;
    // cancelled by staff, or by the unpaid-order expiry
    if (!paid && o.status === "cancelled") failure = translate(lang, o.cancelled_by_staff ? "payment.order_cancelled" : "payment.expired");
    else if (!paid && !open && last) failure = translate(lang, last.error_key ?? "payment.abandoned");
    return {
      order_id: o.id,
      number: o.number,
      status: o.status,
      paid,
      pending: open,
      total_ttc: o.total_ttc,
      payment_method: o.payment_method,
      transaction_id: o.transaction_id,
      paid_at: o.paid_at,
      cancelled_at: o.cancelled_at,
      failure,
      can_repay: canRepay(o.status, o.balance_due),
      invoice_number: o.invoice_number,
      invoice_url: o.invoice_number ? documentPdfPath("invoice", o.id, lang) : null,
    };
  }

  /**
   * One verified notification, in one transaction: the event recorded first (a replay conflicts on its id and
   * changes nothing), then the payment under its row lock, then the order by a guarded UPDATE (unpaid → processing)
   * with its invoice. An amount or currency that differs from the payment's is recorded and pays nothing.
   */
  async function handleNotification(q: Db, n: PaymentNotification): Promise<WebhookOutcome> {
    const outcome = await withTransaction(q, async (tx): Promise<WebhookOutcome> => {
      const [ev] = await tx
        .insert(providerEvents)
        .values({ provider: provider.name, eventId: n.eventId, type: n.type, payload: sql`${storableJson(n.payload)}::jsonb` })
        .onConflictDoNothing({ target: [providerEvents.provider, providerEvents.eventId] })
        .returning({ id: providerEvents.id });
      if (!ev) return "duplicate";
      const done = (o: WebhookOutcome) =>
        tx
          .update(providerEvents)
          .set({ processedAt: sql`now()` })
          .where(eq(providerEvents.id, ev.id))
          .then(() => o);
      if (n.outcome === "ignored" || n.paymentId === null) return done("ignored");
      const [p] = await tx
        .select({
          id: payments.id,
          order_id: payments.orderId,
          amount: sql<string>`${payments.amount}::text`,
          currency: payments.currency,
          status: payments.status,
          provider_ref: payments.providerRef,
          lang: sql<Lang>`${payments.lang}`,
          purpose: payments.purpose,
        })
        .from(payments)
        .where(and(eq(payments.id, n.paymentId), eq(payments.provider, provider.name)))
        .for("update");
      // Not ours, or a reference that does not match the payment it names: recorded, nothing else.
      if (!p || (n.providerRef && p.provider_ref && p.provider_ref !== n.providerRef)) return done("ignored");
      const attempt = tx
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.paymentId, p.id))
        .orderBy(desc(paymentAttempts.startedAt), desc(paymentAttempts.id))
        .limit(1);
      const detail = storableJson({ event: n.eventId, ...n.detail });

      if (n.outcome === "succeeded") {
        if (n.amountCents !== toCents(p.amount) || (n.currency ?? "").toUpperCase() !== p.currency) {
          await finishAttempt(
            tx,
            attempt,
            "error",
            "payment.amount_mismatch",
            JSON.stringify({
              event: n.eventId,
              expected: { amount: p.amount, currency: p.currency },
              received: { amount: n.amountCents === undefined ? null : fromCents(n.amountCents), currency: n.currency ?? null },
            }),
          );
          log.error({ payment: p.id, event: n.eventId }, "payment: amount mismatch, order not marked paid");
          return done("amount_mismatch");
        }
        if (p.status === "succeeded" || p.status === "refunded") return done("already_paid");
        const txn = n.transactionId ?? n.providerRef ?? `payment-${p.id}`;
        await tx
          .update(payments)
          .set({
            status: "succeeded",
            paidAt: sql`now()`,
            updatedAt: sql`now()`,
            method: n.method ?? "card",
            transactionId: txn,
            providerRef: sql`coalesce(${payments.providerRef}, ${n.providerRef})`,
          })
          .where(eq(payments.id, p.id));
        // The order as it is now, under its lock (after the payment's: no writer takes them the other way round). A
        // staff edit may have changed what is due since the payment started (decision 140): a payment of another
        // amount pays nothing and is refunded (its transaction is not the order's, or a refund row for a balance).
        const [o] = await tx
          .select({ status: orders.status, balance_due: sql<string>`${orders.balanceDue}::text` })
          .from(orders)
          .where(eq(orders.id, p.order_id))
          .for("update");
        const changed = async () => {
          await finishAttempt(tx, attempt, "error", "payment.order_changed", detail);
          log.warn({ payment: p.id, event: n.eventId }, "payment: the order changed since the payment started, refunded");
        };
        if (p.purpose === "balance") {
          if (o.status === "cancelled" || toCents(o.balance_due) !== toCents(p.amount)) {
            await changed();
            await requestRefund(tx, { paymentId: p.id, amount: p.amount, staffId: null });
            return done("refund_due");
          }
          await finishAttempt(tx, attempt, "succeeded", null, detail);
          await tx.update(orders).set({ balanceDue: "0" }).where(eq(orders.id, p.order_id));
          await tx.insert(orderEvents).values({
            orderId: p.order_id,
            event: "balance_paid",
            fromStatus: o.status,
            toStatus: o.status,
            details: { payment: p.id, amount: p.amount },
          });
          return done("processed");
        }
        if (o.status === "unpaid" && toCents(await orderAmountDue(tx, p.order_id)) !== toCents(p.amount)) {
          await changed();
          return done("refund_due");
        }
        await finishAttempt(tx, attempt, "succeeded", null, detail);
        const paid = await moveOrder(tx, p.order_id, {
          event: "pay",
          from: "unpaid",
          to: "processing",
          set: { paymentMethod: n.method ?? "card", transactionId: txn, paidAt: sql`now()` },
          details: { payment: p.id },
        });
        // cancelled meanwhile (expired, or by staff), or paid by another payment: refunded (decision 077)
        if (!paid) return done("refund_due");
        await issueInvoice(tx, p.order_id, { publicUrl, lang: p.lang });
        return done("processed");
      }

      // failed / abandoned: the payment is over; the order stays unpaid (re-pay starts a new payment)
      if (p.status === "pending") {
        await tx
          .update(payments)
          .set({ status: n.outcome === "failed" ? "failed" : "cancelled", updatedAt: sql`now()` })
          .where(eq(payments.id, p.id));
        const errorKey = n.errorKey ?? (n.outcome === "failed" ? "payment.declined" : "payment.abandoned");
        await finishAttempt(tx, attempt, n.outcome, errorKey, detail);
      }
      return done("processed");
    });
    if (outcome === "refund_due") void refundDue(q).catch((e) => log.error({ err: e }, "payment: refund pass failed"));
    return outcome;
  }

  /**
   * A notification whose signature holds but which the shop cannot take (no JSON, a field past its column, a
   * control character…): recorded once per body as a rejection, processed at once and acted on never, so that
   * support sees what the provider sent (the webhook answers 400). `problem`: where it failed, for support.
   */
  async function recordRejected(q: Db, raw: Buffer, reason: string, problem: string | null): Promise<void> {
    const sha256 = createHash("sha256").update(raw).digest("hex");
    const body = storableText(raw.toString("utf8").slice(0, REJECTED_BODY_MAX));
    await q
      .insert(providerEvents)
      .values({
        provider: provider.name,
        eventId: `rejected:${sha256}`,
        type: `rejected.${reason}`.slice(0, 80),
        payload: sql`${JSON.stringify({ rejected: reason, problem, sha256, bytes: raw.length, body })}::jsonb`,
        processedAt: sql`now()`,
      })
      .onConflictDoNothing({ target: [providerEvents.provider, providerEvents.eventId] });
  }

  /**
   * Refunds every succeeded payment whose order did not take it (cancelled unpaid, or paid by another payment), then
   * the refunds the shop decided (refunds.ts). Outside any transaction; the idempotency key of a late payment's
   * refund is the payment's, a decided refund's its row's, so a retry after a crash refunds once.
   */
  let refunding: Promise<number> | undefined;
  /** One pass at a time in this process (other processes: the idempotency key makes a second call harmless). */
  function refundDue(q: Db): Promise<number> {
    refunding ??= refundPass(q).finally(() => (refunding = undefined));
    return refunding;
  }

  async function refundPass(q: Db): Promise<number> {
    assertOutsideTransaction("refund");
    const due = await q
      .select({
        id: payments.id,
        provider_ref: sql<string>`${payments.providerRef}`, // not null: the WHERE below
        transaction_id: payments.transactionId,
        amount: sql<string>`${payments.amount}::text`,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          eq(payments.status, "succeeded"),
          eq(payments.provider, provider.name),
          // a balance payment never carries the order's transaction: one the order could not take has its refund row
          eq(payments.purpose, "order"),
          isNotNull(payments.providerRef),
          or(
            and(eq(orders.status, "cancelled"), isNull(orders.paidAt)),
            sql`${orders.transactionId} is distinct from ${payments.transactionId}`,
          ),
        ),
      )
      .orderBy(payments.id)
      .limit(20);
    let n = 0;
    for (const p of due) {
      try {
        const r = await provider.refund({
          providerRef: p.provider_ref,
          transactionId: p.transaction_id,
          amountCents: toCents(p.amount),
          idempotencyKey: `comptoir-refund-${p.id}`,
        });
        await q
          .update(payments)
          .set({ status: "refunded", refundRef: r.refundRef, updatedAt: sql`now()` })
          .where(and(eq(payments.id, p.id), eq(payments.status, "succeeded")));
        n++;
      } catch (e) {
        log.warn({ payment: p.id, error: String((e as Error)?.message ?? e).slice(0, 300) }, "payment: refund failed, will retry");
      }
    }
    return n + (await refundRequested(q, provider, log));
  }

  /**
   * Cancels one unpaid order placed before the cutoff, giving its stock, coupon use and credit back, exactly once:
   * the guarded change of its status (order-transition.ts) is the one place that decides, so two expirers, an
   * expirer and a payment, or an expirer and staff cancelling it never both win.
   */
  async function expireOrder(q: Db, orderId: number, minutes: number): Promise<boolean> {
    return withTransaction(q, async (tx) => {
      const expired = await moveOrder(tx, orderId, {
        event: "expire",
        from: "unpaid",
        to: "cancelled",
        set: { cancelledAt: sql`now()` },
        where: placedBefore(minutes),
      });
      if (expired) await releaseOrder(tx, orderId);
      return expired;
    });
  }

  /** One pass of the expiry: every unpaid order older than `minutes`, each in its own transaction. */
  async function expireUnpaid(q: Db, minutes: number, batch = 100): Promise<number> {
    if (minutes <= 0) return 0;
    const due = await q
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "unpaid"), placedBefore(minutes)))
      .orderBy(orders.createdAt, orders.id)
      .limit(batch);
    let n = 0;
    for (const { id } of due) if (await expireOrder(q, id, minutes)) n++;
    return n;
  }

  return { provider, leavePayment, result, handleNotification, recordRejected, refundDue, expireOrder, expireUnpaid };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
