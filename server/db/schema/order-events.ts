// Every change of an order's status, in the transaction that made it (core/orders/life.ts, decision 135): the
// order page's timeline, with who made it (a staff member, or the shop itself: payment, expiry), from which status
// to which, and what was recorded (packing, carrier and tracking number, who collected it).
import { bigserial, check, index, integer, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { ORDER_STATUSES } from "#core/orders/life.ts";
import { orders } from "./sales.ts";
import { staffUsers } from "./staff.ts";
import { oneOf } from "./checks.ts";

export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null: the shop itself (payment notice, expiry). */
    staffId: integer("staff_id").references(() => staffUsers.id, { onDelete: "restrict" }),
    event: varchar("event", { length: 30 }).notNull(),
    fromStatus: varchar("from_status", { length: 20 }).notNull(),
    toStatus: varchar("to_status", { length: 20 }).notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.at),
    check("order_events_from_ck", oneOf(t.fromStatus, ORDER_STATUSES)),
    check("order_events_to_ck", oneOf(t.toStatus, ORDER_STATUSES)),
  ],
);
