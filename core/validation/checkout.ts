// Checkout requests (SPEC §7; decision 071): the delivery-cost query, the saved cart parameters, the coupon
// check and the receiving times. Messages are catalogue keys ("validation.*", "checkout.*").
import { z } from "zod";
import { DELIVERY_MODES } from "../freight-tariff.ts";
import { msg } from "./keys.ts";
import { decimalField, intField, text } from "./common.ts";
import { receivingDaysSchema } from "./receiving.ts";

const invalid = { error: "invalid_body" } as const;
/** A query flag sent as 0/1 (or true/false). */
const flag = z
  .union([z.literal("1"), z.literal("0"), z.literal("true"), z.literal("false"), z.literal(1), z.literal(0), z.boolean()], invalid)
  .transform((v) => v === "1" || v === 1 || v === true || v === "true");
/** An id sent in a query: absent, "" and 0 mean none. */
const optionalId = z
  .union([z.literal(""), intField(invalid, { min: 0 })], invalid)
  .optional()
  .transform((v) => (typeof v === "number" && v > 0 ? v : null));
/** A measure sent by the client (only used when the caller has no server cart). */
const measure = (max: number) =>
  z
    .union([z.literal(""), decimalField(invalid, { min: 0, max })], invalid)
    .optional()
    .transform((v) => (typeof v === "number" ? v : 0));
const count = z
  .union([z.literal(""), intField(invalid, { min: 0, max: 100_000 })], invalid)
  .optional()
  .transform((v) => (typeof v === "number" ? v : 0));

const deliveryModeSchema = z.enum(DELIVERY_MODES, { error: "checkout.mode_required" });

/** GET /site/Sale/getDeliveryExpense (SPEC §7), plus an optional delivery_mode (else the cart's, else the cheapest). */
export const deliveryExpenseSchema = z.object({
  getAll: flag.optional().default(false),
  zip_code: text(invalid).trim().max(10, invalid).optional(),
  volume: measure(1_000_000),
  poids: measure(10_000_000),
  gls_model_status: flag.optional().default(false),
  delivery_addr_id: optionalId,
  invoice_addr_id: optionalId,
  pickup_method: z
    .union([z.literal(""), intField(invalid, { min: 0, max: 2 })], invalid)
    .optional()
    .transform((v): 1 | 2 => (v === 2 ? 2 : 1)),
  colis_qte: count,
  colis_vol_num: count,
  delivery_mode: deliveryModeSchema.optional(),
});
export type DeliveryExpenseQuery = z.output<typeof deliveryExpenseSchema>;

const id = intField(invalid, { digits: false });

/** The choices of POST /site/Sale/cartParams ({infos}); a field left out keeps its saved value. */
export const cartInfosSchema = z.object(
  {
    delivery_addr_id: id.nullable().optional(),
    invoice_addr_id: id.nullable().optional(),
    pickup_method: z.union([z.literal(1), z.literal(2)], msg("delivery_method_required")).optional(),
    delivery_mode: deliveryModeSchema.optional(),
    shop_id: id.nullable().optional(),
    extra_options: z.object({ rdv: z.union([z.boolean(), z.literal(0), z.literal(1)], invalid).optional() }, invalid).optional(),
    /** Coupon code; "" or null removes the coupon. */
    code: text(invalid).trim().max(40, { error: "checkout.coupon_invalid" }).nullable().optional(),
    /** Order note (session key order_note on the client). */
    note: text(invalid, { multiline: true }).max(500, { error: "checkout.note_too_long" }).nullable().optional(),
  },
  invalid,
);
export const cartParamsSchema = z.object({ infos: cartInfosSchema });
export type CartInfos = z.output<typeof cartInfosSchema>;

/** GET /site/Sale/promoCodeVerification?code= */
export const promoCodeSchema = z.object({
  code: text("checkout.coupon_required").trim().min(1, { error: "checkout.coupon_required" }).max(40, { error: "checkout.coupon_invalid" }),
});

/** POST /site/Customer/setReceiptArrangement: receiving slots per weekday and an optional note for the driver. */
export const receiptArrangementSchema = z.object({
  days: receivingDaysSchema,
  note: text(invalid, { multiline: true }).trim().max(500, { error: "checkout.note_too_long" }).nullable().optional(),
});
export type ReceiptArrangementInput = z.output<typeof receiptArrangementSchema>;

const refId = (key: string) => intField(key, { digits: false });

/**
 * POST /site/Customer/orderAddressValidate (decision 085): can this delivery address be delivered? One of the
 * caller's orders (its delivery address and mode), one of their delivery addresses, or both (another address
 * for that order). `delivery_mode` replaces the order's mode; `rdv` asks about the appointment option.
 */
export const orderAddressValidateSchema = z
  .object({
    order_id: refId("checkout.order_invalid").optional(),
    address_id: refId("checkout.address_invalid").optional(),
    delivery_mode: deliveryModeSchema.optional(),
    rdv: z.boolean(invalid).optional().default(false),
  })
  .refine((v) => v.order_id !== undefined || v.address_id !== undefined, { error: "checkout.address_invalid", path: ["address_id"] });
export type OrderAddressValidateInput = z.output<typeof orderAddressValidateSchema>;
