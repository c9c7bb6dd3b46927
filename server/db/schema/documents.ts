// Credit notes spent on orders (decision 079): one row per (order, credit note) with the amount
// TTC taken from the credit note's remaining_ttc in the order's transaction. released_at is set when the unpaid
// order expires or is cancelled and the amount went back to the credit note (exactly once: the release is a
// guarded update of this row). What the buyer still pays = orders.total_ttc − Σ amount of unreleased rows.
import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { creditNotes, orders } from "./sales.ts";

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
