// The contracts of the card payment calls (core/contracts/contract.ts).
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { leavePaymentSchema, paymentResultSchema } from "../validation/payment.ts";

/** The payment state of an order, as its result page shows it. */
const paymentResultAnswer = z.object({
  order_id: z.number(),
  number: z.string(),
  status: z.string(),
  paid: z.boolean(),
  pending: z.boolean().describe("The last payment attempt is still open: the provider's notification has not arrived yet."),
  total_ttc: z.string(),
  payment_method: z.string().nullable(),
  transaction_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  failure: z
    .string()
    .nullable()
    .describe("The reason of the last failed, abandoned or expired payment, translated; null when none is known."),
  can_repay: z.boolean().describe("True while unpaid."),
  invoice_number: z.string().nullable(),
  invoice_url: z
    .string()
    .nullable()
    .describe("The invoice's French PDF, /documents/invoice/<order id>.pdf (?lang=zh for Chinese), once paid."),
});

export const leavePayment = defineCall({
  method: "GET",
  path: "/site/Sale/leavePayment",
  auth: true,
  input: leavePaymentSchema,
  output: z.object({
    redirect_url: z.string().describe("The provider's hosted card page (/sandbox/pay/<token>, or Stripe Checkout), charging amount_due."),
  }),
});

export const getPaymentResult = defineCall({
  method: "POST",
  path: "/site/Index/getPaymentResult",
  auth: true,
  input: paymentResultSchema,
  output: paymentResultAnswer,
});

export type PaymentResultAnswer = z.output<typeof paymentResultAnswer>;
