// Payments of orders (decision 066): one row per payment the provider knows, its attempts, and every
// provider notification recorded once by its event id (DESIGN §4b "Exactly once").
import { sql } from "drizzle-orm";
import { bigserial, char, check, index, integer, jsonb, numeric, pgTable, serial, timestamp, unique, varchar } from "drizzle-orm/pg-core";
import { LANGS } from "#core/lang.ts";
import { oneOf } from "./checks.ts";
import { orders } from "./sales.ts";
import { staffUsers } from "./staff.ts";

export const PAYMENT_PROVIDERS = ["sandbox", "stripe"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "cancelled", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ATTEMPT_OUTCOMES = ["pending", "succeeded", "failed", "abandoned", "error"] as const;
/** What a payment pays: the order (its amount due), or the balance an edit of the paid order left (decision 140). */
export const PAYMENT_PURPOSES = ["order", "balance"] as const;
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
    /** The language the payment was started in: result page and confirmation e-mail (decision 077). */
    lang: varchar("lang", { length: 2 }).notNull().default("fr"),
    /** The provider's transaction id (payment intent, sandbox transaction) once paid; refunds use it. */
    transactionId: varchar("transaction_id", { length: 255 }),
    /** Set when a late or second payment was refunded (decision 077). */
    refundRef: varchar("refund_ref", { length: 255 }),
    purpose: varchar("purpose", { length: 10 }).notNull().default("order"),
  },
  (t) => [
    unique("payments_provider_ref_uq").on(t.provider, t.providerRef),
    index("payments_order_idx").on(t.orderId),
    check("payments_provider_ck", oneOf(t.provider, PAYMENT_PROVIDERS)),
    check("payments_status_ck", oneOf(t.status, PAYMENT_STATUSES)),
    check("payments_amount_ck", sql`${t.amount} >= 0`),
    check("payments_currency_ck", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("payments_lang_ck", oneOf(t.lang, LANGS)),
    check("payments_purpose_ck", oneOf(t.purpose, PAYMENT_PURPOSES)),
    check("payments_paid_at_ck", sql`${t.status} not in ('succeeded', 'refunded') or ${t.paidAt} is not null`),
  ],
);

export const REFUND_STATUSES = ["pending", "succeeded"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund of a card payment the shop decided (a cancelled paid order), written in that decision's transaction under
 * the order's row lock: what the payment may still refund is read there, so the rows of a payment never add up to
 * more than it took. The payments worker asks the provider afterwards, outside any transaction, with the key
 * `comptoir-refund-r<id>`: a retry or a crash between the provider's answer and the row's update refunds once.
 * (A late or second payment is refunded whole by the payment's own key, decision 077.)
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    // restrict: money history
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(), // € TTC
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    /** Who decided it (null: the shop itself). */
    staffId: integer("staff_id").references(() => staffUsers.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The provider's reference once it refunded. */
    refundRef: varchar("refund_ref", { length: 255 }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** Calls to the provider so far, the next one's earliest moment (a claim pushes it ahead), the last failure. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: varchar("last_error", { length: 300 }),
  },
  (t) => [
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    check("refunds_status_ck", oneOf(t.status, REFUND_STATUSES)),
    check("refunds_amount_ck", sql`${t.amount} > 0`),
    check("refunds_done_ck", sql`${t.status} <> 'succeeded' or (${t.refundRef} is not null and ${t.refundedAt} is not null)`),
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

/**
 * The sandbox provider's own book (decision 077): one hosted card session per token. It stands for the
 * provider's side, so the shop never reads it to decide anything: it learns outcomes only through the
 * signed webhook. `notified_at` null on a finished session = a notification still to deliver (retried by
 * the payments worker, so an outcome is never lost when the process dies between commit and POST).
 */
export const sandboxSessions = pgTable(
  "sandbox_sessions",
  {
    token: varchar("token", { length: 64 }).primaryKey(),
    // the merchant's payment this session collects (cascade: the sandbox's book goes with it)
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    orderNumber: varchar("order_number", { length: 20 }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    lang: varchar("lang", { length: 2 }).notNull().default("fr"),
    successUrl: varchar("success_url", { length: 500 }).notNull(),
    failUrl: varchar("fail_url", { length: 500 }).notNull(),
    /** open → challenge (3-D Secure) → done */
    status: varchar("status", { length: 20 }).notNull().default("open"),
    outcome: varchar("outcome", { length: 20 }),
    errorKey: varchar("error_key", { length: 80 }),
    eventId: varchar("event_id", { length: 64 }),
    transactionId: varchar("transaction_id", { length: 64 }),
    cardLast4: char("card_last4", { length: 4 }),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    notifyAttempts: integer("notify_attempts").notNull().default(0),
    nextNotifyAt: timestamp("next_notify_at", { withTimezone: true }),
  },
  (t) => [
    index("sandbox_sessions_notify_idx")
      .on(t.nextNotifyAt)
      .where(sql`status = 'done' and notified_at is null`),
    check("sandbox_sessions_status_ck", sql`${t.status} in ('open', 'challenge', 'done')`),
    check("sandbox_sessions_outcome_ck", sql`${t.outcome} is null or ${t.outcome} in ('succeeded', 'failed', 'abandoned')`),
    check("sandbox_sessions_amount_ck", sql`${t.amountCents} >= 0 and ${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);

/** The sandbox's refunds by the merchant's idempotency key: a refund sent again with its key is the same refund. */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  idempotencyKey: varchar("idempotency_key", { length: 255 }).primaryKey(),
  token: varchar("token", { length: 64 })
    .notNull()
    .references(() => sandboxSessions.token, { onDelete: "cascade" }),
  amountCents: integer("amount_cents").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
