// The payment provider interface (decision 077). The shop asks a provider for a hosted payment page
// (card data never reaches the shop: PCI DSS SAQ A), learns the outcome only from signed notifications,
// may query a payment's status, and refunds. Every method may do network I/O: never inside a transaction.
import type { Lang } from "#core/lang.ts";
import type { PaymentProvider } from "#server/db/schema/index.ts";
import type { PaymentNotification, UncheckedNotification } from "#core/validation/payment.ts";

export type { PaymentNotification, UncheckedNotification };

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

export type PaymentStatusAnswer = {
  status: "pending" | "succeeded" | "failed" | "abandoned";
  amountCents?: number;
  transactionId?: string | null;
};

export type RefundInput = { providerRef: string; transactionId: string | null; amountCents: number; idempotencyKey: string };

/**
 * A notification refused: its signature fails (malformed header, bad signature, stale: the webhook answers 400
 * and records nothing), or it holds but the body is no notification (invalid_payload: 400, recorded as rejected).
 */
export class WebhookRejected extends Error {
  constructor(readonly reason: "malformed" | "bad_signature" | "stale" | "invalid_payload") {
    super(`webhook rejected: ${reason}`);
  }
}

export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  createHostedPayment(input: HostedPaymentInput): Promise<HostedPayment>;
  /**
   * Verifies the signature (and timestamp tolerance) on the raw body, then reads the notification's fields as
   * they came (paymentNotificationSchema checks them: eventId, type, payload, paymentId — which of our payments,
   * null when the event is about none —, providerRef, outcome, amount, currency, transaction, method, errorKey —
   * a "payment.*" key on failure —, detail); throws WebhookRejected.
   */
  parseNotification(raw: Buffer, headers: Record<string, string | string[] | undefined>): UncheckedNotification;
  queryStatus(providerRef: string): Promise<PaymentStatusAnswer>;
  refund(input: RefundInput): Promise<{ refundRef: string }>;
}
