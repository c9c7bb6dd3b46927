// The contracts of the card payment calls (core/contracts/contract.ts).
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { leavePaymentSchema, paymentResultSchema } from "../validation/payment.ts";

/** The payment state of an order, as its result page shows it. */
export const paymentResultAnswer = z.object({
  order_id: z.number(),
  number: z.string(),
  status: z.string(),
  paid: z.boolean(),
  /** A payment attempt is still open: the provider's notification has not arrived yet. */
  pending: z.boolean(),
  total_ttc: z.string(),
  payment_method: z.string().nullable(),
  transaction_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The reason of the last failed or abandoned payment, translated; null when none is known. */
  failure: z.string().nullable(),
  can_repay: z.boolean(),
  invoice_number: z.string().nullable(),
  invoice_url: z.string().nullable(),
});

export const leavePayment = defineCall({
  method: "GET",
  path: "/site/Sale/leavePayment",
  auth: true,
  input: leavePaymentSchema,
  /** The provider's hosted card page. */
  output: z.object({ redirect_url: z.string() }),
});

export const getPaymentResult = defineCall({
  method: "POST",
  path: "/site/Index/getPaymentResult",
  auth: true,
  input: paymentResultSchema,
  output: paymentResultAnswer,
});

export type PaymentResultAnswer = z.output<typeof paymentResultAnswer>;
