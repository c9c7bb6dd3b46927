// The cart calls (SPEC §7, decisions 070, 113): every answer carries the cart parameters with every total; the
// list, the merge and the removal every line, the add and the edit only the lines they changed with the order
// of all as `cart_models`.
import { z } from "zod";
import { addCartSchema, delCartSchema, editCartSchema, getCartSchema, mergeCartSchema } from "../validation/cart.ts";
import { defineCall } from "./contract.ts";
import { addressAnswer, freightAnswer, numeric, vatRowAnswer } from "./shared.ts";

/** Per-item promotion (SPEC §3 "Promotion info"). */
export const promotionAnswer = z.object({
  type: z.number(),
  value: numeric,
  num: z.number(),
  gifted_units: z.number().nullable().optional(),
});

/** A priced cart line (SPEC §3 cart item, with what the cart shows of its model). */
export const cartLineAnswer = z.object({
  id: z.number(),
  model_id: z.number(),
  num: z.number(),
  price: z.string(),
  site_price: z.string(),
  poids: z.string(),
  volume: z.string(),
  tva: z.string(),
  unit: z.string(),
  non_gls_status: z.union([z.literal(0), z.literal(1)]),
  remise_info: promotionAnswer.nullable(),
  purchasable_qty: z.number(),
  name: z.string(),
  label: z.string(),
  reference: z.string(),
  image: z.string().nullable(),
  url: z.string(),
  stock: z.number(),
  not_for_sale: z.boolean(),
  product_id: z.number(),
  /** Priced at its quotation's price (decision 080). */
  quoted: z.boolean(),
  quotation_id: z.number().nullable(),
  quotation_number: z.string().nullable(),
  /** Line amount excl. tax after the per-item promotion. */
  amount: z.string(),
  /** Units offered with the line by its promotion (decision 086). */
  gifted_units: z.number(),
});

/** The cart's coupon (type 2). */
const discountAnswer = z.object({
  type: z.number(),
  code: z.string(),
  value: z.string().nullable(),
  amount: z.string().nullable(),
  min_amount: z.string(),
});

/** `cart_info`: the cart parameters (SPEC §3) with every total of core's computeCartTotals but its lines. */
export const cartInfoAnswer = z.object({
  id: z.number(),
  delivery_addr_id: z.number().nullable(),
  invoice_addr_id: z.number().nullable(),
  /** 2 = store pickup. */
  pickup_method: z.number(),
  /** The delivery address as the cart holds it. */
  delivery_addr_obj: addressAnswer.omit({ is_default: true }).nullable(),
  extra_options: z.object({ rdv: z.boolean().optional() }),
  discount_info: discountAnswer.nullable(),
  freight: freightAnswer.nullable(),
  shop_id: z.number().nullable(),
  delivery_mode: z.string().nullable(),
  totalAmount: z.string(),
  cartTotalAmount: z.string(),
  totalQuantity: z.number(),
  amount_for_freeDelivery: z.string(),
  totalTva: z.string(),
  remiseAmount: z.string(),
  discountAmount: z.string(),
  freightDiscount_ht: z.string(),
  totalPoids: z.string(),
  totalVolume: z.string(),
  palette_num: z.number(),
  colis_qte: z.number(),
  colis_vol_num: z.number(),
  has_gls_model: z.boolean(),
  freeDeliveryThreshold: z.string(),
  isFreeDelivery: z.boolean(),
  freightHt: z.string(),
  freightTva: z.string(),
  tollHt: z.string(),
  tollTva: z.string(),
  rdvHt: z.string(),
  rdvTva: z.string(),
  appliedFreightDiscountHt: z.string(),
  freightDiscountTva: z.string(),
  freightVatRate: z.string(),
  vat: z.array(vatRowAnswer),
  grandTotalHt: z.string(),
  grandTotalTva: z.string(),
  grandTotal: z.string(),
});

/** What was changed or dropped from a visitor's lines, translated. */
const cartMessageAnswer = z.object({ model_id: z.number(), key: z.string(), info: z.string() });

/** The whole cart. */
export const cartAnswer = z.object({ cart_info: cartInfoAnswer, cart_list: z.array(cartLineAnswer) });

/** An add or an edit: the lines changed, and every line of the cart in order as [model_id, num]. */
const cartChangeAnswer = cartAnswer.extend({ cart_models: z.array(z.tuple([z.number(), z.number()])) });

export const getShoppingCart = defineCall({
  method: "POST",
  path: "/site/Index/getShoppingCart",
  readOnly: true,
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
