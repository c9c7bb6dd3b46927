// The payment provider interface (issue 11; decision 077). The shop asks a provider for a hosted payment page
// (card data never reaches the shop: PCI DSS SAQ A), learns the outcome only from signed notifications,
// may query a payment's status, and refunds. Every method may do network I/O: never inside a transaction.
import type { Lang } from "#core/lang.ts";
import type { PaymentProvider } from "#server/db/schema/index.ts";

export type HostedPaymentInput = {
  paymentId: number;
  orderId: number;
  orderNumber: string;
  /** From the order row (total TTC), never from the client. */
  amountCents: number;
  currency: string;
  lang: Lang;
  customerEmail: string;
  successUrl: string;
  failUrl: string;
};

export type HostedPayment = { providerRef: string; redirectUrl: string };

/** What a verified notification says, in the shop's terms. */
export type PaymentNotification = {
  /** The provider's unique event id: recorded once (a replay changes nothing). */
  eventId: string;
  type: string;
  payload: unknown;
  /** Which of our payments it is about (metadata or provider reference); null when the event is not about one. */
  paymentId: number | null;
  providerRef: string | null;
  outcome: "succeeded" | "failed" | "abandoned" | "ignored";
  amountCents?: number;
  currency?: string;
  transactionId?: string | null;
  method?: string | null;
  /** "payment.*" key on failure. */
  errorKey?: string | null;
  detail?: Record<string, unknown>;
};

export type PaymentStatusAnswer = {
  status: "pending" | "succeeded" | "failed" | "abandoned";
  amountCents?: number;
  transactionId?: string | null;
};

export type RefundInput = { providerRef: string; transactionId: string | null; amountCents: number; idempotencyKey: string };

/** A notification that fails verification; the webhook answers 400 and records nothing. */
export class WebhookRejected extends Error {
  constructor(readonly reason: "malformed" | "bad_signature" | "stale" | "invalid_payload") {
    super(`webhook rejected: ${reason}`);
  }
}

export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  createHostedPayment(input: HostedPaymentInput): Promise<HostedPayment>;
  /** Verifies the signature (and timestamp tolerance) on the raw body, then parses; throws WebhookRejected. */
  parseNotification(raw: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification;
  queryStatus(providerRef: string): Promise<PaymentStatusAnswer>;
  refund(input: RefundInput): Promise<{ refundRef: string }>;
}
