// The contracts of the orders calls (core/contracts/contract.ts): placing the cart as an order, and the caller's
// orders (list, detail, tracking, order again).
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { addressAnswer, listPage, vatRowAnswer } from "./shared.ts";
import { createOrderSchema } from "../validation/cart.ts";
import { orderDetailSchema, orderListSchema, reorderSchema } from "../validation/orders.ts";
import type { StateLabel } from "../order-states.ts";
import type { Acceptance } from "../legal.ts";

/** The order as placed (POST /site/Sale/createOrder), and as a retry with the same key gets it again. */
const placedOrderAnswer = z.object({
  id: z.number(),
  number: z.string(),
  status: z.string().describe("unpaid, or processing when the credit notes paid it all or it was placed on account."),
  total_ht: z.string().describe("The cart's grandTotalHt when placed (total_tva and total_ttc: its grandTotalTva and grandTotal)."),
  total_tva: z.string(),
  total_ttc: z.string(),
  freight_ht: z.string().describe("Freight, toll and appointment charged HT, net of the freight discount."),
  freight_tva: z.string(),
  discount_amount: z.string().describe("The coupon (≥ 0)."),
  pickup_method: z.number(),
  lines: z.number().describe("How many lines."),
  created_at: z.string(),
  credit_used: z.string().describe('Credit-note balance spent on this order (decision 079); "0.00" without use_credit.'),
  amount_due: z.string().describe("What the card payment will charge: total_ttc − credit_used."),
  payment_method: z
    .string()
    .nullable()
    .describe('null while unpaid; "credit_note" when the credit notes paid it all; "on_account" when placed on account.'),
});

/**
 * An address as the order keeps it (a snapshot of the caller's address when it was placed); orders written
 * before the snapshot kept its id and kind have neither.
 */
const orderAddressAnswer = addressAnswer.omit({ is_default: true }).partial({ id: true, kind: true });

/** An order state as a badge shows it: the catalogue key, its values already formatted, the tone. */
const stateLabelAnswer = z.object({
  key: z.string(),
  values: z.record(z.string(), z.string()),
  tone: z.enum(["warning", "info", "success", "danger", "neutral"]),
}) satisfies z.ZodType<StateLabel>;

/** An order in a list (history, tracking). */
const orderSummaryAnswer = z.object({
  id: z.number(),
  number: z.string(),
  created_at: z.string().describe("ISO 8601 UTC."),
  status: z.string().describe("unpaid, processing, planned, shipped, delivered or cancelled."),
  state: stateLabelAnswer,
  status_text: z
    .string()
    .describe('The state label in the request\'s language ("En attente de paiement", "Livraison planifiée le 26/11/2026"…).'),
  total_ht: z.string(),
  total_ttc: z.string(),
  credit_used: z.string().describe('Credit-note balance spent on the order (decision 079); "0.00" without.'),
  amount_due: z.string().describe("What the card pays: total_ttc − credit_used."),
  lines_count: z.number(),
  pickup_method: z.number(),
  delivery_mode: z
    .string()
    .nullable()
    .describe("parcel, pallet, carrier or pickup (decision 071); null for orders written before the column."),
  planned_delivery_date: z.string().nullable().describe("YYYY-MM-DD."),
});

/** An order line as the order keeps it (a snapshot of the model when it was placed). */
const orderLineAnswer = z.object({
  id: z.number(),
  model_id: z.number().nullable().describe("null once the model is deleted from the catalogue."),
  reference: z.string(),
  designation: z.string(),
  unit: z.string(),
  price: z.string(),
  num: z.number(),
  tva: z.string(),
  remise: z.string(),
  line_ht: z.string(),
  gifted_units: z.number().describe("Units offered by the line's promotion on top of `num`, never priced (0 for none)."),
});

const orderTotalsAnswer = z.object({
  goods_ht: z.string(),
  discount_amount: z.string(),
  freight_ht: z.string().describe("Freight, toll and appointment charged HT, net of the freight discount (what total HT counts)."),
  freight_tva: z.string(),
  freight_discount_ht: z
    .string()
    .describe("The freight discount of SPEC §9 taken off the freight (≥ 0; 0 for orders without, or older than the column)."),
  total_ht: z.string(),
  vat: z.array(vatRowAnswer).describe("VAT by rate: the coupon shared over the goods bases, the freight at its own rate."),
  total_tva: z.string(),
  total_ttc: z.string(),
});

const trackingStepAnswer = z.object({
  key: z.enum(["placed", "paid", "planned", "prepared", "shipped", "picked_up", "delivered", "cancelled"]),
  done: z.boolean(),
  date: z.string().nullable(),
});

const orderDetailAnswer = orderSummaryAnswer.extend({
  lines: z.array(orderLineAnswer),
  totals: orderTotalsAnswer,
  delivery_address: orderAddressAnswer.nullable().describe("null for pickup."),
  invoice_address: orderAddressAnswer.nullable(),
  shop: z
    .object({ id: z.number(), name: z.string(), address: z.string() })
    .nullable()
    .describe("The shop of a pickup order (pickup_method 2), else null."),
  cancelled_at: z.string().nullable(),
  payment: z
    .object({ method: z.string().nullable(), transaction_id: z.string().nullable(), paid_at: z.string() })
    .nullable()
    .describe("Once paid, else null."),
  note: z.string().nullable(),
  tracking: z
    .array(trackingStepAnswer)
    .describe("placed, paid, planned (with its date), shipped, delivered; a cancelled order shows placed, paid (if it was) and cancelled."),
  can_repay: z.boolean().describe("True while unpaid, or while a balance is due."),
  balance_due: z
    .string()
    .describe("What the customer still owes after staff raised the paid order's total (decision 140); 0.00 otherwise."),
  invoice_number: z.string().nullable().describe("The invoice of a paid order, else null."),
  invoice_url: z.string().nullable().describe("Its French PDF, /documents/invoice/<order id>.pdf (?lang=zh for Chinese), else null."),
  shipped_at: z
    .string()
    .nullable()
    .describe("Handed to the carrier (decision 082); null before, or for orders older than the column (delivered_at likewise)."),
  delivered_at: z.string().nullable(),
  delivery_status: z
    .string()
    .nullable()
    .describe("The planned date's confirmation state (see deliveryList); delivery_reply_by its deadline."),
  delivery_reply_by: z.string().nullable(),
  cgv: z
    .object({ version: z.string(), acceptedAt: z.string() })
    .nullable()
    .describe(
      "The terms of sale accepted with the order: version and time; null when none was recorded.",
    ) satisfies z.ZodType<Acceptance | null>,
});

/** What "order again" put back into the cart and what it could not, line by line with a translated text. */
const reorderAnswer = z.object({
  added: z.array(z.object({ model_id: z.number(), reference: z.string(), num: z.number().describe("Units added by this call.") })),
  messages: z.array(
    z.object({
      model_id: z.number(),
      reference: z.string(),
      key: z.string(),
      vars: z.record(z.string(), z.union([z.string(), z.number()])),
      text: z.string(),
    }),
  ),
});

export const createOrder = defineCall({
  method: "POST",
  path: "/site/Sale/createOrder",
  auth: true,
  input: createOrderSchema,
  output: placedOrderAnswer,
});

export const orderList = defineCall({
  method: "GET",
  path: "/site/Sale/orderList",
  auth: true,
  input: orderListSchema,
  // The page count the pager shows, with the list shape of every list.
  output: listPage(orderSummaryAnswer).extend({ page_count: z.number() }),
});

/** The SPEC §7 spelling of the order detail's path. */
export const orderDetial = defineCall({
  method: "GET",
  path: "/site/Sale/orderDetial",
  auth: true,
  input: orderDetailSchema,
  output: orderDetailAnswer,
});

/** The same detail at its second SPEC §7 path. */
export const getOrder = defineCall({
  method: "GET",
  path: "/site/Index/getOrder",
  auth: true,
  input: orderDetailSchema,
  output: orderDetailAnswer,
});

export const orderTracking = defineCall({
  method: "GET",
  path: "/site/Sale/orderTracking",
  auth: true,
  output: listPage(orderSummaryAnswer.extend({ tracking: z.array(trackingStepAnswer) })),
});

export const reorder = defineCall({
  method: "POST",
  path: "/site/Sale/reorder",
  auth: true,
  input: reorderSchema,
  output: reorderAnswer,
});

export type PlacedOrderAnswer = z.output<typeof placedOrderAnswer>;
export type OrderAddressAnswer = z.output<typeof orderAddressAnswer>;
export type OrderSummaryAnswer = z.output<typeof orderSummaryAnswer>;
export type OrderLineAnswer = z.output<typeof orderLineAnswer>;
export type OrderTotalsAnswer = z.output<typeof orderTotalsAnswer>;
export type TrackingStepAnswer = z.output<typeof trackingStepAnswer>;
export type OrderDetailAnswer = z.output<typeof orderDetailAnswer>;
export type ReorderAnswer = z.output<typeof reorderAnswer>;
