// Credit notes and their uses on orders. Here rather than in sales.ts: a credit note refers to the return it
// refunds (aftersales.ts), which refers to its order.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { customers } from "./customers.ts";
import { orders } from "./sales.ts";
import { returnRequests } from "./aftersales.ts";

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    number: varchar("number", { length: 20 }).notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    amountTtc: money("amount_ttc").notNull(),
    remainingTtc: money("remaining_ttc").notNull(),
    reason: text("reason"),
    // The return request it refunds (decision 085): one credit note per return, however often it is asked.
    returnId: integer("return_id").references(() => returnRequests.id, { onDelete: "restrict" }),
    /** Issued for its order's cancellation, refunding what was paid: one per order. */
    cancellation: boolean("cancellation").notNull().default(false),
  },
  (t) => [
    uniqueIndex("credit_notes_number_uq").on(t.number),
    uniqueIndex("credit_notes_return_uq").on(t.returnId),
    uniqueIndex("credit_notes_cancellation_uq")
      .on(t.orderId)
      .where(sql`cancellation`),
    check("credit_notes_cancellation_ck", sql`not ${t.cancellation} or (${t.orderId} is not null and ${t.returnId} is null)`),
    index("credit_notes_customer_idx").on(t.customerId),
    // remaining_ttc is spent by guarded statements; it never goes below 0 nor above what was credited
    check("credit_notes_amounts_ck", sql`${t.amountTtc} > 0 and ${t.remainingTtc} >= 0 and ${t.remainingTtc} <= ${t.amountTtc}`),
  ],
);

// Credit notes spent on orders (decision 079): one row per (order, credit note) with the amount
// TTC taken from the credit note's remaining_ttc in the order's transaction. released_at is set when the unpaid
// order expires or is cancelled and the amount went back to the credit note (exactly once: the release is a
// guarded update of this row). What the buyer still pays = orders.total_ttc − Σ amount of unreleased rows.
export const creditNoteUses = pgTable(
  "credit_note_uses",
  {
    id: serial("id").primaryKey(),
    // restrict: money history, like the order and the credit note themselves
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    creditNoteId: integer("credit_note_id")
      .notNull()
      .references(() => creditNotes.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("credit_note_uses_uq").on(t.orderId, t.creditNoteId),
    index("credit_note_uses_credit_note_idx").on(t.creditNoteId),
    check("credit_note_uses_amount_ck", sql`${t.amount} > 0`),
  ],
);
