// Payments of orders (decision 066): one row per payment the provider knows, its attempts, and every
// provider notification recorded once by its event id (DESIGN §4b "Exactly once").
import { sql } from "drizzle-orm";
import { bigserial, char, check, index, integer, jsonb, numeric, pgTable, serial, timestamp, unique, varchar } from "drizzle-orm/pg-core";
import { oneOf } from "./checks.ts";
import { orders } from "./sales.ts";

export const PAYMENT_PROVIDERS = ["sandbox", "stripe"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "cancelled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ATTEMPT_OUTCOMES = ["pending", "succeeded", "failed", "abandoned", "error"] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    // restrict: money history; an order with a payment is never deleted (it is cancelled)
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: varchar("provider", { length: 20 }).notNull(),
    /** The provider's id of the payment (intent, session); known once the provider answered. */
    providerRef: varchar("provider_ref", { length: 255 }),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(), // € TTC to collect
    currency: char("currency", { length: 3 }).notNull().default("EUR"),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    method: varchar("method", { length: 20 }), // e.g. "card"
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    unique("payments_provider_ref_uq").on(t.provider, t.providerRef),
    index("payments_order_idx").on(t.orderId),
    check("payments_provider_ck", oneOf(t.provider, PAYMENT_PROVIDERS)),
    check("payments_status_ck", oneOf(t.status, PAYMENT_STATUSES)),
    check("payments_amount_ck", sql`${t.amount} >= 0`),
    check("payments_currency_ck", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("payments_paid_at_ck", sql`${t.status} not in ('succeeded', 'refunded') or ${t.paidAt} is not null`),
  ],
);

/** One try of the customer at paying (a card form submitted, a redirect to the provider). */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: serial("id").primaryKey(),
    // cascade: attempts are part of their payment (which itself is never deleted while its order lives)
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    outcome: varchar("outcome", { length: 20 }).notNull().default("pending"),
    /** What the provider said (decline code, status), kept for support; never shown as is. */
    providerDetail: jsonb("provider_detail").$type<Record<string, unknown>>(),
    /** Message key shown to the customer on failure, e.g. "payment.declined". */
    errorKey: varchar("error_key", { length: 80 }),
  },
  (t) => [
    index("payment_attempts_payment_idx").on(t.paymentId, t.startedAt),
    check("payment_attempts_outcome_ck", oneOf(t.outcome, ATTEMPT_OUTCOMES)),
  ],
);

/** Provider notifications (webhooks): inserted first, so a redelivered event id conflicts and is skipped. */
export const providerEvents = pgTable(
  "provider_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: varchar("provider", { length: 20 }).notNull(),
    eventId: varchar("event_id", { length: 255 }).notNull(),
    type: varchar("type", { length: 80 }).notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    unique("provider_events_event_uq").on(t.provider, t.eventId),
    index("provider_events_pending_idx")
      .on(t.receivedAt)
      .where(sql`processed_at is null`),
    check("provider_events_provider_ck", oneOf(t.provider, PAYMENT_PROVIDERS)),
  ],
);
