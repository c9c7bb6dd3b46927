// The account's questions and their attachments (decision 083). Here rather than in customers.ts: a question
// may refer to an order (sales.ts), which refers to its customer.
import { bigserial, check, index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { ATTACHMENT_TYPES, QUESTION_NOTE_MAX, QUESTION_TYPES } from "#core/questions.ts";
import { oneOf } from "./checks.ts";
import { customers } from "./customers.ts";
import { orders } from "./sales.ts";
import { staffUsers } from "./staff.ts";

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
    // the back office (decision 142): who answered, and who is to answer (staff are disabled, never deleted)
    answeredBy: integer("answered_by").references(() => staffUsers.id, { onDelete: "restrict" }),
    assignedTo: integer("assigned_to").references(() => staffUsers.id, { onDelete: "restrict" }),
  },
  (t) => [
    index("questions_customer_idx").on(t.customerId),
    // the inbox: open ones oldest first
    index("questions_inbox_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.answer} is null`),
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
    // a file a staff member sent with the shop's answer (decision 142): customer_id is then the question's customer,
    // who downloads it as their own; null for the customer's uploads
    staffId: integer("staff_id").references(() => staffUsers.id, { onDelete: "restrict" }),
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

// Internal notes on a question (decision 142): staff write them for one another in the back office's inbox; the
// customer's pages and API never read this table. Written by an audited staff write; kept as history, never edited.
export const questionNotes = pgTable(
  "question_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "restrict" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    body: text("body").notNull(),
  },
  (t) => [
    index("question_notes_question_idx").on(t.questionId, t.at),
    check("question_notes_body_ck", sql`char_length(${t.body}) between 1 and ${sql.raw(String(QUESTION_NOTE_MAX))}`),
  ],
);
