// Long work of the back office (core/jobs.ts, DESIGN §9): one row per job, taken by a worker with FOR UPDATE SKIP
// LOCKED and a lease (`locked_until`) that its progress reports renew; a worker that dies leaves the lease to run out,
// and another takes the job again. The file a job makes is kept here for a day, so that any process serves it.
import { sql } from "drizzle-orm";
import { bigserial, check, customType, index, integer, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { JOB_KINDS, JOB_STATUSES } from "#core/jobs.ts";
import { staffUsers } from "./staff.ts";
import { oneOf } from "./checks.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: varchar("kind", { length: 30 }).notNull(),
    // restrict: a job is part of what its staff member did (the audit row names it)
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "restrict" }),
    lang: varchar("lang", { length: 2 }).notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    status: varchar("status", { length: 10 }).notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    total: integer("total"),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** A message catalogue key: why it failed, as staff read it (never an internal error). */
    errorKey: varchar("error_key", { length: 80 }),
    fileName: varchar("file_name", { length: 120 }),
    fileType: varchar("file_type", { length: 60 }),
    file: bytea("file"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index("jobs_staff_idx").on(t.staffId, t.createdAt),
    check("jobs_kind_ck", oneOf(t.kind, JOB_KINDS)),
    check("jobs_status_ck", oneOf(t.status, JOB_STATUSES)),
    check("jobs_progress_ck", sql`${t.progress} >= 0 and (${t.total} is null or ${t.total} >= 0)`),
    check("jobs_lang_ck", sql`${t.lang} in ('fr', 'zh')`),
  ],
);
