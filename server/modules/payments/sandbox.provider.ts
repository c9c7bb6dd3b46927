// The sandbox provider (issue 11 item 2; decision 077): the embedded default, so that `npm start` takes a card
// payment with no account anywhere. It plays the provider's part with its own book (sandbox_sessions): a hosted
// card page under /sandbox/pay/<token> (sandbox.routes.ts), then a notification to the shop through the very
// webhook path a real provider uses, signed with SANDBOX_WEBHOOK_SECRET.
//
// Durability: the outcome is written first (one guarded statement: status 'done', the event id fixed once),
// then POSTed to the webhook; a session finished and not yet acknowledged is retried by the payments worker
// with a backoff, so an outcome survives a process dying between the two. The event id never changes between
// deliveries: a redelivery is a duplicate for the shop.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { assertOutsideTransaction } from "#server/db/tx.ts";
import type { Lang } from "#core/lang.ts";
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature, verifySandboxSignature } from "./sandbox-signature.ts";
import {
  WebhookRejected,
  type HostedPayment,
  type HostedPaymentInput,
  type PaymentProviderAdapter,
  type UncheckedNotification,
  type PaymentStatusAnswer,
  type RefundInput,
} from "./provider.ts";

export const SANDBOX_PAGE_PREFIX = "/sandbox/pay/";

export type SandboxSession = {
  token: string;
  payment_id: number;
  order_number: string;
  amount_cents: number;
  currency: string;
  lang: Lang;
  success_url: string;
  fail_url: string;
  status: "open" | "challenge" | "done";
  outcome: "succeeded" | "failed" | "abandoned" | null;
  error_key: string | null;
  event_id: string | null;
  transaction_id: string | null;
  card_last4: string | null;
  finished_at: string | null;
  notify_attempts: number;
};

export type SandboxOptions = {
  secret: string;
  /** The shop's webhook URL for this provider (PUBLIC_URL + /payments/webhook/sandbox by default). */
  webhookUrl: string;
  toleranceS: number;
  log?: { warn: (o: object, msg: string) => void };
};

const COLUMNS = sql`token, payment_id, order_number, amount_cents, currency, lang, success_url, fail_url, status, outcome,
  error_key, event_id, transaction_id, card_last4, finished_at::text as finished_at, notify_attempts`;

/** Wait before the next delivery after `attempts` failed ones: 5 s, 10 s, … capped at 10 minutes. */
export const notifyBackoffS = (attempts: number) => Math.min(600, 5 * 2 ** Math.max(0, attempts - 1));

export function createSandboxProvider(db: Db, opts: SandboxOptions) {
  const log = opts.log ?? { warn: () => undefined };

  async function session(token: string): Promise<SandboxSession | null> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
    const [s] = await query<SandboxSession>(db, sql`select ${COLUMNS} from sandbox_sessions where token = ${token}`);
    return s ?? null;
  }

  async function createHostedPayment(input: HostedPaymentInput): Promise<HostedPayment> {
    assertOutsideTransaction("payment provider call");
    const token = randomBytes(24).toString("base64url");
    await query(
      db,
      sql`insert into sandbox_sessions (token, payment_id, order_number, amount_cents, currency, lang, success_url, fail_url)
      values (${token}, ${input.paymentId}, ${input.orderNumber}, ${input.amountCents}, ${input.currency}, ${input.lang},
              ${input.successUrl}, ${input.failUrl})`,
    );
    // A path on the shop itself: it works whatever host name the buyer reached the shop by.
    return { providerRef: token, redirectUrl: `${SANDBOX_PAGE_PREFIX}${token}` };
  }

  /** The 3-D Secure card: the session waits for the challenge step. */
  async function startChallenge(token: string, last4: string): Promise<boolean> {
    const rows = await query(
      db,
      sql`update sandbox_sessions set status = 'challenge', card_last4 = ${last4} where token = ${token} and status = 'open' returning token`,
    );
    return rows.length > 0;
  }

  /**
   * Records the outcome once (a second submit of the same session changes nothing) and notifies the shop.
   * `from`: the state the step belongs to ('open' for the card form, 'challenge' for the 3-D Secure step).
   * Returns the session as finished (by this call or an earlier one), or null when unknown.
   */
  async function finish(
    token: string,
    from: "open" | "challenge" | "any",
    outcome: "succeeded" | "failed" | "abandoned",
    errorKey: string | null,
    last4: string | null,
  ): Promise<SandboxSession | null> {
    assertOutsideTransaction("sandbox notification");
    const eventId = `evt_sbx_${randomBytes(12).toString("hex")}`;
    const txn = outcome === "succeeded" ? `txn_sbx_${randomBytes(10).toString("hex")}` : null;
    const state = from === "any" ? sql`status <> 'done'` : sql`status = ${from}`;
    const [done] = await query<SandboxSession>(
      db,
      sql`update sandbox_sessions set status = 'done', outcome = ${outcome}, error_key = ${errorKey}, event_id = ${eventId},
        transaction_id = ${txn}, card_last4 = coalesce(${last4}, card_last4), finished_at = now(), next_notify_at = now()
      where token = ${token} and ${state} returning ${COLUMNS}`,
    );
    if (!done) return session(token);
    await deliver(done);
    return done;
  }

  function eventOf(s: SandboxSession) {
    return {
      id: s.event_id,
      type: `payment.${s.outcome}`,
      created: Math.floor(new Date(s.finished_at ?? Date.now()).getTime() / 1000),
      data: {
        token: s.token,
        payment_id: s.payment_id,
        order_number: s.order_number,
        amount: s.amount_cents,
        currency: s.currency,
        outcome: s.outcome,
        transaction_id: s.transaction_id,
        method: "card",
        card_last4: s.card_last4,
        error_key: s.error_key,
      },
    };
  }

  /** One delivery: a real HTTP POST to the shop's webhook, signed over timestamp + raw body. */
  async function deliver(s: SandboxSession): Promise<boolean> {
    const body = JSON.stringify(eventOf(s));
    const t = Math.floor(Date.now() / 1000);
    let ok = false;
    try {
      const r = await fetch(opts.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(opts.secret, body, t) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      ok = r.ok;
      await r.body?.cancel();
      if (!ok) log.warn({ token: s.token.slice(0, 6), status: r.status }, "sandbox: webhook refused, will retry");
    } catch (e) {
      log.warn({ token: s.token.slice(0, 6), error: String((e as Error).message) }, "sandbox: webhook unreachable, will retry");
    }
    await query(
      db,
      ok
        ? sql`update sandbox_sessions set notified_at = now(), notify_attempts = notify_attempts + 1 where token = ${s.token}`
        : sql`update sandbox_sessions set notify_attempts = notify_attempts + 1,
            next_notify_at = now() + make_interval(secs => ${notifyBackoffS(s.notify_attempts + 1)}) where token = ${s.token}`,
    );
    return ok;
  }

  /** Redelivers the finished sessions the shop has not acknowledged (the worker calls it). */
  async function retryNotifications(limit = 20): Promise<number> {
    assertOutsideTransaction("sandbox notification");
    // Claimed by pushing next_notify_at ahead: two workers never post the same session at once.
    const due = await query<SandboxSession>(
      db,
      sql`update sandbox_sessions s set next_notify_at = now() + interval '60 seconds'
      from (select token from sandbox_sessions where status = 'done' and notified_at is null and next_notify_at <= now()
            order by next_notify_at limit ${limit} for update skip locked) d
      where s.token = d.token returning ${sql.raw(
        "s.token, s.payment_id, s.order_number, s.amount_cents, s.currency, s.lang, s.success_url, s.fail_url, s.status, s.outcome, s.error_key, s.event_id, s.transaction_id, s.card_last4, s.finished_at::text as finished_at, s.notify_attempts",
      )}`,
    );
    let n = 0;
    for (const s of due) if (await deliver(s)) n++;
    return n;
  }

  function parseNotification(raw: Buffer, headers: Record<string, string | string[] | undefined>): UncheckedNotification {
    const h = headers[SANDBOX_SIGNATURE_HEADER];
    const check = verifySandboxSignature(opts.secret, raw, Array.isArray(h) ? h[0] : h, opts.toleranceS);
    if (check !== "ok") throw new WebhookRejected(check);
    let e: { id?: unknown; type?: unknown; data?: Record<string, unknown> } | null;
    try {
      e = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new WebhookRejected("invalid_payload");
    }
    const d = e?.data;
    if (!e || typeof e !== "object" || !d || typeof d !== "object" || Array.isArray(d)) throw new WebhookRejected("invalid_payload");
    const outcome = d.outcome === "succeeded" || d.outcome === "failed" || d.outcome === "abandoned" ? d.outcome : "ignored";
    // every field as it came: paymentNotificationSchema checks them
    return {
      eventId: e.id,
      type: e.type,
      payload: e,
      paymentId: d.payment_id,
      providerRef: d.token,
      outcome,
      amountCents: d.amount,
      currency: d.currency ?? "",
      transactionId: d.transaction_id ?? null,
      method: "card",
      errorKey: d.error_key ?? null,
      detail: { card_last4: d.card_last4 ?? null, type: e.type ?? null },
    };
  }

  async function queryStatus(providerRef: string): Promise<PaymentStatusAnswer> {
    const s = await session(providerRef);
    if (!s || s.status !== "done" || !s.outcome) return { status: "pending" };
    return { status: s.outcome, amountCents: s.amount_cents, transactionId: s.transaction_id };
  }

  async function refund(input: RefundInput): Promise<{ refundRef: string }> {
    assertOutsideTransaction("payment provider call");
    const rows = await query<{ token: string }>(
      db,
      sql`update sandbox_sessions set refunded_cents = refunded_cents + ${input.amountCents}
      where token = ${input.providerRef} and outcome = 'succeeded' and refunded_cents + ${input.amountCents} <= amount_cents returning token`,
    );
    const s = await session(input.providerRef);
    if (!rows.length && !(s?.outcome === "succeeded")) throw new Error("sandbox: nothing to refund");
    // Same reference for a retried refund of the same payment (the idempotency key names it).
    return { refundRef: `re_sbx_${input.idempotencyKey}` };
  }

  const provider: PaymentProviderAdapter = { name: "sandbox", createHostedPayment, parseNotification, queryStatus, refund };
  return { ...provider, provider, session, startChallenge, finish, retryNotifications, deliver };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
