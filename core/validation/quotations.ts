// Requests of the quotation pages and API (decision 080). Messages are "quotations.*" keys.
import { z } from "zod";
import { intField, text } from "./common.ts";

const keyError = { error: "api.idempotency_key_invalid" };
const refError = { error: "quotations.id_invalid" };

/** POST /site/Customer/createQuotation: the cart as a quotation, idempotent per key (like createOrder). */
export const createQuotationSchema = z.object({
  idempotency_key: text(keyError)
    .trim()
    .min(16, keyError)
    .max(64, keyError)
    .regex(/^[A-Za-z0-9_-]+$/, keyError),
});
export type CreateQuotationInput = z.output<typeof createQuotationSchema>;

/** A quotation by its id (an int4 id, as a number or digits) or its number (DV2026-000012). Anything else is refused. */
export const quotationRefSchema = z.object({
  id: z.union(
    [
      intField(refError).transform(String),
      text(refError)
        .trim()
        .toUpperCase()
        .regex(/^DV\d{4}-\d{6,9}$/, refError),
    ],
    refError,
  ),
});
export type QuotationRef = z.output<typeof quotationRefSchema>;

/** POST /site/Customer/quotationToCart: same reference; a price sent along is ignored (stripped). */
export const quotationToCartSchema = quotationRefSchema;

/** POST /site/Customer/cancelQuotation: the same reference (decision 085). */
export const cancelQuotationSchema = quotationRefSchema;
