// Customers, sessions, addresses and everything an account owns besides orders. A table that refers to orders
// (questions.ts) lives elsewhere: sales.ts imports this module.
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { LANGS } from "#core/lang.ts";
import { models } from "./catalogue.ts";
import { oneOf } from "./checks.ts";
import { priceGroups } from "./price-groups.ts";
import { APPROVALS, APPROVAL_MESSAGE_MAX } from "#core/customers/approval.ts";
import {
  ON_ACCOUNT_DAYS_DEFAULT,
  ON_ACCOUNT_DAYS_MAX,
  ON_ACCOUNT_DAYS_MIN,
  ON_ACCOUNT_LIMIT_MAX_CENTS,
} from "#core/customers/on-account.ts";

export const TITLES = ["M", "Mme"] as const;
export const ADDRESS_KINDS = ["delivery", "invoice"] as const;
/** Stored quick-order lists (the "purchased" list may also be kept as rows). */
export const WISHLIST_KINDS = ["wishlist", "purchased"] as const;

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    clientNumber: varchar("client_number", { length: 20 }).notNull(),
    title: varchar("title", { length: 4 }).notNull(), // "M" | "Mme"
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    siret: varchar("siret", { length: 14 }),
    vatNumber: varchar("vat_number", { length: 20 }),
    email: text("email").notNull(),
    phone: varchar("phone", { length: 20 }),
    passwordHash: text("password_hash").notNull(),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    lang: varchar("lang", { length: 2 }).notNull().default("fr"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // The privacy notice accepted at registration (core/legal.ts PRIVACY_NOTICE): null on accounts made before.
    privacyVersion: varchar("privacy_version", { length: 20 }),
    privacyAcceptedAt: timestamp("privacy_accepted_at", { withTimezone: true }),
    /** Whether the account may order (core/customers/approval.ts): accounts made before the setting are approved. */
    approval: varchar("approval", { length: 8 }).notNull().default("approved"),
    /** Staff's message with their last decision (said to the customer), and when they decided. */
    approvalMessage: text("approval_message"),
    approvalDecidedAt: timestamp("approval_decided_at", { withTimezone: true }),
    /** Payment on account (core/customers/on-account.ts): allowed, the term in days, the outstanding limit in cents. */
    onAccount: boolean("on_account").notNull().default(false),
    onAccountDays: integer("on_account_days").notNull().default(ON_ACCOUNT_DAYS_DEFAULT),
    onAccountLimitCents: integer("on_account_limit_cents").notNull().default(0),
    /** The customer's price group (decision 157): none, or one. */
    priceGroupId: integer("price_group_id").references(() => priceGroups.id, { onDelete: "set null" }),
    /**
     * What staff search a customer by (client number, company, name, e-mail, phone, SIRET) as one text without
     * accents or case (f_search_norm), kept with the row: a search reads it instead of working it out for every
     * candidate (20,000 customers: 330 ms worked out, a few ms read). Found in part through its trigram index.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`f_search_norm(client_number || ' ' || coalesce(company, '') || ' ' || first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(siret, ''))`,
      ),
  },
  (t) => [
    uniqueIndex("customers_client_number_uq").on(t.clientNumber),
    uniqueIndex("customers_email_uq").on(sql`lower(${t.email})`),
    uniqueIndex("customers_phone_uq").on(t.phone),
    check("customers_title_ck", oneOf(t.title, TITLES)),
    check("customers_lang_ck", oneOf(t.lang, LANGS)),
    check("customers_privacy_ck", sql`(${t.privacyVersion} is null) = (${t.privacyAcceptedAt} is null)`),
    index("customers_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    check("customers_approval_ck", oneOf(t.approval, APPROVALS)),
    check("customers_approval_message_ck", sql`char_length(${t.approvalMessage}) <= ${sql.raw(String(APPROVAL_MESSAGE_MAX))}`),
    check(
      "customers_on_account_ck",
      sql`${t.onAccountDays} between ${sql.raw(String(ON_ACCOUNT_DAYS_MIN))} and ${sql.raw(String(ON_ACCOUNT_DAYS_MAX))} and ${t.onAccountLimitCents} between 0 and ${sql.raw(String(ON_ACCOUNT_LIMIT_MAX_CENTS))}`,
    ),
    // the back office's list: accounts waiting for approval first, then the newest
    // (desc without "nulls last", as the list's order by says it: else the planner cannot read the index in order)
    index("customers_queue_idx").on(sql`(${t.approval} <> 'pending')`, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    // the accounts waiting for approval (few): counted on every list, listed by the filter
    index("customers_pending_idx")
      .on(sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.approval} = 'pending'`),
    // a group's members (and the SET NULL of a deleted group)
    index("customers_price_group_idx")
      .on(t.priceGroupId)
      .where(sql`${t.priceGroupId} is not null`),
  ],
);

// Opaque bearer tokens, stored as SHA-256 hashes, with idle and absolute expiry.
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.tokenHash), index("sessions_customer_idx").on(t.customerId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }),
    tokenHash: varchar("token_hash", { length: 64 }),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_customer_idx").on(t.customerId), check("password_resets_attempts_ck", sql`${t.attempts} >= 0`)],
);

export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 8 }).notNull(), // "delivery" | "invoice"
    isDefault: boolean("is_default").notNull().default(false),
    title: varchar("title", { length: 4 }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    line1: text("line1").notNull(),
    line2: text("line2"),
    zipCode: varchar("zip_code", { length: 10 }).notNull(),
    city: text("city").notNull(),
    country: varchar("country", { length: 2 }).notNull().default("FR"),
    phone: varchar("phone", { length: 20 }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("addresses_customer_idx").on(t.customerId, t.kind),
    check("addresses_kind_ck", oneOf(t.kind, ADDRESS_KINDS)),
    check("addresses_title_ck", oneOf(t.title, TITLES)),
  ],
);

export const addressCombinations = pgTable(
  "address_combinations",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    deliveryAddrId: integer("delivery_addr_id")
      .notNull()
      .references(() => addresses.id, { onDelete: "cascade" }),
    invoiceAddrId: integer("invoice_addr_id")
      .notNull()
      .references(() => addresses.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("address_combinations_uq").on(t.customerId, t.deliveryAddrId, t.invoiceAddrId)],
);

export const wishlists = pgTable(
  "wishlists",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).notNull().default("wishlist"), // quick-order list kind
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("wishlists_uq").on(t.customerId, t.kind, t.modelId), check("wishlists_kind_ck", oneOf(t.kind, WISHLIST_KINDS))],
);

// Delivery receiving days: per weekday (1 = Monday) morning / afternoon slots.
export const receiptArrangements = pgTable("receipt_arrangements", {
  customerId: integer("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  days: jsonb("days").$type<{ weekday: number; morning: boolean; afternoon: boolean }[]>().notNull(),
  note: text("note"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    lang: varchar("lang", { length: 2 }).notNull().default("fr"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_email_uq").on(sql`lower(${t.email})`), check("newsletter_lang_ck", oneOf(t.lang, LANGS))],
);

// Failed logins per identifier and per client address, to slow password guessing (no long lock-out).
export const loginThrottles = pgTable(
  "login_throttles",
  {
    key: varchar("key", { length: 120 }).primaryKey(), // "id:<identifier>" or "ip:<address>"
    failures: integer("failures").notNull().default(0),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  },
  (t) => [check("login_throttles_failures_ck", sql`${t.failures} >= 0`)],
);
