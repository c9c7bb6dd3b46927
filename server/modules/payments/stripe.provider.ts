// The Stripe provider (decision 077) with the official `stripe` package: a Checkout Session
// (mode payment, one line for the order's total TTC, metadata order_id/payment_id), notifications verified by
// stripe.webhooks.constructEvent on the raw body, status by retrieving the session, refunds of its payment
// intent. STRIPE_API_BASE points the client at another origin (the tests' local fake of Stripe's API).
import { createRequire } from "node:module";
import type Stripe from "stripe";
import { assertOutsideTransaction } from "#server/db/tx.ts";
import {
  WebhookRejected,
  type HostedPayment,
  type HostedPaymentInput,
  type PaymentProviderAdapter,
  type UncheckedNotification,
  type PaymentStatusAnswer,
  type RefundInput,
} from "./provider.ts";

type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 (tests); Stripe's own API otherwise. */
  apiBase?: string;
  /** Absolute URLs for Stripe's redirects: PUBLIC_URL. */
  publicUrl: string;
  toleranceS: number;
};

type SessionLike = {
  id: string;
  payment_status?: string;
  status?: string | null;
  amount_total?: number | null;
  currency?: string | null;
  metadata?: Record<string, string> | null;
  payment_intent?: string | { id: string } | null;
};

// The SDK is loaded when Stripe is the configured provider, not with the shop: the sandbox never uses it and
// its ≈ 130 resource modules stay out of the process's memory.
const loadStripe = () => createRequire(import.meta.url)("stripe") as typeof Stripe;

const intentId = (s: SessionLike) =>
  typeof s.payment_intent === "string"
    ? s.payment_intent
    : s.payment_intent && typeof s.payment_intent === "object"
      ? s.payment_intent.id
      : null;

export function createStripeProvider(opts: StripeOptions): PaymentProviderAdapter & { client: Stripe } {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  const StripeClient = loadStripe();
  const client = new StripeClient(opts.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
  const abs = (path: string) => new URL(path, opts.publicUrl).href;

  async function createHostedPayment(input: HostedPaymentInput): Promise<HostedPayment> {
    assertOutsideTransaction("payment provider call");
    const session = await client.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountCents,
              product_data: { name: `Commande ${input.orderNumber}` },
            },
          },
        ],
        customer_email: input.customerEmail,
        client_reference_id: String(input.orderId),
        locale: input.lang === "zh" ? "zh" : "fr",
        metadata: { order_id: String(input.orderId), payment_id: String(input.paymentId) },
        payment_intent_data: { metadata: { order_id: String(input.orderId), payment_id: String(input.paymentId) } },
        success_url: abs(input.successUrl),
        cancel_url: abs(input.failUrl),
      },
      { idempotencyKey: `comptoir-payment-${input.paymentId}` },
    );
    if (!session.url) throw new Error("stripe: the session has no url");
    return { providerRef: session.id, redirectUrl: session.url };
  }

  function parseNotification(raw: Buffer, headers: Record<string, string | string[] | undefined>): UncheckedNotification {
    const h = headers["stripe-signature"];
    const header = Array.isArray(h) ? h[0] : h;
    if (!header) throw new WebhookRejected("malformed");
    let event: Stripe.Event;
    try {
      event = client.webhooks.constructEvent(raw, header, opts.webhookSecret, opts.toleranceS);
    } catch (e) {
      // the signature is checked first: a body that is no JSON fails after it, and is the provider's doing
      if (e instanceof SyntaxError) throw new WebhookRejected("invalid_payload");
      const m = String((e as Error).message);
      throw new WebhookRejected(
        /tolerance/i.test(m) ? "stale" : /header/i.test(m) && !/signature/i.test(m) ? "malformed" : "bad_signature",
      );
    }
    if (!event || typeof event !== "object") throw new WebhookRejected("invalid_payload");
    // every field as it came (a signed body is still only JSON): paymentNotificationSchema checks them
    const base = { eventId: event.id, type: event.type, payload: event };
    if (typeof event.type !== "string" || !event.type.startsWith("checkout.session."))
      return { ...base, paymentId: null, providerRef: null, outcome: "ignored" };
    const s = (event.data as { object?: unknown } | null | undefined)?.object as SessionLike | null | undefined;
    if (!s || typeof s !== "object") throw new WebhookRejected("invalid_payload");
    const metadata = s.metadata && typeof s.metadata === "object" ? s.metadata : {};
    const common = {
      ...base,
      // absent: a session of another system on the same account (ignored); present: one of ours, or malformed
      paymentId: metadata.payment_id ?? null,
      providerRef: s.id,
      amountCents: s.amount_total ?? undefined,
      currency: typeof s.currency === "string" ? s.currency.toUpperCase() : (s.currency ?? ""),
      transactionId: intentId(s),
      method: "card",
      detail: { session: s.id, payment_status: s.payment_status, type: event.type },
    };
    switch (event.type) {
      case "checkout.session.completed":
        // card payments are "paid" at completion; delayed methods complete "unpaid" and settle later
        return { ...common, outcome: s.payment_status === "paid" || s.payment_status === "no_payment_required" ? "succeeded" : "ignored" };
      case "checkout.session.async_payment_succeeded":
        return { ...common, outcome: "succeeded" };
      case "checkout.session.async_payment_failed":
        return { ...common, outcome: "failed", errorKey: "payment.declined" };
      case "checkout.session.expired":
        return { ...common, outcome: "abandoned", errorKey: "payment.abandoned" };
      default:
        return { ...common, outcome: "ignored" };
    }
  }

  async function queryStatus(providerRef: string): Promise<PaymentStatusAnswer> {
    assertOutsideTransaction("payment provider call");
    const s: SessionLike = await client.checkout.sessions.retrieve(providerRef);
    const status = s.payment_status === "paid" ? "succeeded" : s.status === "expired" ? "abandoned" : "pending";
    return { status, amountCents: s.amount_total ?? undefined, transactionId: intentId(s) };
  }

  async function refund(input: RefundInput): Promise<{ refundRef: string }> {
    assertOutsideTransaction("payment provider call");
    let intent = input.transactionId;
    if (!intent) intent = (await queryStatus(input.providerRef)).transactionId ?? null;
    if (!intent) throw new Error("stripe: no payment intent to refund");
    const r = await client.refunds.create({ payment_intent: intent, amount: input.amountCents }, { idempotencyKey: input.idempotencyKey });
    return { refundRef: r.id };
  }

  return { name: "stripe", client, createHostedPayment, parseNotification, queryStatus, refund };
}
