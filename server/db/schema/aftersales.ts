// Returns and notifications (decision 082).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { RETURN_COMMENT_MAX, RETURN_REASONS, RETURN_STATUSES } from "#core/aftersales/returns.ts";
import { RETURN_REFUND_WAYS, REFUSAL_REASON_MAX } from "#core/aftersales/return-desk.ts";
import { refunds } from "./payments.ts";
import { NOTIFICATION_KINDS } from "#core/aftersales/notifications.ts";
import { customers } from "./customers.ts";
import { orderLines, orders } from "./sales.ts";
import { oneOf } from "./checks.ts";

export const returnRequests = pgTable(
  "return_requests",
  {
    id: serial("id").primaryKey(),
    // restrict: a return is part of the order's history
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    status: varchar("status", { length: 20 }).notNull().default("requested"),
    reason: varchar("reason", { length: 30 }).notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // The shop's handling (decision 141): why it refused (shown to the customer), when the goods came back, how
    // the received lines were refunded, and the card refund's row when by card.
    refusalReason: text("refusal_reason"),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    refundWay: varchar("refund_way", { length: 20 }),
    // restrict: money history
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
  },
  (t) => [
    index("return_requests_customer_idx").on(t.customerId, t.createdAt),
    index("return_requests_order_idx").on(t.orderId),
    // the back office's inbox: by status, oldest first
    index("return_requests_status_idx").on(t.status, t.createdAt),
    // a reason only with a refusal (requests refused before the back office have none)
    check(
      "return_requests_refusal_ck",
      sql`${t.refusalReason} is null or (${t.status} = 'refused' and char_length(${t.refusalReason}) <= ${sql.raw(String(REFUSAL_REASON_MAX))})`,
    ),
    check("return_requests_refund_way_ck", sql`${t.refundWay} is null or ${oneOf(t.refundWay, RETURN_REFUND_WAYS)}`),
    check("return_requests_status_ck", sql`${oneOf(t.status, RETURN_STATUSES)}`),
    check("return_requests_reason_ck", sql`${oneOf(t.reason, RETURN_REASONS)}`),
    check("return_requests_comment_ck", sql`char_length(${t.comment}) <= ${sql.raw(String(RETURN_COMMENT_MAX))}`),
    // "other" says what in the free text
    check("return_requests_other_ck", sql`${t.reason} <> 'other' or coalesce(char_length(btrim(${t.comment})), 0) > 0`),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    num: integer("num").notNull(),
    /** What came back (0 … num) and whether it can be sold again; null until the return is received. */
    received: integer("received"),
    resaleable: boolean("resaleable"),
  },
  (t) => [
    uniqueIndex("return_lines_uq").on(t.returnId, t.orderLineId),
    index("return_lines_order_line_idx").on(t.orderLineId),
    check("return_lines_num_ck", sql`${t.num} > 0`),
    check("return_lines_received_ck", sql`${t.received} is null or (${t.received} >= 0 and ${t.received} <= ${t.num})`),
    check("return_lines_condition_ck", sql`(${t.received} is null) = (${t.resaleable} is null)`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 30 }).notNull(),
    // set null: the notice stays readable (its ref carries the number)
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The document it is about, as the customer knows it (order, return or credit note number). */
    ref: varchar("ref", { length: 40 }).notNull(),
    /** Values of the kind's text (dates, statuses), never personal data beyond the customer's own. */
    vars: jsonb("vars").$type<Record<string, string | number>>().notNull().default({}),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_customer_idx").on(t.customerId, t.createdAt),
    index("notifications_unread_idx")
      .on(t.customerId)
      .where(sql`${t.readAt} is null`),
    check("notifications_kind_ck", sql`${oneOf(t.kind, NOTIFICATION_KINDS)}`),
    check("notifications_read_ck", sql`${t.readAt} is null or ${t.readAt} >= ${t.createdAt}`),
  ],
);
