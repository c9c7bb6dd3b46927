// Gap-free yearly document numbers (decision 066): one row per (kind, year), incremented under its row lock
// by server/modules/numbering in the caller's transaction, so a rollback gives the number back.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, varchar } from "drizzle-orm/pg-core";
import { MAX_NUMBER_VALUE, NUMBER_KINDS } from "#core/numbering.ts";
import { oneOf } from "./checks.ts";

export const numberSequences = pgTable(
  "number_sequences",
  {
    kind: varchar("kind", { length: 20 }).notNull(),
    year: integer("year").notNull(),
    /** The last number given; the next one is last_value + 1. */
    lastValue: integer("last_value").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check("number_sequences_kind_ck", oneOf(t.kind, NUMBER_KINDS)),
    check("number_sequences_year_ck", sql`${t.year} between 2000 and 9999`),
    check("number_sequences_last_value_ck", sql`${t.lastValue} between 0 and ${sql.raw(String(MAX_NUMBER_VALUE))}`),
  ],
);
