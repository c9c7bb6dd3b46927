// The cart calls (SPEC §7, decisions 070, 113): every answer carries the cart parameters with every total; the
// list, the merge and the removal every line, the add and the edit only the lines they changed with the order
// of all as `cart_models`.
import { z } from "zod";
import { addCartSchema, delCartSchema, editCartSchema, getCartSchema, mergeCartSchema } from "../validation/cart.ts";
import { defineCall } from "./contract.ts";
import { addressAnswer, freightAnswer, numeric, vatRowAnswer } from "./shared.ts";

/** Per-item promotion (SPEC §3 "Promotion info"). */
const promotionAnswer = z.object({
  type: z.number().describe("1: a model promotion."),
  value: numeric.describe("Fraction off the unit price (0.1 = 10 %) once the line holds `num` units."),
  num: z.number().describe("Minimum quantity for the promotion to apply."),
  gifted_units: z.number().nullable().optional().describe("Units offered per whole multiple of `num` bought, on top of the fraction off."),
});

/** A priced cart line (SPEC §3 cart item, with what the cart shows of its model). */
const cartLineAnswer = z.object({
  id: z.number().describe("The cart line's id; 0 on a visitor's cart."),
  model_id: z.number(),
  num: z.number(),
  price: z
    .string()
    .describe("Unit price HT, always from the catalogue (or the quotation, see quoted); a price sent by a client is ignored."),
  site_price: z
    .string()
    .describe("The model's reference price HT: a line priced below it earns the freight discount (freightDiscount_ht)."),
  poids: z.string().describe("Weight per unit, kg."),
  volume: z.string().describe("Volume per unit, m³."),
  tva: z.string().describe("VAT rate as a fraction (0.2000), always today's catalogue rate."),
  unit: z.string(),
  non_gls_status: z.union([z.literal(0), z.literal(1)]).describe("1: the model cannot travel as a GLS parcel."),
  remise_info: promotionAnswer.nullable(),
  purchasable_qty: z
    .number()
    .describe(
      "Ceiling on the line's quantity (0 included); adds and raises above it are refused, and the checkout blocks a line above it.",
    ),
  name: z.string(),
  label: z.string(),
  reference: z.string(),
  image: z.string().nullable(),
  url: z.string(),
  stock: z.number(),
  not_for_sale: z.boolean(),
  product_id: z.number(),
  quoted: z
    .boolean()
    .describe(
      "Priced from its quotation (decision 080): the caller's quotation, usable today, holds this model and the line holds the quoted quantity. Otherwise catalogue prices.",
    ),
  quotation_id: z
    .number()
    .nullable()
    .describe("The quotation the line was loaded from; null once its quantity was changed (edit, add, merge)."),
  quotation_number: z.string().nullable(),
  amount: z.string().describe("Line amount HT after its promotion."),
  gifted_units: z
    .number()
    .describe("Units the promotion offers with the line now: its gifted_units once `num` reaches the minimum, else 0 (decision 086)."),
});

/** The cart's coupon (type 2). */
const discountAnswer = z.object({
  type: z.number(),
  code: z.string(),
  value: z.string().nullable(),
  amount: z.string().nullable(),
  min_amount: z.string(),
});

/**
 * `cart_info`: the cart parameters (SPEC §3) with every total of core's computeCartTotals but its lines. Money:
 * 2-decimal texts, rounded half away from zero line by line.
 */
const cartInfoAnswer = z.object({
  id: z.number().describe("The cart's id; 0 for a visitor."),
  delivery_addr_id: z.number().nullable().describe("The chosen delivery address; null until chosen, or once that address was deleted."),
  invoice_addr_id: z.number().nullable(),
  pickup_method: z.number().describe("1 delivery, 2 store pickup."),
  delivery_addr_obj: addressAnswer.omit({ is_default: true }).nullable().describe("The delivery address as the cart holds it."),
  extra_options: z.object({ rdv: z.boolean().optional().describe("Delivery by appointment requested.") }),
  discount_info: discountAnswer.nullable().describe("The cart's coupon while it is usable, else null."),
  freight: freightAnswer
    .nullable()
    .describe(
      "Quoted now for the cart's mode, delivery zip and measures; null for pickup, while no mode or zip is chosen, or when the saved mode has become impossible.",
    ),
  shop_id: z.number().nullable().describe("The pickup shop."),
  delivery_mode: z.string().nullable().describe("parcel, pallet, carrier or pickup; null until chosen."),
  totalAmount: z.string().describe("Goods HT after the per-line promotions."),
  cartTotalAmount: z.string().describe("Goods HT after the coupon: totalAmount + discountAmount (what minBuyPrice is checked against)."),
  totalQuantity: z.number().describe("Σ num (the cart badge)."),
  amount_for_freeDelivery: z
    .string()
    .describe(
      "Goods HT counted towards free delivery: model-promotion lines count half in the Paris area (parisProvinceZipcode) and while no zip is known.",
    ),
  totalTva: z.string().describe("VAT on the goods after the coupon."),
  remiseAmount: z.string().describe("Taken off by the per-line promotions (≥ 0)."),
  discountAmount: z.string().describe("The coupon (≤ 0); 0.00 while the goods are below its min_amount."),
  freightDiscount_ht: z.string().describe("Freight discount HT (≤ 0): Σ min(0, price − site_price) × num × freight.discount_rate."),
  totalPoids: z.string().describe("kg, 3 decimals."),
  totalVolume: z.string().describe("m³, 6 decimals."),
  palette_num: z.number().describe("Pallets (≥ 1, SPEC §9)."),
  colis_qte: z.number().describe("Parcels (SPEC §9)."),
  colis_vol_num: z.number().describe("Large parcels (SPEC §9)."),
  has_gls_model: z.boolean().describe("A line has non_gls_status 1: the cart cannot travel as GLS parcels."),
  freeDeliveryThreshold: z.string().describe("The threshold picked from freight.freeDeliveryAmount for palette_num (0.00 when none)."),
  isFreeDelivery: z
    .boolean()
    .describe("Always for a visitor and for pickup; otherwise when amount_for_freeDelivery reaches a threshold above 0."),
  freightHt: z.string().describe("Freight charged HT: 0 when delivery is free."),
  freightTva: z.string(),
  tollHt: z.string().describe("Toll charged HT: 0 when delivery is free."),
  tollTva: z.string(),
  rdvHt: z.string().describe("Appointment charged HT, when chosen and allowed for the zip; charged even when delivery is free."),
  rdvTva: z.string(),
  appliedFreightDiscountHt: z
    .string()
    .describe("The freight discount actually deducted: freightDiscount_ht, never more than freightHt (≤ 0)."),
  freightDiscountTva: z.string(),
  freightVatRate: z.string().describe("The rate of the freight, toll, appointment and freight discount (freight.general_tva, 4 decimals)."),
  vat: z.array(vatRowAnswer).describe("VAT by rate of goods and charges; the rows' VAT adds up to grandTotalTva."),
  grandTotalHt: z
    .string()
    .describe("What an order placed now would cost HT: cartTotalAmount + freight + toll + appointment + applied freight discount."),
  grandTotalTva: z.string(),
  grandTotal: z.string().describe("TTC: grandTotalHt + grandTotalTva."),
});

/** What was changed or dropped from a visitor's lines, translated. */
const cartMessageAnswer = z.object({
  model_id: z.number(),
  key: z.string().describe("api.cart_merge_reduced, api.cart_merge_dropped_unavailable, _stock or _limit."),
  info: z.string(),
});

/** The whole cart. */
export const cartAnswer = z.object({ cart_info: cartInfoAnswer, cart_list: z.array(cartLineAnswer) });

/** An add or an edit: the lines changed, and every line of the cart in order as [model_id, num]. */
const cartChangeAnswer = cartAnswer.extend({
  cart_list: z
    .array(cartLineAnswer)
    .describe("Only the lines the call changed (the models added; the edited line, none when it was removed)."),
  cart_models: z
    .array(z.tuple([z.number(), z.number()]))
    .describe(
      "Every line of the cart in order as [model_id, num]: a line the client holds that is missing or differs means the cart changed elsewhere.",
    ),
});

export const getShoppingCart = defineCall({
  method: "POST",
  path: "/site/Index/getShoppingCart",
  input: getCartSchema,
  // a visitor's cart also says which of their lines were left out
  output: cartAnswer.extend({ messages: z.array(cartMessageAnswer).optional() }),
});

export const addShoppingCart = defineCall({
  method: "POST",
  path: "/site/Customer/addShoppingCart",
  auth: true,
  input: addCartSchema,
  output: cartChangeAnswer,
});

export const editShoppingCart = defineCall({
  method: "POST",
  path: "/site/Customer/editShoppingCart",
  auth: true,
  input: editCartSchema,
  output: cartChangeAnswer,
});

export const delShoppingCart = defineCall({
  method: "POST",
  path: "/site/Customer/delShoppingCart",
  auth: true,
  input: delCartSchema,
  output: cartAnswer,
});

export const mergeShoppingCart = defineCall({
  method: "POST",
  path: "/site/Customer/mergeShoppingCart",
  auth: true,
  input: mergeCartSchema,
  output: cartAnswer.extend({ messages: z.array(cartMessageAnswer) }),
});

export type CartLineAnswer = z.output<typeof cartLineAnswer>;
export type CartInfoAnswer = z.output<typeof cartInfoAnswer>;
export type CartAnswer = z.output<typeof cartAnswer>;
export type CartChangeAnswer = z.output<typeof cartChangeAnswer>;
