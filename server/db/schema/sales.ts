// Carts, orders, invoices, coupons, quotations (credit notes: documents.ts, as they refer to returns).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { ORDER_STATES } from "#core/order-states.ts";
import { DELIVERY_MODES } from "#core/freight-tariff.ts";
import type { QuotedLine } from "#core/quotations.ts";
import type { Freight } from "#core/cart/types.ts";
import type { LinePricing } from "#core/orders/edit.ts";
import type { InvoiceContents } from "#core/documents/invoice-contents.ts";
import { customers, addresses } from "./customers.ts";
import { models } from "./catalogue.ts";
import { shops } from "./content.ts";
import { oneOf } from "./checks.ts";
import { staffUsers } from "./staff.ts";
import { DELIVERY_STATUSES } from "#core/aftersales/deliveries.ts";

/** 1 = delivery, 2 = pickup at a shop. */
export const PICKUP_METHODS = [1, 2] as const;
/** `draft`: being written by staff, not yet sent; the customer neither sees nor uses it (decision 148). */
export const QUOTATION_STATUSES = ["draft", "open", "accepted", "ordered", "expired", "cancelled"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

export type QuotationLineRow = QuotedLine;

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const coupons = pgTable(
  "coupons",
  {
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
    /** How many orders one customer may place with it (cancelled ones not counted); null: no limit per customer. */
    perCustomerUses: integer("per_customer_uses"),
  },
  (t) => [
    uniqueIndex("coupons_code_uq").on(t.code),
    // Exactly one kind of reduction: a fraction in (0, 1] or a positive fixed amount (decision 013).
    check(
      "coupons_reduction_ck",
      sql`(${t.value} > 0 and ${t.value} <= 1 and ${t.amount} is null) or (${t.amount} > 0 and ${t.value} is null)`,
    ),
    check("coupons_min_amount_ck", sql`${t.minAmount} >= 0`),
    // uses is raised by a guarded statement (uses < max_uses); this refuses the write that would overshoot.
    check("coupons_uses_ck", sql`${t.maxUses} >= 1 and ${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
    check("coupons_period_ck", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("coupons_per_customer_ck", sql`${t.perCustomerUses} is null or ${t.perCustomerUses} >= 1`),
  ],
);

/**
 * The customers chosen for a coupon (decision 150): a coupon with rows here (or an owner, `coupons.customer_id`) is
 * theirs alone; without either it is everyone's.
 */
export const couponCustomers = pgTable(
  "coupon_customers",
  {
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.customerId] }), index("coupon_customers_customer_idx").on(t.customerId)],
);

export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    deliveryAddrId: integer("delivery_addr_id").references(() => addresses.id, { onDelete: "set null" }),
    invoiceAddrId: integer("invoice_addr_id").references(() => addresses.id, { onDelete: "set null" }),
    pickupMethod: integer("pickup_method").notNull().default(1), // 2 = store pickup
    // set null: a cart is a draft; a closed shop only clears the pickup choice
    shopId: integer("shop_id").references(() => shops.id, { onDelete: "set null" }),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    extraOptions: jsonb("extra_options").$type<Record<string, unknown>>().notNull().default({}),
    freight: jsonb("freight").$type<Freight>(),
    deliveryMode: varchar("delivery_mode", { length: 10 }), // DELIVERY_MODES; null until chosen (decision 071)
    note: text("note"), // order note, ≤ 500 characters
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_customer_uq").on(t.customerId),
    check("carts_pickup_method_ck", oneOf(t.pickupMethod, PICKUP_METHODS)),
    check(
      "carts_delivery_mode_ck",
      sql`${oneOf(t.deliveryMode, DELIVERY_MODES)} and (${t.deliveryMode} is null or (${t.pickupMethod} = 2) = (${t.deliveryMode} = 'pickup'))`,
    ),
    check("carts_note_ck", sql`char_length(${t.note}) <= 500`),
  ],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    num: integer("num").notNull(),
    // A line loaded from a quotation (decision 080): priced from the quotation row while it is usable.
    quotationId: integer("quotation_id").references((): AnyPgColumn => quotations.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cart_lines_uq").on(t.cartId, t.modelId), check("cart_lines_num_ck", sql`${t.num} > 0`)],
);

// Orders keep snapshots (addresses, designations, prices) so later catalogue edits never change them.
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: varchar("number", { length: 20 }).notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    status: varchar("status", { length: 20 }).notNull(), // ORDER_STATES (core/order-states.ts)
    paymentMethod: varchar("payment_method", { length: 20 }),
    transactionId: text("transaction_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    plannedDeliveryDate: date("planned_delivery_date"),
    // Delivery date flow (decision 082): the planned date's confirmation state, the customer's other date, the reply deadline.
    deliveryStatus: varchar("delivery_status", { length: 24 }), // DELIVERY_STATUSES (core/aftersales/deliveries.ts)
    deliveryProposedDate: date("delivery_proposed_date"),
    deliveryReplyBy: timestamp("delivery_reply_by", { withTimezone: true }),
    deliveryRepliedAt: timestamp("delivery_replied_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    // What the preparation recorded (core/orders/life.ts `mark_ready`), the carrier's reference, who collected a pickup.
    parcels: integer("parcels"),
    pallets: integer("pallets"),
    weightKg: numeric("weight_kg", { precision: 10, scale: 2 }),
    carrier: varchar("carrier", { length: 40 }),
    trackingNumber: varchar("tracking_number", { length: 60 }),
    pickedUpBy: varchar("picked_up_by", { length: 80 }),
    // What delivery planning reads (decision 138), kept from the cart at placement: the pallets and parcels it counted
    // (palette_num, colis_qte; null on orders placed before), whether the buyer asked for an appointment, and the
    // highway toll of the route as the freight quote priced it (charged or not).
    cartPallets: integer("cart_pallets"),
    cartParcels: integer("cart_parcels"),
    rdv: boolean("rdv").notNull().default(false),
    highwayTollHt: money("highway_toll_ht").notNull().default("0"),
    pickupMethod: integer("pickup_method").notNull().default(1),
    // DELIVERY_MODES, 'pickup' ⇔ pickup_method 2 (decision 071); null only for rows written without one
    deliveryMode: varchar("delivery_mode", { length: 10 }),
    // restrict: an order is history; the shop it was picked up at cannot vanish under it
    shopId: integer("shop_id").references(() => shops.id, { onDelete: "restrict" }),
    deliveryAddress: jsonb("delivery_address").$type<Record<string, unknown>>(),
    invoiceAddress: jsonb("invoice_address").$type<Record<string, unknown>>(),
    totalHt: money("total_ht").notNull(),
    totalTva: money("total_tva").notNull(),
    totalTtc: money("total_ttc").notNull(),
    freightHt: money("freight_ht").notNull().default("0"),
    freightTva: money("freight_tva").notNull().default("0"),
    discountAmount: money("discount_amount").notNull().default("0"),
    // The freight discount of SPEC §9 already taken off freight_ht (≥ 0), and the rate the freight was charged at
    // (decision 116): documents show both as charged, never a rate derived from rounded amounts.
    freightDiscountHt: money("freight_discount_ht").notNull().default("0"),
    freightVatRate: numeric("freight_vat_rate", { precision: 5, scale: 4 }),
    /** The coupon whose use this order counted (decision 077: an expired order gives the use back). */
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    /** What the customer still owes after staff raised a paid order's total (decision 140); paid by a 'balance' payment. */
    balanceDue: money("balance_due").notNull().default("0"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // The terms of sale the buyer accepted (core/legal.ts CGV): null on orders placed before they were asked.
    cgvVersion: varchar("cgv_version", { length: 20 }),
    cgvAcceptedAt: timestamp("cgv_accepted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_number_uq").on(t.number),
    // the expiry worker's scan (decision 077)
    index("orders_unpaid_idx")
      .on(t.createdAt)
      .where(sql`status = 'unpaid'`),
    index("orders_customer_idx").on(t.customerId, t.createdAt),
    // The back office's order queue (staff-orders.service.ts): its sorts, and the filters that narrow it most.
    index("orders_created_idx").on(t.createdAt, t.id),
    // the queue's "not paid" filter: few orders among many
    index("orders_not_paid_idx")
      .on(t.createdAt, t.id)
      .where(sql`paid_at is null`),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_total_ttc_idx").on(t.totalTtc, t.id),
    index("orders_planned_idx").on(t.plannedDeliveryDate, t.createdAt),
    index("orders_shop_idx")
      .on(t.shopId)
      .where(sql`shop_id is not null`),
    // the pickup desk (pickup-desk.service.ts): a shop's store pickups by status, handed over by day
    index("orders_pickup_desk_idx")
      .on(t.shopId, t.status, t.deliveredAt)
      .where(sql`pickup_method = 2`),
    // the delivery department, the freight zone's key
    index("orders_department_idx").on(sql`left(${t.deliveryAddress} ->> 'zip_code', 2)`),
    // a part of an order number ("000162")
    index("orders_number_trgm_idx").using("gin", sql`upper(${t.number}) gin_trgm_ops`),
    check("orders_status_ck", oneOf(t.status, ORDER_STATES)),
    check("orders_pickup_method_ck", oneOf(t.pickupMethod, PICKUP_METHODS)),
    check("orders_pickup_shop_ck", sql`${t.pickupMethod} = 1 or ${t.shopId} is not null`),
    check(
      "orders_delivery_mode_ck",
      sql`${oneOf(t.deliveryMode, DELIVERY_MODES)} and (${t.deliveryMode} is null or (${t.pickupMethod} = 2) = (${t.deliveryMode} = 'pickup'))`,
    ),
    // Amounts are stored non-negative; discount_amount is the reduction taken off (total_ht = lines + freight − discount).
    check(
      "orders_amounts_ck",
      sql`${t.totalHt} >= 0 and ${t.totalTva} >= 0 and ${t.freightHt} >= 0 and ${t.freightTva} >= 0 and ${t.discountAmount} >= 0 and ${t.freightDiscountHt} >= 0`,
    ),
    check("orders_ttc_ck", sql`${t.totalTtc} = ${t.totalHt} + ${t.totalTva}`),
    check("orders_balance_due_ck", sql`${t.balanceDue} >= 0 and ${t.balanceDue} <= ${t.totalTtc}`),
    check("orders_planning_ck", sql`${t.cartPallets} >= 0 and ${t.cartParcels} >= 0 and ${t.highwayTollHt} >= 0`),
    check("orders_cgv_ck", sql`(${t.cgvVersion} is null) = (${t.cgvAcceptedAt} is null)`),
    check("orders_delivery_status_ck", oneOf(t.deliveryStatus, DELIVERY_STATUSES)),
    // Awaiting a reply needs a date to confirm and a deadline; another date is only kept with its request.
    check(
      "orders_delivery_awaiting_ck",
      sql`${t.deliveryStatus} is distinct from 'awaiting_confirmation' or (${t.plannedDeliveryDate} is not null and ${t.deliveryReplyBy} is not null)`,
    ),
    check(
      "orders_delivery_proposed_ck",
      sql`(${t.deliveryProposedDate} is null) = (${t.deliveryStatus} is distinct from 'reschedule_requested')`,
    ),
    check(
      "orders_delivered_after_shipped_ck",
      sql`${t.deliveredAt} is null or ${t.shippedAt} is null or ${t.deliveredAt} >= ${t.shippedAt}`,
    ),
    index("orders_delivery_due_idx")
      .on(t.deliveryReplyBy)
      .where(sql`${t.deliveryStatus} = 'awaiting_confirmation'`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    modelId: integer("model_id").references(() => models.id, { onDelete: "set null" }),
    reference: varchar("reference", { length: 40 }).notNull(),
    designation: text("designation").notNull(),
    unit: varchar("unit", { length: 20 }).notNull(),
    price: numeric("price", { precision: 12, scale: 4 }).notNull(),
    num: integer("num").notNull(),
    tva: numeric("tva", { precision: 5, scale: 4 }).notNull(),
    remise: money("remise").notNull().default("0"),
    lineHt: money("line_ht").notNull(),
    /** Units the line's promotion offered on top of `num`, never priced (core/cart/promotion.ts). */
    giftedUnits: integer("gifted_units").notNull().default(0),
    /**
     * What priced the line besides its price and VAT rate (core/orders/edit.ts `LinePricing`: site price, promotion,
     * measures), kept so that an edit recomputes the order by the rules it was placed with; null on lines written before.
     */
    pricing: jsonb("pricing").$type<LinePricing>(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    check("order_lines_gifted_ck", sql`${t.giftedUnits} >= 0`),
    check("order_lines_num_ck", sql`${t.num} > 0`),
    check("order_lines_price_ck", sql`${t.price} >= 0`),
    check("order_lines_tva_ck", sql`${t.tva} >= 0 and ${t.tva} < 1`),
    check("order_lines_amounts_ck", sql`${t.remise} >= 0 and ${t.lineHt} >= 0`),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    number: varchar("number", { length: 20 }).notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    amountHt: money("amount_ht").notNull(),
    amountTtc: money("amount_ttc").notNull(),
    /** What the invoice says, frozen at issue (core/documents/invoice-contents.ts): its order may be edited later. */
    contents: jsonb("contents").$type<InvoiceContents>().notNull(),
    /** An invoice on account (core/customers/on-account.ts): the date it is due; null for one paid when issued. */
    dueOn: date("due_on"),
    /** When staff recorded the bank transfer that paid an invoice on account. */
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invoices_number_uq").on(t.number),
    index("invoices_customer_idx").on(t.customerId),
    // one invoice per order (decision 077: issued in the transaction that marks the order paid)
    uniqueIndex("invoices_order_uq").on(t.orderId),
    check("invoices_amounts_ck", sql`${t.amountHt} >= 0 and ${t.amountTtc} >= ${t.amountHt}`),
    check("invoices_settled_ck", sql`${t.settledAt} is null or ${t.dueOn} is not null`),
    // the invoices on account still owed (a customer's outstanding, the unpaid list): few among all invoices
    index("invoices_unsettled_idx")
      .on(t.dueOn, t.id)
      .where(sql`due_on is not null and settled_at is null`),
  ],
);

export const quotations = pgTable(
  "quotations",
  {
    id: serial("id").primaryKey(),
    number: varchar("number", { length: 20 }).notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    status: varchar("status", { length: 20 }).notNull().default("open"),
    validUntil: date("valid_until"),
    lines: jsonb("lines").$type<QuotationLineRow[]>().notNull(),
    totalHt: money("total_ht").notNull(),
    totalTtc: money("total_ttc").notNull(),
    // The order that used it (status 'ordered', decision 080).
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Back office (decision 148): the staff member who made it (null: the customer's own request from the cart),
    // when it was last sent by e-mail, when staff last changed it, and a note the customer never sees.
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "restrict" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    staffNote: varchar("staff_note", { length: 2000 }).notNull().default(""),
  },
  (t) => [
    uniqueIndex("quotations_number_uq").on(t.number),
    index("quotations_customer_idx").on(t.customerId),
    index("quotations_created_idx").on(t.createdAt),
    check("quotations_status_ck", oneOf(t.status, QUOTATION_STATUSES)),
    check("quotations_amounts_ck", sql`${t.totalHt} >= 0 and ${t.totalTtc} >= ${t.totalHt}`),
  ],
);

export type OrderLineInsert = typeof orderLines.$inferInsert;
