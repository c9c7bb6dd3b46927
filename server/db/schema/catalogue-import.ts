// Catalogue CSV imports (core/catalogue/import-csv.ts): the file as uploaded, its column mapping, the dry run's plan
// line by line, and what the apply job did to each line. A line's `outcome` is written in the transaction of its
// batch: the lines still without one are the job's resume point after a crash, and a batch done is never redone.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { staffUsers } from "./staff.ts";
import { jobs } from "./jobs.ts";
import { models } from "./catalogue.ts";
import { oneOf } from "./checks.ts";

export const IMPORT_STATUSES = ["uploaded", "checked", "applying", "applied", "cancelled"] as const;
export const IMPORT_LINE_STATUSES = ["updated", "unchanged", "refused"] as const;
/** applied: written; conflict: a field changed since the dry run (left as it is); the rest have none. */
export const IMPORT_OUTCOMES = ["applied", "conflict"] as const;

export const catalogueImports = pgTable(
  "catalogue_imports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // restrict: an import is part of what its staff member did (the audit rows name it)
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "restrict" }),
    fileName: varchar("file_name", { length: 120 }).notNull(),
    encoding: varchar("encoding", { length: 12 }).notNull(),
    separator: varchar("separator", { length: 1 }).notNull(),
    header: jsonb("header").$type<string[]>().notNull(),
    /** The decoded file (at most 5 MB as uploaded), read again by each dry run. */
    content: text("content").notNull(),
    rowCount: integer("row_count").notNull(),
    mapping: jsonb("mapping").$type<string[]>(),
    status: varchar("status", { length: 10 }).notNull().default("uploaded"),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    // set null: the import's history outlives its job's row
    jobId: bigint("job_id", { mode: "number" }).references(() => jobs.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (t) => [
    index("catalogue_imports_created_idx").on(t.createdAt),
    check("catalogue_imports_status_ck", oneOf(t.status, IMPORT_STATUSES)),
    // one character: ";", "," or a tab (core/csv-read.ts)
    check("catalogue_imports_separator_ck", sql`length(${t.separator}) = 1`),
    check("catalogue_imports_row_count_ck", sql`${t.rowCount} >= 0`),
  ],
);

export const catalogueImportLines = pgTable(
  "catalogue_import_lines",
  {
    importId: bigint("import_id", { mode: "number" })
      .notNull()
      .references(() => catalogueImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    reference: varchar("reference", { length: 40 }).notNull(),
    /** The model the dry run found; set null: a model removed since is a conflict at apply. */
    modelId: integer("model_id").references(() => models.id, { onDelete: "set null" }),
    status: varchar("status", { length: 10 }).notNull(),
    /** { field, old, new } in canonical texts. */
    changes: jsonb("changes").$type<{ field: string; old: string; new: string }[]>().notNull(),
    /** Why refused: { key, field?, vars? }. */
    reason: jsonb("reason").$type<{ key: string; field?: string; vars?: Record<string, string | number> }>(),
    outcome: varchar("outcome", { length: 10 }),
    /** The fields found changed since the dry run, for a conflict. */
    conflicts: jsonb("conflicts").$type<string[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index("catalogue_import_lines_status_idx").on(t.importId, t.status, t.line),
    check("catalogue_import_lines_status_ck", oneOf(t.status, IMPORT_LINE_STATUSES)),
    check("catalogue_import_lines_outcome_ck", oneOf(t.outcome, IMPORT_OUTCOMES)),
  ],
);

/** Saved column mappings, shared by the staff who import: header (compared without case or accents) → field. */
export const catalogueImportPresets = pgTable(
  "catalogue_import_presets",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 60 }).notNull(),
    mapping: jsonb("mapping").$type<Record<string, string>>().notNull(),
    // restrict: the audit rows name who saved it
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "restrict" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("catalogue_import_presets_name_uq").on(t.name)],
);
