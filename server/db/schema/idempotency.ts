// Idempotency keys (decision 066): a client retry of the same request gets the stored response; the same
// key with a different request is refused. Unique per (customer, scope, key), anonymous callers included.
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, timestamp, unique, varchar } from "drizzle-orm/pg-core";
import { oneOf } from "./checks.ts";
import { customers } from "./customers.ts";

export const IDEMPOTENCY_STATUSES = ["in_progress", "done"] as const;
export type IdempotencyStatus = (typeof IDEMPOTENCY_STATUSES)[number];

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // cascade: a key only matters to its customer; null for a caller without an account
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    scope: varchar("scope", { length: 40 }).notNull(), // the use case, e.g. "order.place"
    key: varchar("key", { length: 100 }).notNull(), // chosen by the client (a UUID)
    /** Hash of the request's meaningful content: a reused key with another request is refused. */
    requestHash: varchar("request_hash", { length: 128 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("in_progress"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
  },
  (t) => [
    // NULLS NOT DISTINCT: anonymous keys share one namespace instead of never conflicting
    unique("idempotency_keys_uq").on(t.customerId, t.scope, t.key).nullsNotDistinct(),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
    check("idempotency_keys_status_ck", oneOf(t.status, IDEMPOTENCY_STATUSES)),
    check("idempotency_keys_key_ck", sql`char_length(${t.key}) >= 1`),
    check("idempotency_keys_done_ck", sql`${t.status} <> 'done' or ${t.response} is not null`),
    check("idempotency_keys_expiry_ck", sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
