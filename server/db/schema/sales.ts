// Carts, orders, invoices, credit notes, coupons, quotations.
import {
  date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar,
} from "drizzle-orm/pg-core";
import { customers, addresses } from "./customers.ts";
import { models } from "./catalogue.ts";

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const coupons = pgTable("coupons", {
  id: serial("id").primaryKey(),
  code: varchar("code", { length: 40 }).notNull(),
  customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
  value: numeric("value", { precision: 5, scale: 4 }), // fraction off
  amount: money("amount"), // or a fixed amount off
  minAmount: money("min_amount").notNull().default("0"),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  maxUses: integer("max_uses").notNull().default(1),
  uses: integer("uses").notNull().default(0),
}, (t) => [uniqueIndex("coupons_code_uq").on(t.code)]);

export const carts = pgTable("carts", {
  id: serial("id").primaryKey(),
  customerId: integer("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
  deliveryAddrId: integer("delivery_addr_id").references(() => addresses.id, { onDelete: "set null" }),
  invoiceAddrId: integer("invoice_addr_id").references(() => addresses.id, { onDelete: "set null" }),
  pickupMethod: integer("pickup_method").notNull().default(1), // 2 = store pickup
  shopId: integer("shop_id"),
  couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
  extraOptions: jsonb("extra_options").$type<Record<string, unknown>>().notNull().default({}),
  freight: jsonb("freight").$type<Record<string, unknown>>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("carts_customer_uq").on(t.customerId)]);

export const cartLines = pgTable("cart_lines", {
  id: serial("id").primaryKey(),
  cartId: integer("cart_id").notNull().references(() => carts.id, { onDelete: "cascade" }),
  modelId: integer("model_id").notNull().references(() => models.id, { onDelete: "cascade" }),
  num: integer("num").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("cart_lines_uq").on(t.cartId, t.modelId)]);

// Orders keep snapshots (addresses, designations, prices) so later catalogue edits never change them.
export const orders = pgTable("orders", {
  id: serial("id").primaryKey(),
  number: varchar("number", { length: 20 }).notNull(),
  customerId: integer("customer_id").notNull().references(() => customers.id),
  status: varchar("status", { length: 20 }).notNull(), // unpaid | processing | planned | shipped | delivered | cancelled
  paymentMethod: varchar("payment_method", { length: 20 }),
  transactionId: text("transaction_id"),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  plannedDeliveryDate: date("planned_delivery_date"),
  pickupMethod: integer("pickup_method").notNull().default(1),
  shopId: integer("shop_id"),
  deliveryAddress: jsonb("delivery_address").$type<Record<string, unknown>>(),
  invoiceAddress: jsonb("invoice_address").$type<Record<string, unknown>>(),
  totalHt: money("total_ht").notNull(),
  totalTva: money("total_tva").notNull(),
  totalTtc: money("total_ttc").notNull(),
  freightHt: money("freight_ht").notNull().default("0"),
  freightTva: money("freight_tva").notNull().default("0"),
  discountAmount: money("discount_amount").notNull().default("0"),
  note: text("note"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("orders_number_uq").on(t.number), index("orders_customer_idx").on(t.customerId, t.createdAt)]);

export const orderLines = pgTable("order_lines", {
  id: serial("id").primaryKey(),
  orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
  modelId: integer("model_id").references(() => models.id, { onDelete: "set null" }),
  reference: varchar("reference", { length: 40 }).notNull(),
  designation: text("designation").notNull(),
  unit: varchar("unit", { length: 20 }).notNull(),
  price: numeric("price", { precision: 12, scale: 4 }).notNull(),
  num: integer("num").notNull(),
  tva: numeric("tva", { precision: 5, scale: 4 }).notNull(),
  remise: money("remise").notNull().default("0"),
  lineHt: money("line_ht").notNull(),
}, (t) => [index("order_lines_order_idx").on(t.orderId)]);

export const invoices = pgTable("invoices", {
  id: serial("id").primaryKey(),
  number: varchar("number", { length: 20 }).notNull(),
  orderId: integer("order_id").notNull().references(() => orders.id),
  customerId: integer("customer_id").notNull().references(() => customers.id),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  amountHt: money("amount_ht").notNull(),
  amountTtc: money("amount_ttc").notNull(),
}, (t) => [uniqueIndex("invoices_number_uq").on(t.number), index("invoices_customer_idx").on(t.customerId)]);

export const creditNotes = pgTable("credit_notes", {
  id: serial("id").primaryKey(),
  number: varchar("number", { length: 20 }).notNull(),
  customerId: integer("customer_id").notNull().references(() => customers.id),
  orderId: integer("order_id").references(() => orders.id),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  amountTtc: money("amount_ttc").notNull(),
  remainingTtc: money("remaining_ttc").notNull(),
  reason: text("reason"),
}, (t) => [uniqueIndex("credit_notes_number_uq").on(t.number), index("credit_notes_customer_idx").on(t.customerId)]);

export const quotations = pgTable("quotations", {
  id: serial("id").primaryKey(),
  number: varchar("number", { length: 20 }).notNull(),
  customerId: integer("customer_id").notNull().references(() => customers.id),
  status: varchar("status", { length: 20 }).notNull().default("open"),
  validUntil: date("valid_until"),
  lines: jsonb("lines").$type<{ modelId: number; reference: string; designation: string; price: string; num: number; tva: string }[]>().notNull(),
  totalHt: money("total_ht").notNull(),
  totalTtc: money("total_ttc").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("quotations_number_uq").on(t.number), index("quotations_customer_idx").on(t.customerId)]);

export type OrderLineInsert = typeof orderLines.$inferInsert;
