// Side effects after commit (DESIGN §4b, decision 062): rows written in the business transaction, sent by
// the outbox worker (server/modules/outbox) with retries; a claimed row is locked so one process sends it.
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * A document to attach, named by reference: the worker renders its PDF when it sends (decision 120), so the row
 * stays small and the business transaction renders nothing. `customer_id` scopes it as the download does.
 */
export type MailAttachmentRef =
  | { kind: "invoice"; order_id: number; customer_id: number; lang: "fr" | "zh" }
  | { kind: "credit_note"; id: number; customer_id: number; lang: "fr" | "zh" }
  | { kind: "quotation"; id: number; customer_id: number; lang: "fr" | "zh" };

export type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachmentRef[];
  /** Extra headers (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
};

export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: varchar("kind", { length: 20 }).notNull().default("email"),
    payload: jsonb("payload").$type<OutboxMail>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Not before: the next attempt's time (backoff after a failure). */
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row holds it until then; past it, another may retry (a crash mid-send). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Given up after the last attempt. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    index("outbox_pending_idx")
      .on(t.availableAt)
      .where(sql`sent_at is null and failed_at is null`),
    check("outbox_kind_ck", sql`${t.kind} in ('email')`),
    check("outbox_attempts_ck", sql`${t.attempts} >= 0`),
  ],
);
