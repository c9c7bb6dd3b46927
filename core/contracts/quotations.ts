// The contracts of the quotations calls (core/contracts/contract.ts). Amounts are decimal texts.
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { listPage } from "./shared.ts";
import { QUOTATION_STATES } from "../quotations.ts";
import { cancelQuotationSchema, createQuotationSchema, quotationRefSchema, quotationToCartSchema } from "../validation/quotations.ts";
import { cartAnswer } from "./cart.ts";

const quotationHead = {
  id: z.number(),
  number: z.string(),
  created_at: z.string(),
  /** The last valid day, "YYYY-MM-DD". */
  valid_until: z.string().nullable(),
  state: z.enum(QUOTATION_STATES),
  state_text: z.string(),
  /** Open or loaded into the cart, within its validity: it can go back into the cart or be cancelled. */
  usable: z.boolean(),
  total_ht: z.string(),
  total_tva: z.string(),
  total_ttc: z.string(),
};

/** A quotation in the list: `lines` is its count of lines. */
export const quotationSummaryAnswer = z.object({ ...quotationHead, lines: z.number() });

/** A quoted line: unit price, quantity, the promotion taken off, the line amount. */
export const quotationLineAnswer = z.object({
  model_id: z.number(),
  reference: z.string(),
  designation: z.string(),
  unit: z.string().nullable(),
  price: z.string(),
  num: z.number(),
  tva: z.string(),
  remise: z.string(),
  amount: z.string(),
  /** Units the quoted promotion offers on top of `num` (core/cart/promotion.ts), never priced. */
  gifted_units: z.number(),
});

/** A quotation with its lines and the order that used it. */
export const quotationDetailAnswer = z.object({ ...quotationHead, lines: z.array(quotationLineAnswer), order_id: z.number().nullable() });

export const createQuotation = defineCall({
  method: "POST",
  path: "/site/Customer/createQuotation",
  auth: true,
  input: createQuotationSchema,
  output: quotationDetailAnswer,
});

export const quotationList = defineCall({
  method: "GET",
  path: "/site/Customer/quotationList",
  auth: true,
  output: listPage(quotationSummaryAnswer),
});

export const quotationDetail = defineCall({
  method: "GET",
  path: "/site/Customer/quotationDetail",
  auth: true,
  input: quotationRefSchema,
  output: quotationDetailAnswer,
});

export const cancelQuotation = defineCall({
  method: "POST",
  path: "/site/Customer/cancelQuotation",
  auth: true,
  input: cancelQuotationSchema,
  output: quotationDetailAnswer,
});

export type QuotationSummaryAnswer = z.output<typeof quotationSummaryAnswer>;
export type QuotationLineAnswer = z.output<typeof quotationLineAnswer>;
export type QuotationDetailAnswer = z.output<typeof quotationDetailAnswer>;

/** A valid quotation back into the cart: answers the whole cart, its lines at the quoted prices. */
export const quotationToCart = defineCall({
  method: "POST",
  path: "/site/Customer/quotationToCart",
  auth: true,
  input: quotationToCartSchema,
  output: cartAnswer,
});
