// The sandbox provider (decision 077): the embedded default, so that `npm start` takes a card
// payment with no account anywhere. It plays the provider's part with its own book (sandbox_sessions): a hosted
// card page under /sandbox/pay/<token> (sandbox.routes.ts), then a notification to the shop through the very
// webhook path a real provider uses, signed with SANDBOX_WEBHOOK_SECRET.
//
// Durability: the outcome is written first (one guarded statement: status 'done', the event id fixed once),
// then POSTed to the webhook; a session finished and not yet acknowledged is retried by the payments worker
// with a backoff, so an outcome survives a process dying between the two. The event id never changes between
// deliveries: a redelivery is a duplicate for the shop.
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lte, ne, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { sandboxRefunds, sandboxSessions as ss } from "#server/db/schema/index.ts";
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

const SANDBOX_PAGE_PREFIX = "/sandbox/pay/";

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

type SandboxOptions = {
  secret: string;
  /** The shop's webhook URL for this provider (PUBLIC_URL + /payments/webhook/sandbox by default). */
  webhookUrl: string;
  toleranceS: number;
  log?: { warn: (o: object, msg: string) => void };
};

/** A session's row as SandboxSession: status, outcome and lang as their checks allow, finished_at as text. */
const COLUMNS = {
  token: ss.token,
  payment_id: ss.paymentId,
  order_number: ss.orderNumber,
  amount_cents: ss.amountCents,
  currency: ss.currency,
  lang: sql<Lang>`${ss.lang}`,
  success_url: ss.successUrl,
  fail_url: ss.failUrl,
  status: sql<SandboxSession["status"]>`${ss.status}`,
  outcome: sql<SandboxSession["outcome"]>`${ss.outcome}`,
  error_key: ss.errorKey,
  event_id: ss.eventId,
  transaction_id: ss.transactionId,
  card_last4: ss.cardLast4,
  finished_at: sql<string | null>`${ss.finishedAt}::text`,
  notify_attempts: ss.notifyAttempts,
};

/** Wait before the next delivery after `attempts` failed ones: 5 s, 10 s, … capped at 10 minutes. */
const notifyBackoffS = (attempts: number) => Math.min(600, 5 * 2 ** Math.max(0, attempts - 1));

export function createSandboxProvider(db: Db, opts: SandboxOptions) {
  const log = opts.log ?? { warn: () => undefined };

  async function session(token: string): Promise<SandboxSession | null> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
    const [s]: SandboxSession[] = await db.select(COLUMNS).from(ss).where(eq(ss.token, token));
    return s ?? null;
  }

  async function createHostedPayment(input: HostedPaymentInput): Promise<HostedPayment> {
    assertOutsideTransaction("payment provider call");
    const token = randomBytes(24).toString("base64url");
    await db.insert(ss).values({
      token,
      paymentId: input.paymentId,
      orderNumber: input.orderNumber,
      amountCents: input.amountCents,
      currency: input.currency,
      lang: input.lang,
      successUrl: input.successUrl,
      failUrl: input.failUrl,
    });
    // A path on the shop itself: it works whatever host name the buyer reached the shop by.
    return { providerRef: token, redirectUrl: `${SANDBOX_PAGE_PREFIX}${token}` };
  }

  /** The 3-D Secure card: the session waits for the challenge step. */
  async function startChallenge(token: string, last4: string): Promise<boolean> {
    const rows = await db
      .update(ss)
      .set({ status: "challenge", cardLast4: last4 })
      .where(and(eq(ss.token, token), eq(ss.status, "open")))
      .returning({ token: ss.token });
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
    const state = from === "any" ? ne(ss.status, "done") : eq(ss.status, from);
    const [done]: SandboxSession[] = await db
      .update(ss)
      .set({
        status: "done",
        outcome,
        errorKey,
        eventId,
        transactionId: txn,
        cardLast4: sql`coalesce(${last4}, ${ss.cardLast4})`,
        finishedAt: sql`now()`,
        nextNotifyAt: sql`now()`,
      })
      .where(and(eq(ss.token, token), state))
      .returning(COLUMNS);
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
    await db
      .update(ss)
      .set(
        ok
          ? { notifiedAt: sql`now()`, notifyAttempts: sql`${ss.notifyAttempts} + 1` }
          : {
              notifyAttempts: sql`${ss.notifyAttempts} + 1`,
              nextNotifyAt: sql`now() + make_interval(secs => ${notifyBackoffS(s.notify_attempts + 1)})`,
            },
      )
      .where(eq(ss.token, s.token));
    return ok;
  }

  /** Redelivers the finished sessions the shop has not acknowledged (the worker calls it). */
  async function retryNotifications(limit = 20): Promise<number> {
    assertOutsideTransaction("sandbox notification");
    // Claimed by pushing next_notify_at ahead: two workers never post the same session at once.
    const d = db
      .select({ token: ss.token })
      .from(ss)
      .where(and(eq(ss.status, "done"), isNull(ss.notifiedAt), lte(ss.nextNotifyAt, sql`now()`)))
      .orderBy(asc(ss.nextNotifyAt))
      .limit(limit)
      .for("update", { skipLocked: true })
      .as("d");
    const due: SandboxSession[] = await db
      .update(ss)
      .set({ nextNotifyAt: sql`now() + interval '60 seconds'` })
      .from(d)
      .where(eq(ss.token, d.token))
      .returning(COLUMNS);
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

  /**
   * A refund of a succeeded payment, as a provider makes it: at most what is left of the payment, and once per
   * idempotency key (a refund sent again with its key is answered as the first one and refunds nothing more). One
   * statement: the key's row and the session's total go together, and a second refund that would pass the amount
   * breaks the session's check and writes nothing.
   */
  async function refund(input: RefundInput): Promise<{ refundRef: string }> {
    assertOutsideTransaction("payment provider call");
    const { idempotencyKey: key, providerRef: token, amountCents: cents } = input;
    await query(
      db,
      sql`with k as (
            insert into ${sandboxRefunds} (idempotency_key, token, amount_cents)
            select ${key}, ${token}, ${cents}
            where exists (select 1 from ${ss} where ${ss.token} = ${token} and ${ss.outcome} = 'succeeded')
            on conflict (idempotency_key) do nothing
            returning token)
          update ${ss} set refunded_cents = ${ss.refundedCents} + ${cents} where ${ss.token} in (select token from k)`,
    ).catch((e: unknown) => {
      throw new Error("sandbox: the refund passes what is left of the payment", { cause: e });
    });
    const [done] = await db.select({ token: sandboxRefunds.token }).from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, key));
    if (!done || done.token !== token) throw new Error("sandbox: nothing to refund");
    return { refundRef: `re_sbx_${key}` };
  }

  const provider: PaymentProviderAdapter = { name: "sandbox", createHostedPayment, parseNotification, queryStatus, refund };
  return { ...provider, provider, session, startChallenge, finish, retryNotifications, deliver };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
