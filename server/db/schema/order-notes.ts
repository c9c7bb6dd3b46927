// Internal notes on an order: staff write them for one another on the back office's order page; the customer's
// pages and API never read this table. Written by a staff write (audited); kept as history, never edited.
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { ORDER_NOTE_MAX } from "#core/validation/order-notes.ts";
import { orders } from "./sales.ts";
import { staffUsers } from "./staff.ts";

export const orderNotes = pgTable(
  "order_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "restrict" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    body: text("body").notNull(),
  },
  (t) => [
    index("order_notes_order_idx").on(t.orderId, t.at),
    check("order_notes_body_ck", sql`char_length(${t.body}) between 1 and ${sql.raw(String(ORDER_NOTE_MAX))}`),
  ],
);
