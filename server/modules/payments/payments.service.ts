// Card payment use cases (issue 11; decision 077): starting a hosted payment for an unpaid order, the
// provider's notifications (recorded once by event id; the order paid exactly once, with its invoice, in one
// transaction), the result the buyer sees, the expiry of unpaid orders, and refunds of payments that arrived
// for an order that could no longer take them (expired, or already paid by another payment).
//
// Locks: a notification locks its payment row, then the order (a guarded UPDATE); the expiry locks the order
// (guarded UPDATE), then the models in id order and the coupon. No path takes them the other way round.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { assertOutsideTransaction, withTransaction } from "#server/db/tx.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { fromCents, toCents } from "#core/payments.ts";
import type { OrderRef } from "#core/validation/orders.ts";
import { LONE_SURROGATE } from "#core/validation/common.ts";
import { canRepay } from "#core/order-states.ts";
import { invoicePath, issueInvoice } from "#server/modules/invoices/invoice-issue.ts";
import { orderAmountDue, releaseCreditNotes } from "#server/modules/documents/documents.service.ts";
import type { PaymentNotification, PaymentProviderAdapter } from "./provider.ts";

export type PaymentResult = {
  order_id: number;
  number: string;
  status: string;
  paid: boolean;
  pending: boolean;
  total_ttc: string;
  payment_method: string | null;
  transaction_id: string | null;
  paid_at: string | null;
  cancelled_at: string | null;
  failure: string | null;
  can_repay: boolean;
  invoice_number: string | null;
  invoice_url: string | null;
};

export type WebhookOutcome = "processed" | "duplicate" | "ignored" | "amount_mismatch" | "already_paid" | "refund_due";

type Log = { warn: (o: object, msg: string) => void; error: (o: object, msg: string) => void };

/** Characters jsonb cannot hold (NUL, half a surrogate pair), in the documents a provider sent. */
const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, "g");
const storableText = (s: string) => s.replace(UNSTORABLE, "\ufffd");

/**
 * A provider's document (payload, detail) as jsonb text: kept as received, except the characters jsonb cannot
 * hold, replaced by U+FFFD (the fields the shop acts on were checked by paymentNotificationSchema, depth too).
 */
export function storableJson(value: unknown): string {
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

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const orderMatch = (ref: OrderRef) => ("id" in ref ? sql`o.id = ${ref.id}` : sql`o.number = ${ref.number}`);

/** The result page path a provider sends the buyer back to (prefixed /zh for a payment started in Chinese). */
export const resultPath = (type: "success" | "fail", orderId: number, lang: Lang) =>
  `${lang === "zh" ? "/zh" : ""}/payment/result/${type}?order_id=${orderId}`;

export function createPaymentsService(deps: { provider: PaymentProviderAdapter; publicUrl: string; log?: Log }) {
  const { provider, publicUrl } = deps;
  const log: Log = deps.log ?? { warn: () => undefined, error: (o, m) => console.error(m, o) };

  /**
   * Starts (or restarts) the card payment of the caller's unpaid order: a payments row and an attempt in one
   * transaction under the order's row lock, then the provider's hosted page, outside it. The amount is what
   * is left to pay: the order's total TTC less the credit notes spent on it.
   */
  async function leavePayment(q: Db, customer: { id: number; email: string }, ref: OrderRef, lang: Lang) {
    assertOutsideTransaction("leavePayment");
    const started = await withTransaction(q, async (tx) => {
      const [o] = await query<{ id: number; number: string; status: string; total_ttc: string }>(
        tx,
        sql`select o.id, o.number, o.status, o.total_ttc::text as total_ttc from orders o
        where o.customer_id = ${customer.id} and ${orderMatch(ref)} for update`,
      );
      if (!o) throw notFound("payment.order_not_found");
      if (o.status === "cancelled") throw refused("payment.order_cancelled");
      if (o.status !== "unpaid") throw refused("payment.already_paid");
      // What is left to pay: the total TTC less the credit notes spent on the order (decision 079).
      const due = await orderAmountDue(tx, o.id);
      const cents = toCents(due);
      if (cents <= 0) throw refused("payment.not_payable");
      const [p] = await query<{ id: number }>(
        tx,
        sql`insert into payments (order_id, provider, amount, currency, status, lang)
        values (${o.id}, ${provider.name}, ${due}, 'EUR', 'pending', ${lang}) returning id`,
      );
      const [a] = await query<{ id: number }>(tx, sql`insert into payment_attempts (payment_id) values (${p.id}) returning id`);
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
      log.warn(
        { payment: started.paymentId, error: String((e as Error)?.message ?? e).slice(0, 300) },
        "payment: provider refused to start",
      );
      await withTransaction(q, async (tx) => {
        await query(
          tx,
          sql`update payment_attempts set outcome = 'error', error_key = 'payment.provider_unavailable', finished_at = now(),
          provider_detail = ${JSON.stringify({ error: String((e as Error)?.message ?? e).slice(0, 300) })}::jsonb where id = ${started.attemptId}`,
        );
        await query(
          tx,
          sql`update payments set status = 'failed', updated_at = now() where id = ${started.paymentId} and status = 'pending'`,
        );
      });
      throw conflict("payment.provider_unavailable");
    }
    await query(q, sql`update payments set provider_ref = ${hosted.providerRef}, updated_at = now() where id = ${started.paymentId}`);
    return { redirect_url: hosted.redirectUrl, payment_id: started.paymentId };
  }

  /** What the result page shows for the caller's order. */
  async function result(q: Db, customerId: number, ref: OrderRef, lang: Lang): Promise<PaymentResult> {
    const [o] = await query<{
      id: number;
      number: string;
      status: string;
      total_ttc: string;
      payment_method: string | null;
      transaction_id: string | null;
      paid_at: string | null;
      cancelled_at: string | null;
      invoice_number: string | null;
    }>(
      q,
      sql`select o.id, o.number, o.status, o.total_ttc::text as total_ttc, o.payment_method, o.transaction_id,
        ${iso("o.paid_at")} as paid_at, ${iso("o.cancelled_at")} as cancelled_at,
        (select number from invoices i where i.order_id = o.id) as invoice_number
      from orders o where o.customer_id = ${customerId} and ${orderMatch(ref)}`,
    );
    if (!o) throw notFound("payment.order_not_found");
    const [last] = await query<{ status: string; outcome: string | null; error_key: string | null }>(
      q,
      sql`select p.status, a.outcome, a.error_key from payments p
      left join lateral (select outcome, error_key from payment_attempts where payment_id = p.id order by started_at desc, id desc limit 1) a on true
      where p.order_id = ${o.id} order by p.id desc limit 1`,
    );
    const paid = o.paid_at !== null;
    const open = o.status === "unpaid" && last?.status === "pending" && (last.outcome ?? "pending") === "pending";
    let failure: string | null = null;
    if (!paid && o.status === "cancelled") failure = translate(lang, "payment.expired");
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
      can_repay: canRepay(o.status),
      invoice_number: o.invoice_number,
      invoice_url: o.invoice_number ? invoicePath(o.id, lang) : null,
    };
  }

  /**
   * One verified notification, in one transaction: the event recorded first (a replay conflicts on its id and
   * changes nothing), then the payment under its row lock, then the order by a guarded UPDATE (unpaid → processing)
   * with its invoice. An amount or currency that differs from the payment's is recorded and pays nothing.
   */
  async function handleNotification(q: Db, n: PaymentNotification): Promise<WebhookOutcome> {
    const outcome = await withTransaction(q, async (tx): Promise<WebhookOutcome> => {
      const [ev] = await query<{ id: number }>(
        tx,
        sql`insert into provider_events (provider, event_id, type, payload) values (${provider.name}, ${n.eventId}, ${n.type},
        ${storableJson(n.payload)}::jsonb) on conflict (provider, event_id) do nothing returning id`,
      );
      if (!ev) return "duplicate";
      const done = (o: WebhookOutcome) => query(tx, sql`update provider_events set processed_at = now() where id = ${ev.id}`).then(() => o);
      if (n.outcome === "ignored" || n.paymentId === null) return done("ignored");
      const [p] = await query<{
        id: number;
        order_id: number;
        amount: string;
        currency: string;
        status: string;
        provider_ref: string | null;
        lang: Lang;
      }>(
        tx,
        sql`select id, order_id, amount::text as amount, currency, status, provider_ref, lang from payments
        where id = ${n.paymentId} and provider = ${provider.name} for update`,
      );
      // Not ours, or a reference that does not match the payment it names: recorded, nothing else.
      if (!p || (n.providerRef && p.provider_ref && p.provider_ref !== n.providerRef)) return done("ignored");
      const attempt = sql`(select id from payment_attempts where payment_id = ${p.id} order by started_at desc, id desc limit 1)`;
      const detail = storableJson({ event: n.eventId, ...n.detail });

      if (n.outcome === "succeeded") {
        if (n.amountCents !== toCents(p.amount) || (n.currency ?? "").toUpperCase() !== p.currency) {
          await query(
            tx,
            sql`update payment_attempts set outcome = 'error', error_key = 'payment.amount_mismatch', finished_at = now(),
            provider_detail = ${JSON.stringify({
              event: n.eventId,
              expected: { amount: p.amount, currency: p.currency },
              received: { amount: n.amountCents === undefined ? null : fromCents(n.amountCents), currency: n.currency ?? null },
            })}::jsonb where id = ${attempt}`,
          );
          log.error({ payment: p.id, event: n.eventId }, "payment: amount mismatch, order not marked paid");
          return done("amount_mismatch");
        }
        if (p.status === "succeeded" || p.status === "refunded") return done("already_paid");
        const txn = n.transactionId ?? n.providerRef ?? `payment-${p.id}`;
        await query(
          tx,
          sql`update payments set status = 'succeeded', paid_at = now(), updated_at = now(), method = ${n.method ?? "card"},
          transaction_id = ${txn}, provider_ref = coalesce(provider_ref, ${n.providerRef}) where id = ${p.id}`,
        );
        await query(
          tx,
          sql`update payment_attempts set outcome = 'succeeded', error_key = null, finished_at = now(),
          provider_detail = ${detail}::jsonb where id = ${attempt}`,
        );
        const [paid] = await query<{ id: number }>(
          tx,
          sql`update orders set status = 'processing', payment_method = ${n.method ?? "card"}, transaction_id = ${txn}, paid_at = now()
          where id = ${p.order_id} and status = 'unpaid' returning id`,
        );
        if (!paid) return done("refund_due"); // expired meanwhile, or paid by another payment: refunded (decision 077)
        await issueInvoice(tx, p.order_id, { publicUrl, lang: p.lang });
        return done("processed");
      }

      // failed / abandoned: the payment is over; the order stays unpaid (re-pay starts a new payment)
      if (p.status === "pending") {
        await query(
          tx,
          sql`update payments set status = ${n.outcome === "failed" ? "failed" : "cancelled"}, updated_at = now() where id = ${p.id}`,
        );
        await query(
          tx,
          sql`update payment_attempts set outcome = ${n.outcome}, finished_at = now(),
          error_key = ${n.errorKey ?? (n.outcome === "failed" ? "payment.declined" : "payment.abandoned")},
          provider_detail = ${detail}::jsonb where id = ${attempt}`,
        );
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
    await query(
      q,
      sql`insert into provider_events (provider, event_id, type, payload, processed_at)
      values (${provider.name}, ${`rejected:${sha256}`}, ${`rejected.${reason}`.slice(0, 80)},
              ${JSON.stringify({ rejected: reason, problem, sha256, bytes: raw.length, body })}::jsonb, now())
      on conflict (provider, event_id) do nothing`,
    );
  }

  /**
   * Refunds every succeeded payment whose order did not take it (cancelled unpaid, or paid by another payment).
   * Outside any transaction; the idempotency key is the payment's, so a retry after a crash refunds once.
   */
  let refunding: Promise<number> | undefined;
  /** One pass at a time in this process (other processes: the idempotency key makes a second call harmless). */
  function refundDue(q: Db): Promise<number> {
    refunding ??= refundPass(q).finally(() => (refunding = undefined));
    return refunding;
  }

  async function refundPass(q: Db): Promise<number> {
    assertOutsideTransaction("refund");
    const due = await query<{ id: number; provider_ref: string; transaction_id: string | null; amount: string }>(
      q,
      sql`select p.id, p.provider_ref, p.transaction_id, p.amount::text as amount from payments p join orders o on o.id = p.order_id
      where p.status = 'succeeded' and p.provider = ${provider.name} and p.provider_ref is not null
        and ((o.status = 'cancelled' and o.paid_at is null) or o.transaction_id is distinct from p.transaction_id)
      order by p.id limit 20`,
    );
    let n = 0;
    for (const p of due) {
      try {
        const r = await provider.refund({
          providerRef: p.provider_ref,
          transactionId: p.transaction_id,
          amountCents: toCents(p.amount),
          idempotencyKey: `comptoir-refund-${p.id}`,
        });
        await query(
          q,
          sql`update payments set status = 'refunded', refund_ref = ${r.refundRef}, updated_at = now() where id = ${p.id} and status = 'succeeded'`,
        );
        n++;
      } catch (e) {
        log.warn({ payment: p.id, error: String((e as Error)?.message ?? e).slice(0, 300) }, "payment: refund failed, will retry");
      }
    }
    return n;
  }

  /**
   * Cancels one unpaid order placed before the cutoff, giving its stock, coupon use and credit back, exactly once:
   * the guarded UPDATE … WHERE status = 'unpaid' is the one place that decides, so two expirers (or an
   * expirer and a payment) never both win.
   */
  async function expireOrder(q: Db, orderId: number, minutes: number): Promise<boolean> {
    return withTransaction(q, async (tx) => {
      const [o] = await query<{ id: number; coupon_id: number | null }>(
        tx,
        sql`update orders set status = 'cancelled', cancelled_at = now()
        where id = ${orderId} and status = 'unpaid' and created_at <= now() - make_interval(mins => ${minutes})
        returning id, coupon_id`,
      );
      if (!o) return false;
      const lines = await query<{ model_id: number; num: number }>(
        tx,
        sql`select model_id, sum(num)::int as num from order_lines where order_id = ${o.id} and model_id is not null
        group by model_id order by model_id`,
      );
      // models in id order, like order placement: the two never deadlock
      for (const l of lines) await query(tx, sql`update models set stock = stock + ${l.num} where id = ${l.model_id}`);
      if (o.coupon_id !== null) await query(tx, sql`update coupons set uses = uses - 1 where id = ${o.coupon_id} and uses > 0`);
      await releaseCreditNotes(tx, o.id); // credit notes spent on it are usable again, once
      return true;
    });
  }

  /** One pass of the expiry: every unpaid order older than `minutes`, each in its own transaction. */
  async function expireUnpaid(q: Db, minutes: number, batch = 100): Promise<number> {
    if (minutes <= 0) return 0;
    const due = await query<{ id: number }>(
      q,
      sql`select id from orders where status = 'unpaid' and created_at <= now() - make_interval(mins => ${minutes})
      order by created_at, id limit ${batch}`,
    );
    let n = 0;
    for (const { id } of due) if (await expireOrder(q, id, minutes)) n++;
    return n;
  }

  return { provider, leavePayment, result, handleNotification, recordRejected, refundDue, expireOrder, expireUnpaid };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
