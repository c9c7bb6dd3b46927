// The contracts of the checkout calls (core/contracts/contract.ts).
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { addressAnswer, freightAnswer, listPage, numeric } from "./shared.ts";
import { DELIVERY_MODES } from "../freight-tariff.ts";
import {
  cartParamsSchema,
  deliveryExpenseSchema,
  orderAddressValidateSchema,
  promoCodeSchema,
  receiptArrangementSchema,
} from "../validation/checkout.ts";

const deliveryMode = z.enum(DELIVERY_MODES);

/** A coupon as its customer sees it (type 2 = discount coupon, SPEC §3). */
const couponAnswer = z.object({
  id: z.number(),
  code: z.string(),
  type: z.literal(2),
  value: z.string().nullable().describe("A fraction off the goods HT (0.05), or null."),
  amount: z.string().nullable().describe("Or a fixed amount HT off the goods."),
  min_amount: z.string().describe("Goods HT after per-item promotions the cart must reach for the coupon to take anything off."),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  max_uses: z.number().describe("Its uses in all, or, for a coupon limited per customer, the caller's limit."),
  uses: z.number().describe("Uses counted in all, or the caller's orders with it for a coupon limited per customer."),
  used: z.boolean().describe("No use left (in all, or for the caller)."),
  valid: z.boolean().describe("Usable now: within its period, with a use left."),
});

/** One weekday (1 = Monday … 7 = Sunday) with its morning and afternoon receiving slots. */
const receivingDayAnswer = z.object({
  weekday: z.number().describe("1 = Monday … 7 = Sunday."),
  morning: z.boolean(),
  afternoon: z.boolean(),
});

/** The delivery receiving times; none saved yet: no day, no note, no date. */
const receiptArrangementAnswer = z.object({
  days: z.array(receivingDayAnswer).describe("Sorted by weekday; saving replaces the whole list."),
  note: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/** The checkout choices saved on the caller's cart (SPEC §3 "Cart parameters"); id 0: no cart yet. */
const cartParamsAnswer = z.object({
  id: z.number().describe("The cart's id; 0 when the caller has no cart yet."),
  delivery_addr_id: z.number().nullable(),
  invoice_addr_id: z.number().nullable(),
  pickup_method: z.number().describe("1 delivery, 2 store pickup."),
  delivery_mode: deliveryMode.nullable().describe("pickup exactly when pickup_method is 2; null until chosen."),
  shop_id: z.number().nullable().describe("The pickup shop."),
  extra_options: z.object({ rdv: z.boolean().describe("Delivery by appointment, for the mode it was saved with.") }),
  delivery_addr_obj: addressAnswer
    .omit({ is_default: true })
    .nullable()
    .describe("The saved delivery address while it is still the caller's."),
  discount_info: z
    .object({ type: z.literal(2), code: z.string(), value: z.string().nullable(), amount: z.string().nullable(), min_amount: z.string() })
    .nullable(),
  note: z.string().nullable(),
  freight: freightAnswer
    .nullable()
    .describe("The freight saved with the choices; null for a pickup. Never used for money: the cart and the order quote again."),
});

/** A delivery mode for the cart and the saved address: its freight, or why it is impossible (key and translated text). */
const deliveryModeAnswer = z.object({
  mode: deliveryMode,
  label: z.string(),
  available: z.boolean(),
  reason_key: z.string().nullable(),
  reason: z.string().nullable().describe("Why the mode is impossible, translated; null when available."),
  freight: freightAnswer.nullable(),
  rdv: z.object({ available: z.boolean(), reason: z.string().nullable(), amount: numeric.nullable().optional() }),
});

/** A store, as the checkout offers it for pickup (core/site.ts Shop: hours per weekday, null when closed). */
const shopAnswer = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  hours: z.array(z.object({ open: z.string(), close: z.string() }).nullable()),
});

export const getDeliveryExpense = defineCall({
  method: "GET",
  path: "/site/Sale/getDeliveryExpense",
  auth: true,
  input: deliveryExpenseSchema,
  output: z.object({
    freight: freightAnswer.describe(
      "The quote for delivery_mode; {} (nothing quoted) for pickup, without delivery_addr_id, or for an address without zip.",
    ),
    delivery_mode: deliveryMode
      .nullable()
      .describe(
        "The mode quoted: the one asked, else the cart's saved shipped mode, else the cheapest possible (freight + toll); pickup for pickup_method 2; null without delivery address or zip.",
      ),
  }),
});

export const cartParams = defineCall({
  method: "POST",
  path: "/site/Sale/cartParams",
  auth: true,
  input: cartParamsSchema,
  output: cartParamsAnswer,
});

export const preOrderInfo = defineCall({
  method: "GET",
  path: "/site/Index/preOrderInfo",
  auth: true,
  output: z.object({
    addresses: z.array(addressAnswer).describe("The caller's delivery addresses."),
    invoice_addresses: z.array(addressAnswer),
    combinations: z.array(z.object({ id: z.number(), delivery_addr_id: z.number(), invoice_addr_id: z.number() })),
    shops: z.array(shopAnswer),
    cart_params: cartParamsAnswer,
    receipt_arrangement: receiptArrangementAnswer,
    minBuyPrice: numeric.nullable(),
    freeDeliverPrice: numeric.nullable(),
    freeDeliveryAmount: z.union([numeric, z.array(numeric)]).nullable(),
    has_lines: z.boolean().describe("Whether the cart has lines (the modes are judged on its measures)."),
    delivery_modes: z.array(deliveryModeAnswer).describe("The four modes for the saved delivery address and the cart's lines."),
    credit_balance: z
      .string()
      .describe('The caller\'s credit-note balance TTC (Σ remaining_ttc; "0.00" without), which createOrder may spend with use_credit.'),
    on_account: z
      .object({
        days: z.number().describe("The term: the invoice is due this many days after it is issued."),
        available: z.string().describe("What the caller may still order on account, TTC (limit − outstanding, ≥ 0)."),
      })
      .nullable()
      .describe("Payment on account when staff allowed it for the caller (createOrder on_account), else null."),
  }),
});

export const promoCodeVerification = defineCall({
  method: "GET",
  path: "/site/Sale/promoCodeVerification",
  auth: true,
  input: promoCodeSchema,
  output: couponAnswer,
});

export const couponList = defineCall({
  method: "GET",
  path: "/site/Customer/couponList",
  auth: true,
  output: listPage(couponAnswer),
});

export const setReceiptArrangement = defineCall({
  method: "POST",
  path: "/site/Customer/setReceiptArrangement",
  auth: true,
  input: receiptArrangementSchema,
  output: receiptArrangementAnswer,
});

export const getReceiptArrangement = defineCall({
  method: "GET",
  path: "/site/Customer/getReceiptArrangement",
  auth: true,
  output: receiptArrangementAnswer,
});

export const orderAddressValidate = defineCall({
  method: "POST",
  path: "/site/Customer/orderAddressValidate",
  auth: true,
  input: orderAddressValidateSchema,
  output: z.object({
    valid: z.boolean(),
    zip_code: z.string().nullable(),
    delivery_mode: deliveryMode.nullable(),
    problems: z.array(
      z.object({
        field: z.enum(["country", "zip_code", "delivery_mode", "rdv", "receiving_days"]),
        key: z.string(),
        message: z.string(),
      }),
    ),
  }),
});

export type CouponAnswer = z.output<typeof couponAnswer>;
export type ReceiptArrangementAnswer = z.output<typeof receiptArrangementAnswer>;
export type CartParamsAnswer = z.output<typeof cartParamsAnswer>;
export type DeliveryModeAnswer = z.output<typeof deliveryModeAnswer>;
