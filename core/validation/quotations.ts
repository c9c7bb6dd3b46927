// Requests of the quotation pages and API (issue 12 item 2; decision 080). Messages are "quotations.*" keys.
import { z } from "zod";

const keyError = { error: "api.idempotency_key_invalid" };
const refError = { error: "quotations.id_invalid" };

/** POST /site/Customer/createQuotation: the cart as a quotation, idempotent per key (like createOrder). */
export const createQuotationSchema = z.object({
  idempotency_key: z
    .string(keyError)
    .trim()
    .min(16, keyError)
    .max(64, keyError)
    .regex(/^[A-Za-z0-9_-]+$/, keyError),
});
export type CreateQuotationInput = z.output<typeof createQuotationSchema>;

/** A quotation by its id (digits) or its number (DV2026-000012). Anything else is refused. */
export const quotationRefSchema = z.object({
  id: z.preprocess(
    (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.string(refError).regex(/^(\d{1,10}|DV\d{4}-\d{6,9})$/, refError),
  ),
});
export type QuotationRef = z.output<typeof quotationRefSchema>;

/** POST /site/Customer/quotationToCart: same reference; a price sent along is ignored (stripped). */
export const quotationToCartSchema = quotationRefSchema;

/** POST /site/Customer/cancelQuotation: the same reference (decision 085). */
export const cancelQuotationSchema = quotationRefSchema;
