// The account's questions and their attachments (decision 083). Here rather than in customers.ts: a question
// may refer to an order (sales.ts), which refers to its customer.
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { ATTACHMENT_TYPES, QUESTION_TYPES } from "#core/questions.ts";
import { oneOf } from "./checks.ts";
import { customers } from "./customers.ts";
import { orders } from "./sales.ts";

export const questions = pgTable(
  "questions",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    // set null: the conversation stays with the customer if the order it was about is ever removed
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    type: varchar("type", { length: 20 }).notNull(),
    content: text("content").notNull(),
    attachment: text("attachment"),
    answer: text("answer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    index("questions_customer_idx").on(t.customerId),
    index("questions_order_idx").on(t.orderId),
    check("questions_type_ck", oneOf(t.type, QUESTION_TYPES)),
  ],
);

// An attachment's file lives in the attachment storage under `storage_key` (random); the row binds it to the
// customer who uploaded it and, once sent, to the question. An id is opaque (128 random bits): it names the file
// in URLs and in submitSuggestion.
export const attachments = pgTable(
  "attachments",
  {
    id: varchar("id", { length: 32 }).primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    // set once, when the question is sent; a question's files go with it
    questionId: integer("question_id").references(() => questions.id, { onDelete: "cascade" }),
    storageKey: varchar("storage_key", { length: 64 }).notNull().unique(),
    name: varchar("name", { length: 100 }).notNull(),
    contentType: varchar("content_type", { length: 40 }).notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("attachments_customer_idx").on(t.customerId),
    index("attachments_question_idx").on(t.questionId),
    check("attachments_size_ck", sql`${t.size} > 0`),
    check("attachments_type_ck", oneOf(t.contentType, Object.keys(ATTACHMENT_TYPES))),
  ],
);
