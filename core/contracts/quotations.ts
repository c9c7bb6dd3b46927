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
  valid_until: z
    .string()
    .nullable()
    .describe(
      "The last day it may be used, YYYY-MM-DD in the shop's calendar (Europe/Paris): the day of creation + the site config's quotationValidityDays (1–365, else 30); expired from the next day.",
    ),
  state: z.enum(QUOTATION_STATES).describe("accepted: loaded into the cart; derived when read (expired past valid_until)."),
  state_text: z.string().describe('Its label ("En cours", "Dans le panier", "Commandé", "Expiré", "Annulé").'),
  usable: z.boolean().describe("Open or accepted, within its validity: it can go back into the cart or be cancelled."),
  total_ht: z.string(),
  total_tva: z.string(),
  total_ttc: z.string(),
};

/** A quotation in the list: `lines` is its count of lines. */
const quotationSummaryAnswer = z.object({ ...quotationHead, lines: z.number() });

/** A quoted line: unit price, quantity, the promotion taken off, the line amount. */
const quotationLineAnswer = z.object({
  model_id: z.number(),
  reference: z.string(),
  designation: z.string(),
  unit: z.string().nullable(),
  price: z.string().describe("Unit price HT before the promotion, 4 decimals."),
  num: z.number(),
  tva: z.string(),
  remise: z.string().describe("What the promotion took off the line."),
  amount: z.string().describe("Line HT."),
  gifted_units: z.number().describe("Units the quoted promotion offers on top of `num` (core/cart/promotion.ts), never priced."),
});

/** A quotation with its lines and the order that used it. */
const quotationDetailAnswer = z.object({
  ...quotationHead,
  lines: z.array(quotationLineAnswer),
  order_id: z.number().nullable().describe("The order that used it, or null."),
});

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
