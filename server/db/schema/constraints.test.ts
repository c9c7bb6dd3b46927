// The database itself refuses rows that break the money, quantity, status and reference rules (decision 066),
// on PGlite and on PostgreSQL. Each case first shows the valid row is accepted (then rolled back), so the
// refusal is caused by the one broken field, and names the constraint that refused it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { query, type Database } from "#server/db/client.ts";
import type { InvoiceContents } from "#core/documents/invoice-contents.ts";
import * as s from "#server/db/schema/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";

type Refusal = { code: string; constraint?: string };
class Rollback extends Error {}

function refusalOf(e: unknown): Refusal | null {
  for (let c = e as { code?: unknown; constraint?: string; cause?: unknown } | undefined; c; c = c.cause as typeof c) {
    if (typeof c.code === "string" && /^[0-9A-Z]{5}$/.test(c.code)) return { code: c.code, constraint: c.constraint };
  }
  return null;
}

const CHECK = "23514";
const FOREIGN_KEY = "23503";
const UNIQUE = "23505";
/** A delete refused by an ON DELETE RESTRICT key: 23001 on PGlite (PostgreSQL 17), 23503 on PostgreSQL 15. */
const restricted = (constraint?: string) => ({
  code: expect.stringMatching(/^(23001|23503)$/),
  constraint: constraint ?? expect.any(String),
});

// Fixed rows every case may point at: category tree, product, model, customer, shop, order, cart, payment.
const model = {
  id: 1,
  productId: 1,
  reference: "M-1",
  unit: "carton",
  price: "1.5000",
  sitePrice: "1.5000",
  tva: "0.2000",
  poids: "1.000",
  volume: "0.010000",
  stock: 10,
  purchasableQty: 10,
};
const order = {
  id: 1,
  number: "CE2026-000001",
  customerId: 1,
  status: "unpaid",
  totalHt: "10.00",
  totalTva: "2.00",
  totalTtc: "12.00",
};
/** What an invoice of that order says (invoices.contents). */
const contents: InvoiceContents = {
  lines: [],
  total_ht: "10.00",
  total_tva: "2.00",
  total_ttc: "12.00",
  freight_ht: "0.00",
  freight_tva: "0.00",
  freight_discount_ht: "0.00",
  freight_vat_rate: null,
  discount_amount: "0.00",
  payment_method: null,
  transaction_id: null,
  paid_at: null,
  invoice_address: null,
  delivery_address: null,
  credit_used: "0.00",
};

type Case = { name: string; table: PgTable; row: Record<string, unknown>; bad: Record<string, unknown>; code: string; constraint: string };

const CASES: Case[] = [
  // after-sales (migration 0015, decision 082)
  {
    name: "unknown delivery status",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002" },
    bad: { deliveryStatus: "maybe" },
    code: CHECK,
    constraint: "orders_delivery_status_ck",
  },
  {
    name: "a date awaiting confirmation without deadline",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002", status: "planned", plannedDeliveryDate: "2026-12-01", deliveryStatus: "confirmed" },
    bad: { deliveryStatus: "awaiting_confirmation" },
    code: CHECK,
    constraint: "orders_delivery_awaiting_ck",
  },
  {
    name: "a proposed date without a reschedule request",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002", deliveryStatus: "reschedule_requested", deliveryProposedDate: "2026-12-02" },
    bad: { deliveryStatus: "confirmed" },
    code: CHECK,
    constraint: "orders_delivery_proposed_ck",
  },
  {
    name: "delivered before shipped",
    table: s.orders,
    row: {
      ...order,
      id: 2,
      number: "CE2026-000002",
      shippedAt: new Date("2026-11-02T08:00:00Z"),
      deliveredAt: new Date("2026-11-03T08:00:00Z"),
    },
    bad: { deliveredAt: new Date("2026-11-01T08:00:00Z") },
    code: CHECK,
    constraint: "orders_delivered_after_shipped_ck",
  },
  {
    name: "a return for another reason without saying which",
    table: s.returnRequests,
    row: { orderId: 1, customerId: 1, reason: "other", comment: "Couleur" },
    bad: { comment: null },
    code: CHECK,
    constraint: "return_requests_other_ck",
  },
  {
    name: "unknown return status",
    table: s.returnRequests,
    row: { orderId: 1, customerId: 1, reason: "damaged" },
    bad: { status: "lost" },
    code: CHECK,
    constraint: "return_requests_status_ck",
  },
  // the back office's returns (migration 0047, decision 141)
  {
    name: "a refusal reason on a request not refused",
    table: s.returnRequests,
    row: { orderId: 1, customerId: 1, reason: "damaged", status: "refused", refusalReason: "Hors délai" },
    bad: { status: "accepted" },
    code: CHECK,
    constraint: "return_requests_refusal_ck",
  },
  // delivery planning (migration 0039, decision 138)
  {
    name: "a negative pallet count of the cart",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002" },
    bad: { cartPallets: -1 },
    code: CHECK,
    constraint: "orders_planning_ck",
  },
  {
    name: "unknown notification kind",
    table: s.notifications,
    row: { customerId: 1, kind: "order_shipped", ref: "CE2026-000001" },
    bad: { kind: "spam" },
    code: CHECK,
    constraint: "notifications_kind_ck",
  },
  // catalogue
  {
    name: "negative stock",
    table: s.models,
    row: { ...model, id: 2, reference: "M-2" },
    bad: { stock: -1 },
    code: CHECK,
    constraint: "models_stock_ck",
  },
  {
    name: "negative purchasable quantity",
    table: s.models,
    row: { ...model, id: 2, reference: "M-2" },
    bad: { purchasableQty: -1 },
    code: CHECK,
    constraint: "models_purchasable_qty_ck",
  },
  {
    name: "negative price",
    table: s.models,
    row: { ...model, id: 2, reference: "M-2" },
    bad: { sitePrice: "-0.0001" },
    code: CHECK,
    constraint: "models_price_ck",
  },
  {
    name: "VAT rate of 1",
    table: s.models,
    row: { ...model, id: 2, reference: "M-2" },
    bad: { tva: "1.0000" },
    code: CHECK,
    constraint: "models_tva_ck",
  },
  {
    name: "negative VAT rate",
    table: s.models,
    row: { ...model, id: 2, reference: "M-2" },
    bad: { tva: "-0.0500" },
    code: CHECK,
    constraint: "models_tva_ck",
  },
  {
    name: "negative weight",
    table: s.models,
    row: { ...model, id: 2, reference: "M-2" },
    bad: { poids: "-1" },
    code: CHECK,
    constraint: "models_measures_ck",
  },
  {
    name: "promotion over 100 %",
    table: s.promotions,
    row: { modelId: 1, value: "0.1000" },
    bad: { value: "1.5" },
    code: CHECK,
    constraint: "promotions_value_ck",
  },
  {
    name: "promotion minimum quantity 0",
    table: s.promotions,
    row: { modelId: 1, value: "0.1000" },
    bad: { minQty: 0 },
    code: CHECK,
    constraint: "promotions_min_qty_ck",
  },
  {
    name: "unknown promotion type",
    table: s.promotions,
    row: { modelId: 1, value: "0.1000" },
    bad: { type: 3 },
    code: CHECK,
    constraint: "promotions_type_ck",
  },
  {
    name: "category under a missing parent",
    table: s.categories,
    row: { id: 3, parentId: 2, level: 2 },
    bad: { parentId: 999 },
    code: FOREIGN_KEY,
    constraint: "categories_parent_id_categories_id_fk",
  },
  {
    name: "second root category",
    table: s.categories,
    row: { id: 3, parentId: 2, level: 2 },
    bad: { parentId: null },
    code: CHECK,
    constraint: "categories_root_ck",
  },
  {
    name: "untranslated language",
    table: s.productTranslations,
    row: { productId: 1, lang: "zh", name: "纸箱" },
    bad: { lang: "en" },
    code: CHECK,
    constraint: "product_translations_lang_ck",
  },
  // the terms of sale accepted, and the privacy notice: a version always with its time
  {
    name: "a CGV version without the time it was accepted",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002", cgvVersion: "2026-01", cgvAcceptedAt: new Date("2026-03-01T10:00:00Z") },
    bad: { cgvAcceptedAt: null },
    code: CHECK,
    constraint: "orders_cgv_ck",
  },
  {
    name: "a privacy notice version without the time it was accepted",
    table: s.customers,
    row: {
      id: 3,
      clientNumber: "C3",
      title: "Mme",
      firstName: "A",
      lastName: "B",
      email: "b@c.fr",
      passwordHash: "x",
      privacyVersion: "2026-01",
      privacyAcceptedAt: new Date("2026-03-01T10:00:00Z"),
    },
    bad: { privacyAcceptedAt: null },
    code: CHECK,
    constraint: "customers_privacy_ck",
  },
  // accounts
  {
    name: "unknown title",
    table: s.customers,
    row: { id: 3, clientNumber: "C3", title: "Mme", firstName: "A", lastName: "B", email: "b@c.fr", passwordHash: "x" },
    bad: { title: "Dr" },
    code: CHECK,
    constraint: "customers_title_ck",
  },
  {
    name: "unknown address kind",
    table: s.addresses,
    row: { customerId: 1, kind: "delivery", firstName: "A", lastName: "B", line1: "1 rue", zipCode: "75001", city: "Paris" },
    bad: { kind: "home" },
    code: CHECK,
    constraint: "addresses_kind_ck",
  },
  {
    name: "unknown quick-order list",
    table: s.wishlists,
    row: { customerId: 1, modelId: 1 },
    bad: { kind: "basket" },
    code: CHECK,
    constraint: "wishlists_kind_ck",
  },
  {
    name: "negative login failures",
    table: s.loginThrottles,
    row: { key: "id:x", failures: 1 },
    bad: { failures: -1 },
    code: CHECK,
    constraint: "login_throttles_failures_ck",
  },
  {
    name: "negative reset attempts",
    table: s.passwordResets,
    row: { customerId: 1, expiresAt: new Date(Date.now() + 60_000) },
    bad: { attempts: -1 },
    code: CHECK,
    constraint: "password_resets_attempts_ck",
  },
  {
    name: "question about a missing order",
    table: s.questions,
    row: { customerId: 1, orderId: 1, type: "livraison", content: "?" },
    bad: { orderId: 999 },
    code: FOREIGN_KEY,
    constraint: "questions_order_id_orders_id_fk",
  },
  {
    name: "question of an unknown type",
    table: s.questions,
    row: { customerId: 1, type: "suggestion", content: "?" },
    bad: { type: "spam" },
    code: CHECK,
    constraint: "questions_type_ck",
  },
  {
    name: "empty attachment",
    table: s.attachments,
    row: { id: "a".repeat(22), customerId: 1, storageKey: "0".repeat(32), name: "x.png", contentType: "image/png", size: 1 },
    bad: { size: 0 },
    code: CHECK,
    constraint: "attachments_size_ck",
  },
  {
    name: "attachment of an unchecked type",
    table: s.attachments,
    row: { id: "b".repeat(22), customerId: 1, storageKey: "1".repeat(32), name: "x.png", contentType: "image/png", size: 1 },
    bad: { contentType: "text/html" },
    code: CHECK,
    constraint: "attachments_type_ck",
  },
  // cart
  {
    name: "cart line of 0",
    table: s.cartLines,
    row: { cartId: 1, modelId: 1, num: 1 },
    bad: { num: 0 },
    code: CHECK,
    constraint: "cart_lines_num_ck",
  },
  {
    name: "cart at a missing shop",
    table: s.carts,
    row: { customerId: 2, pickupMethod: 2, shopId: 1 },
    bad: { shopId: 999 },
    code: FOREIGN_KEY,
    constraint: "carts_shop_id_shops_id_fk",
  },
  {
    name: "unknown pickup method",
    table: s.carts,
    row: { customerId: 2 },
    bad: { pickupMethod: 3 },
    code: CHECK,
    constraint: "carts_pickup_method_ck",
  },
  // orders and documents
  {
    name: "unknown order status",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002" },
    bad: { status: "lost" },
    code: CHECK,
    constraint: "orders_status_ck",
  },
  {
    name: "TTC that is not HT + VAT",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002" },
    bad: { totalTtc: "12.01" },
    code: CHECK,
    constraint: "orders_ttc_ck",
  },
  {
    name: "negative order total",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002" },
    bad: { totalHt: "-10.00", totalTtc: "-8.00" },
    code: CHECK,
    constraint: "orders_amounts_ck",
  },
  {
    name: "pickup without a shop",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002", pickupMethod: 2, shopId: 1 },
    bad: { shopId: null },
    code: CHECK,
    constraint: "orders_pickup_shop_ck",
  },
  {
    name: "order at a missing shop",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002", pickupMethod: 2, shopId: 1 },
    bad: { shopId: 999 },
    code: FOREIGN_KEY,
    constraint: "orders_shop_id_shops_id_fk",
  },
  {
    name: "order of a missing customer",
    table: s.orders,
    row: { ...order, id: 2, number: "CE2026-000002" },
    bad: { customerId: 999 },
    code: FOREIGN_KEY,
    constraint: "orders_customer_id_customers_id_fk",
  },
  {
    name: "order line of 0",
    table: s.orderLines,
    row: {
      orderId: 1,
      modelId: 1,
      reference: "M-1",
      designation: "Carton",
      unit: "carton",
      price: "1.5000",
      num: 2,
      tva: "0.2000",
      lineHt: "3.00",
    },
    bad: { num: 0 },
    code: CHECK,
    constraint: "order_lines_num_ck",
  },
  {
    name: "order line VAT rate of 1",
    table: s.orderLines,
    row: {
      orderId: 1,
      modelId: 1,
      reference: "M-1",
      designation: "Carton",
      unit: "carton",
      price: "1.5000",
      num: 2,
      tva: "0.2000",
      lineHt: "3.00",
    },
    bad: { tva: "1" },
    code: CHECK,
    constraint: "order_lines_tva_ck",
  },
  {
    name: "order line negative price",
    table: s.orderLines,
    row: {
      orderId: 1,
      modelId: 1,
      reference: "M-1",
      designation: "Carton",
      unit: "carton",
      price: "1.5000",
      num: 2,
      tva: "0.2000",
      lineHt: "3.00",
    },
    bad: { price: "-1.5" },
    code: CHECK,
    constraint: "order_lines_price_ck",
  },
  {
    name: "invoice TTC below HT",
    table: s.invoices,
    row: { number: "FA2026-000001", orderId: 1, customerId: 1, amountHt: "10.00", amountTtc: "12.00", contents },
    bad: { amountTtc: "9.99" },
    code: CHECK,
    constraint: "invoices_amounts_ck",
  },
  {
    name: "a settled invoice that was never on account",
    table: s.invoices,
    row: { number: "FA2026-000001", orderId: 1, customerId: 1, amountHt: "10.00", amountTtc: "12.00", contents, dueOn: "2026-04-01" },
    bad: { dueOn: null, settledAt: new Date("2026-03-20T10:00:00Z") },
    code: CHECK,
    constraint: "invoices_settled_ck",
  },
  {
    name: "terms on account beyond their bounds",
    table: s.customers,
    row: { id: 3, clientNumber: "C3", title: "Mme", firstName: "A", lastName: "B", email: "b@c.fr", passwordHash: "x", onAccountDays: 30 },
    bad: { onAccountDays: 0 },
    code: CHECK,
    constraint: "customers_on_account_ck",
  },
  {
    name: "credit note spent beyond its amount",
    table: s.creditNotes,
    row: { number: "AV2026-000001", customerId: 1, amountTtc: "18.60", remainingTtc: "18.60" },
    bad: { remainingTtc: "18.61" },
    code: CHECK,
    constraint: "credit_notes_amounts_ck",
  },
  {
    name: "credit note below zero",
    table: s.creditNotes,
    row: { number: "AV2026-000001", customerId: 1, amountTtc: "18.60", remainingTtc: "0.00" },
    bad: { remainingTtc: "-0.01" },
    code: CHECK,
    constraint: "credit_notes_amounts_ck",
  },
  {
    name: "cancellation credit note without its order",
    table: s.creditNotes,
    row: { number: "AV2026-000001", customerId: 1, orderId: 1, amountTtc: "12.00", remainingTtc: "12.00", cancellation: true },
    bad: { orderId: null },
    code: CHECK,
    constraint: "credit_notes_cancellation_ck",
  },
  {
    name: "unknown quotation status",
    table: s.quotations,
    row: { number: "DV2026-000001", customerId: 1, lines: [], totalHt: "0.00", totalTtc: "0.00" },
    bad: { status: "signed" },
    code: CHECK,
    constraint: "quotations_status_ck",
  },
  {
    name: "coupon used beyond its limit",
    table: s.coupons,
    row: { code: "C-1", value: "0.0500", maxUses: 2, uses: 2 },
    bad: { uses: 3 },
    code: CHECK,
    constraint: "coupons_uses_ck",
  },
  {
    name: "coupon limited to no use per customer",
    table: s.coupons,
    row: { code: "C-P", value: "0.0500", perCustomerUses: 1 },
    bad: { perCustomerUses: 0 },
    code: CHECK,
    constraint: "coupons_per_customer_ck",
  },
  {
    name: "coupon with a fraction and an amount",
    table: s.coupons,
    row: { code: "C-1", value: "0.0500" },
    bad: { amount: "5.00" },
    code: CHECK,
    constraint: "coupons_reduction_ck",
  },
  {
    name: "coupon of nothing",
    table: s.coupons,
    row: { code: "C-1", amount: "5.00" },
    bad: { amount: "0.00" },
    code: CHECK,
    constraint: "coupons_reduction_ck",
  },
  // payments
  {
    name: "unknown payment provider",
    table: s.payments,
    row: { orderId: 1, provider: "sandbox", amount: "12.00" },
    bad: { provider: "paypal" },
    code: CHECK,
    constraint: "payments_provider_ck",
  },
  {
    name: "unknown payment status",
    table: s.payments,
    row: { orderId: 1, provider: "sandbox", amount: "12.00" },
    bad: { status: "ok" },
    code: CHECK,
    constraint: "payments_status_ck",
  },
  {
    name: "negative payment",
    table: s.payments,
    row: { orderId: 1, provider: "sandbox", amount: "12.00" },
    bad: { amount: "-12.00" },
    code: CHECK,
    constraint: "payments_amount_ck",
  },
  {
    name: "lower-case currency",
    table: s.payments,
    row: { orderId: 1, provider: "sandbox", amount: "12.00" },
    bad: { currency: "eur" },
    code: CHECK,
    constraint: "payments_currency_ck",
  },
  {
    name: "succeeded payment without a time",
    table: s.payments,
    row: { orderId: 1, provider: "sandbox", amount: "12.00", status: "succeeded", paidAt: new Date() },
    bad: { paidAt: null },
    code: CHECK,
    constraint: "payments_paid_at_ck",
  },
  {
    name: "payment of a missing order",
    table: s.payments,
    row: { orderId: 1, provider: "sandbox", amount: "12.00" },
    bad: { orderId: 999 },
    code: FOREIGN_KEY,
    constraint: "payments_order_id_orders_id_fk",
  },
  // refunds the shop decided (migration 0037, decision 136)
  {
    name: "unknown refund status",
    table: s.refunds,
    row: { paymentId: 1, amount: "12.00" },
    bad: { status: "done" },
    code: CHECK,
    constraint: "refunds_status_ck",
  },
  {
    name: "refund of nothing",
    table: s.refunds,
    row: { paymentId: 1, amount: "12.00" },
    bad: { amount: "0.00" },
    code: CHECK,
    constraint: "refunds_amount_ck",
  },
  {
    name: "refund done without the provider's reference",
    table: s.refunds,
    row: { paymentId: 1, amount: "12.00", status: "succeeded", refundRef: "re_1", refundedAt: new Date() },
    bad: { refundRef: null },
    code: CHECK,
    constraint: "refunds_done_ck",
  },
  {
    name: "refund of a missing payment",
    table: s.refunds,
    row: { paymentId: 1, amount: "12.00" },
    bad: { paymentId: 999 },
    code: FOREIGN_KEY,
    constraint: "refunds_payment_id_payments_id_fk",
  },
  {
    name: "unknown attempt outcome",
    table: s.paymentAttempts,
    row: { paymentId: 1 },
    bad: { outcome: "maybe" },
    code: CHECK,
    constraint: "payment_attempts_outcome_ck",
  },
  {
    name: "unknown event provider",
    table: s.providerEvents,
    row: { provider: "stripe", eventId: "evt_x", type: "payment_intent.succeeded", payload: {} },
    bad: { provider: "paypal" },
    code: CHECK,
    constraint: "provider_events_provider_ck",
  },
  {
    name: "unknown idempotency status",
    table: s.idempotencyKeys,
    row: { customerId: 1, scope: "order.place", key: "k-x", requestHash: "h" },
    bad: { status: "failed" },
    code: CHECK,
    constraint: "idempotency_keys_status_ck",
  },
  {
    name: "done key without its response",
    table: s.idempotencyKeys,
    row: { customerId: 1, scope: "order.place", key: "k-x", requestHash: "h", status: "done", response: { id: 1 } },
    bad: { response: null },
    code: CHECK,
    constraint: "idempotency_keys_done_ck",
  },
  {
    name: "empty idempotency key",
    table: s.idempotencyKeys,
    row: { customerId: 1, scope: "order.place", key: "k-x", requestHash: "h" },
    bad: { key: "" },
    code: CHECK,
    constraint: "idempotency_keys_key_ck",
  },
  // sequences
  {
    name: "unknown sequence kind",
    table: s.numberSequences,
    row: { kind: "order", year: 2030 },
    bad: { kind: "delivery" },
    code: CHECK,
    constraint: "number_sequences_kind_ck",
  },
  {
    name: "negative sequence value",
    table: s.numberSequences,
    row: { kind: "order", year: 2030 },
    bad: { lastValue: -1 },
    code: CHECK,
    constraint: "number_sequences_last_value_ck",
  },
];

// restrict: money and history (orders, invoices, credit notes, payments, the shop of an order, the category tree);
// cascade: rows a customer, product, cart or payment owns; set null: drafts and links that may outlive their target.
const ON_DELETE: Record<string, string> = {
  "categories.parent_id": "restrict",
  "products.category_id": "restrict",
  "category_translations.category_id": "cascade",
  "product_translations.product_id": "cascade",
  "model_translations.model_id": "cascade",
  "models.product_id": "cascade",
  "promotions.model_id": "cascade",
  "price_history.model_id": "cascade",
  "related_products.product_id": "cascade",
  "related_products.related_id": "cascade",
  "shop_translations.shop_id": "cascade",
  "content_page_translations.page_id": "cascade",
  "sessions.customer_id": "cascade",
  "password_resets.customer_id": "cascade",
  "addresses.customer_id": "cascade",
  "address_combinations.customer_id": "cascade",
  "address_combinations.delivery_addr_id": "cascade",
  "address_combinations.invoice_addr_id": "cascade",
  "receipt_arrangements.customer_id": "cascade",
  "wishlists.customer_id": "cascade",
  "wishlists.model_id": "cascade",
  "coupons.customer_id": "cascade",
  "coupon_customers.coupon_id": "cascade",
  "coupon_customers.customer_id": "cascade",
  // a group's list goes with its group, a model or a category; a customer of a deleted group has no group
  "price_group_models.group_id": "cascade",
  "price_group_models.model_id": "cascade",
  "price_group_categories.group_id": "cascade",
  "price_group_categories.category_id": "cascade",
  "customers.price_group_id": "set null",
  "questions.customer_id": "cascade",
  "questions.order_id": "set null",
  "idempotency_keys.customer_id": "cascade",
  "carts.customer_id": "cascade",
  "carts.coupon_id": "set null",
  "carts.delivery_addr_id": "set null",
  "carts.invoice_addr_id": "set null",
  "carts.shop_id": "set null",
  "cart_lines.cart_id": "cascade",
  "cart_lines.model_id": "cascade",
  "orders.customer_id": "restrict",
  "orders.shop_id": "restrict",
  "orders.coupon_id": "set null",
  "sandbox_sessions.payment_id": "cascade",
  "sandbox_refunds.token": "cascade",
  "order_lines.order_id": "cascade",
  "order_lines.model_id": "set null",
  "invoices.order_id": "restrict",
  "invoices.customer_id": "restrict",
  "credit_notes.customer_id": "restrict",
  "credit_notes.order_id": "restrict",
  "credit_notes.return_id": "restrict", // migration 0017 (decision 085)
  "quotations.customer_id": "restrict",
  "quotations.order_id": "set null", // migration 0013 (decision 080)
  "quotations.created_by": "restrict", // migration 0053 (decision 148)
  "cart_lines.quotation_id": "set null", // migration 0013
  "payments.order_id": "restrict",
  "payment_attempts.payment_id": "cascade",
  "refunds.payment_id": "restrict", // migration 0037 (decision 136)
  "refunds.staff_id": "restrict",
  "freight_pallet_rates.zone_code": "cascade",
  "freight_zone_departments.zone_code": "cascade",
  "delivery_capacities.zone_code": "cascade", // migration 0039 (decision 138)
  "delivery_capacity_days.zone_code": "cascade",
  "known_devices.customer_id": "cascade",
  "session_agents.session_id": "cascade", // migration 0009
  "staff_recovery_codes.staff_id": "cascade",
  "staff_sessions.staff_id": "cascade",
  "staff_invites.staff_id": "cascade",
  "staff_invites.created_by": "set null",
  "audit_log.staff_id": "restrict",
  "order_events.order_id": "cascade",
  "order_events.staff_id": "restrict",
  "order_notes.order_id": "cascade",
  "order_notes.staff_id": "restrict",
  "jobs.staff_id": "restrict",
  "catalogue_imports.staff_id": "restrict", // migration 0052
  "catalogue_imports.job_id": "set null",
  "catalogue_import_lines.import_id": "cascade",
  "catalogue_import_lines.model_id": "set null",
  "catalogue_import_presets.staff_id": "restrict",
  "credit_note_uses.order_id": "restrict", // migration 0012 (decision 079)
  "credit_note_uses.credit_note_id": "restrict",
  "attachments.customer_id": "cascade", // migration 0016
  "attachments.question_id": "cascade",
  "attachments.staff_id": "restrict", // migration 0051
  "questions.answered_by": "restrict",
  "questions.assigned_to": "restrict",
  "question_notes.question_id": "cascade",
  "question_notes.staff_id": "restrict",
  // migration 0015 (decision 082)
  "return_requests.order_id": "restrict",
  "return_requests.customer_id": "restrict",
  "return_requests.refund_id": "restrict", // migration 0047 (decision 141)
  "return_lines.return_id": "cascade",
  "return_lines.order_line_id": "restrict",
  "notifications.customer_id": "cascade",
  "notifications.order_id": "set null",
};

describe.each(testDbKinds())("schema constraints (%s)", (kind) => {
  let d: Database;

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    const { db } = d;
    await db.insert(s.categories).values([
      { id: 1, level: 0 },
      { id: 2, parentId: 1, level: 1 },
    ]);
    await db.insert(s.products).values({ id: 1, categoryId: 2, reference: "P-1" });
    await db.insert(s.models).values(model);
    await db.insert(s.customers).values([
      { id: 1, clientNumber: "C1", title: "M", firstName: "Jean", lastName: "Dupont", email: "a@b.fr", passwordHash: "x" },
      { id: 2, clientNumber: "C2B", title: "Mme", firstName: "Claire", lastName: "Martin", email: "c@d.fr", passwordHash: "x" },
    ]);
    await db.insert(s.shops).values({ id: 1, code: "S1", phone: "0100000000", hours: [] });
    await db.insert(s.orders).values(order);
    // serial ids from here on (cases insert more rows of these tables)
    await db.insert(s.carts).values({ customerId: 1 });
    await db.insert(s.payments).values({ orderId: 1, provider: "sandbox", amount: "12.00" });
  });
  afterAll(async () => {
    await d?.close();
  });

  /** Inserts the row and rolls back: the fixture stays as it is for the next case. */
  async function accepts(table: PgTable, row: Record<string, unknown>) {
    await expect(
      d.db.transaction(async (tx) => {
        await tx.insert(table).values(row);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  }

  async function refusal(run: () => Promise<unknown>): Promise<Refusal | "accepted"> {
    try {
      await run();
      return "accepted";
    } catch (e) {
      const r = refusalOf(e);
      if (!r) throw e;
      return r;
    }
  }

  it.each(CASES.map((c) => [c.name, c] as const))("refuses %s", async (_name, c) => {
    await accepts(c.table, c.row);
    expect(await refusal(() => d.db.insert(c.table).values({ ...c.row, ...c.bad }))).toEqual({ code: c.code, constraint: c.constraint });
  });

  it("refuses an update that would take stock below zero", async () => {
    expect(
      await refusal(() =>
        d.db
          .update(s.models)
          .set({ stock: sql`${s.models.stock} - 11` })
          .where(eq(s.models.id, 1)),
      ),
    ).toEqual({ code: CHECK, constraint: "models_stock_ck" });
    expect((await d.db.select({ stock: s.models.stock }).from(s.models).where(eq(s.models.id, 1)))[0].stock).toBe(10);
  });

  it("has a foreign key on every reference column", async () => {
    const dangling = await query<{ col: string }>(
      d.db,
      sql`
      select c.table_name || '.' || c.column_name as col from information_schema.columns c
      where c.table_schema = 'public' and c.column_name like '%\_id' and c.data_type in ('integer', 'bigint')
        and not exists (select 1 from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
          where k.contype = 'f' and k.conrelid = (quote_ident(c.table_name))::regclass and a.attname = c.column_name)
      order by 1`,
    );
    expect(dangling).toEqual([]);
  });

  it("says for every foreign key what a delete does", async () => {
    const keys = await query<{ col: string; on_delete: string }>(
      d.db,
      sql`
      select k.conrelid::regclass::text || '.' || a.attname as col,
        case k.confdeltype when 'r' then 'restrict' when 'c' then 'cascade' when 'n' then 'set null' else 'no action' end as on_delete
      from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      where k.contype = 'f' and k.conrelid::regclass::text not like 'search\_%' order by 1`,
    );
    expect(Object.fromEntries(keys.map((k) => [k.col, k.on_delete]))).toEqual(ON_DELETE);
  });

  it("records a provider event once: the same event id again conflicts, another provider's does not", async () => {
    const event = { provider: "stripe", eventId: "evt_1", type: "payment_intent.succeeded", payload: { id: "evt_1" } };
    await d.db.insert(s.providerEvents).values(event);
    expect(await refusal(() => d.db.insert(s.providerEvents).values(event))).toEqual({
      code: UNIQUE,
      constraint: "provider_events_event_uq",
    });
    const skipped = await d.db.insert(s.providerEvents).values(event).onConflictDoNothing().returning();
    expect(skipped).toEqual([]);
    await d.db.insert(s.providerEvents).values({ ...event, provider: "sandbox" });
    expect(await query<{ n: number }>(d.db, sql`select count(*)::int as n from provider_events where event_id = 'evt_1'`)).toEqual([
      { n: 2 },
    ]);
  });

  it("keeps one provider reference per provider", async () => {
    await d.db.insert(s.payments).values({ orderId: 1, provider: "stripe", providerRef: "pi_1", amount: "12.00" });
    expect(
      await refusal(() => d.db.insert(s.payments).values({ orderId: 1, provider: "stripe", providerRef: "pi_1", amount: "12.00" })),
    ).toEqual({ code: UNIQUE, constraint: "payments_provider_ref_uq" });
    // not yet known: several payments may wait for their reference
    await d.db.insert(s.payments).values([
      { orderId: 1, provider: "stripe", amount: "12.00" },
      { orderId: 1, provider: "stripe", amount: "12.00" },
    ]);
  });

  it("keeps one idempotency key per customer and scope, anonymous callers included", async () => {
    const key = { customerId: 1, scope: "order.place", key: "3f1c9a2e-0000-4000-8000-000000000001", requestHash: "h1" };
    await d.db.insert(s.idempotencyKeys).values(key);
    expect(await refusal(() => d.db.insert(s.idempotencyKeys).values({ ...key, requestHash: "h2" }))).toEqual({
      code: UNIQUE,
      constraint: "idempotency_keys_uq",
    });
    await d.db.insert(s.idempotencyKeys).values([
      { ...key, customerId: 2 },
      { ...key, scope: "payment.start" },
    ]);
    await d.db.insert(s.idempotencyKeys).values({ ...key, customerId: null });
    expect(await refusal(() => d.db.insert(s.idempotencyKeys).values({ ...key, customerId: null }))).toEqual({
      code: UNIQUE,
      constraint: "idempotency_keys_uq",
    });
  });

  it("deletes deliberately: history is restricted, owned rows cascade, drafts let go", async () => {
    const { db } = d;
    await db
      .insert(s.invoices)
      .values({ id: 1, number: "FA2026-000009", orderId: 1, customerId: 1, amountHt: "10.00", amountTtc: "12.00", contents });
    // an order with an invoice or a payment, a customer with orders, a category with children: refused
    expect(await refusal(() => db.delete(s.orders).where(eq(s.orders.id, 1)))).toEqual(restricted());
    expect(await refusal(() => db.delete(s.customers).where(eq(s.customers.id, 1)))).toEqual(restricted());
    expect(await refusal(() => db.delete(s.categories).where(eq(s.categories.id, 1)))).toEqual(
      restricted("categories_parent_id_categories_id_fk"),
    );
    // a shop chosen in a cart: the cart forgets it; a shop of a past order: refused
    await db.insert(s.shops).values({ id: 2, code: "S2", phone: "0100000001", hours: [] });
    await db.update(s.carts).set({ pickupMethod: 2, shopId: 2 }).where(eq(s.carts.id, 1));
    await db.delete(s.shops).where(eq(s.shops.id, 2));
    expect((await db.select({ shopId: s.carts.shopId }).from(s.carts).where(eq(s.carts.id, 1)))[0].shopId).toBeNull();
    await db.insert(s.orders).values({ ...order, id: 3, number: "CE2026-000003", pickupMethod: 2, shopId: 1 });
    expect(await refusal(() => db.delete(s.shops).where(eq(s.shops.id, 1)))).toEqual(restricted("orders_shop_id_shops_id_fk"));
    // a question keeps its text when its order goes; a payment's attempts go with it
    await db.insert(s.questions).values({ id: 1, customerId: 1, orderId: 3, type: "livraison", content: "?" });
    await db.insert(s.payments).values({ id: 50, orderId: 3, provider: "sandbox", amount: "12.00" });
    await db.insert(s.paymentAttempts).values({ paymentId: 50, outcome: "failed", errorKey: "payment.declined" });
    expect(await refusal(() => db.delete(s.orders).where(eq(s.orders.id, 3)))).toEqual(restricted("payments_order_id_orders_id_fk"));
    await db.delete(s.payments).where(eq(s.payments.id, 50));
    expect(await query(db, sql`select id from payment_attempts where payment_id = 50`)).toEqual([]);
    await db.delete(s.orders).where(eq(s.orders.id, 3));
    expect(await query(db, sql`select order_id from questions where id = 1`)).toEqual([{ order_id: null }]);
  });
});
