// The back office's people (DESIGN §9). Staff are never customers: their own accounts, sessions and cookie, a
// password and a mandatory TOTP second factor, roles that grant permissions (core/staff/permissions.ts). The audit
// log records every staff write in that write's transaction; the database refuses to change or remove its rows
// (server/db/functions.sql).
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { LANGS } from "#core/lang.ts";
import { STAFF_ROLES } from "#core/staff/permissions.ts";
import { oneOf } from "./checks.ts";

const roleList = sql.raw(`array[${STAFF_ROLES.map((r) => `'${r}'`).join(", ")}]::varchar[]`);

export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Null until the invitation is accepted. */
    passwordHash: text("password_hash"),
    roles: varchar("roles", { length: 20 }).array().notNull(),
    /** Base32; set at enrolment, in force once `totpEnrolledAt` is set. */
    totpSecret: text("totp_secret"),
    totpEnrolledAt: timestamp("totp_enrolled_at", { withTimezone: true }),
    /** The time step of the last code accepted: a code is accepted once, and never an older one. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    lang: varchar("lang", { length: 2 }).notNull().default("fr"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_users_email_uq").on(sql`lower(${t.email})`),
    check("staff_users_roles_ck", sql`cardinality(${t.roles}) > 0 and ${t.roles} <@ ${roleList}`),
    check("staff_users_lang_ck", oneOf(t.lang, LANGS)),
    check("staff_users_totp_ck", sql`${t.totpEnrolledAt} is null or ${t.totpSecret} is not null`),
  ],
);

/** Ten per enrolment, SHA-256 of the code; a code is used once (guarded on `used_at`). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_recovery_codes_staff_idx").on(t.staffId)],
);

/**
 * Opaque tokens stored as SHA-256. A session is first `pending` (password given; the second factor or the enrolment
 * still to come, ten minutes at most), then `verifiedAt` is set: idle 30 minutes, absolute 12 hours.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: varchar("ip", { length: 100 }).notNull(),
    userAgent: varchar("user_agent", { length: 200 }).notNull().default(""),
  },
  (t) => [uniqueIndex("staff_sessions_token_uq").on(t.tokenHash), index("staff_sessions_staff_idx").on(t.staffId)],
);

/** The one-time link of an invitation (or of a second factor reset): it sets the password and enrols. */
export const staffInvites = pgTable(
  "staff_invites",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_invites_token_uq").on(t.tokenHash), index("staff_invites_staff_idx").on(t.staffId)],
);

/**
 * Who changed what, when and from where (DESIGN §9): written by `audited` in the transaction of the write it
 * records (`xact` is that transaction's id); never updated nor deleted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // a staff member with audit rows is disabled, never deleted
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "restrict" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    ip: varchar("ip", { length: 100 }).notNull(),
    entity: varchar("entity", { length: 40 }).notNull(),
    entityId: varchar("entity_id", { length: 40 }).notNull(),
    action: varchar("action", { length: 40 }).notNull(),
    /** auditDiff (core/audit-diff.ts): the fields that changed, before and after, secrets redacted. */
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>().notNull(),
    xact: bigint("xact", { mode: "number" })
      .notNull()
      .default(sql`pg_current_xact_id()::text::bigint`),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_staff_idx").on(t.staffId, t.at),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.at),
    index("audit_log_xact_idx").on(t.xact),
  ],
);
