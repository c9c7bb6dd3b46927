// Requests of the card payment API (decision 077). Messages are catalogue keys.
import { z } from "zod";
import { parseOrderRef, type OrderRef } from "./orders.ts";
import { intField, text } from "./common.ts";

const orderId = z.unknown().transform((v, ctx): OrderRef => {
  const ref = parseOrderRef(v);
  if (!ref) {
    ctx.addIssue({ code: "custom", message: "orders.order_id_invalid" });
    return z.NEVER;
  }
  return ref;
});

/** GET /site/Sale/leavePayment?order_id=<id or number> */
export const leavePaymentSchema = z.object({ order_id: orderId });
/** POST /site/Index/getPaymentResult { order_id } */
export const paymentResultSchema = z.object({ order_id: orderId });

const malformed = "payment.notification_malformed";

/** How deep a provider's notification may nest (Stripe's events: about 6 levels). */
const NOTIFICATION_MAX_DEPTH = 32;

/** The nesting depth of a JSON value (1 for a scalar), counted without recursion. */
function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    deepest = Math.max(deepest, d);
    if (v && typeof v === "object") for (const x of Object.values(v)) stack.push([x, d + 1]);
  }
  return deepest;
}

/** A JSON document kept as received (provider payload, detail), nested at most NOTIFICATION_MAX_DEPTH levels. */
const document = z.unknown().refine((v) => jsonDepth(v) <= NOTIFICATION_MAX_DEPTH, { error: malformed });

/**
 * A provider notification in the shop's terms, as an adapter read it from a body whose signature holds: every
 * field the shop acts on or stores is bounded by its column (provider_events, payments, payment_attempts) and
 * goes through the one text rule; a notification that fails is malformed (the webhook answers 400 and records
 * it as rejected, acting on nothing). Amounts are cents of an int4 (the providers' own ceilings are lower).
 */
export const paymentNotificationSchema = z.object({
  eventId: text(malformed).min(1, malformed).max(255, malformed),
  type: text(malformed).max(80, malformed),
  payload: document,
  paymentId: intField(malformed).nullable(),
  providerRef: text(malformed).min(1, malformed).max(255, malformed).nullable(),
  outcome: z.enum(["succeeded", "failed", "abandoned", "ignored"], malformed),
  amountCents: intField(malformed, { min: 0 }).optional(),
  currency: text(malformed)
    .toUpperCase()
    .regex(/^(?:[A-Z]{3})?$/, malformed)
    .optional(),
  transactionId: text(malformed).min(1, malformed).max(255, malformed).nullable().optional(),
  method: text(malformed).min(1, malformed).max(20, malformed).nullable().optional(),
  errorKey: text(malformed)
    .regex(/^payment\.[a-z0-9_]{1,72}$/, malformed)
    .nullable()
    .optional(),
  detail: z.record(text(malformed), document, malformed).optional(),
});

export type PaymentNotification = z.output<typeof paymentNotificationSchema>;
/** What an adapter read from a verified body, field by field as it came, before paymentNotificationSchema checks it. */
export type UncheckedNotification = { [K in keyof PaymentNotification]?: unknown };
