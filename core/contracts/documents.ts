// The contracts of the documents calls (core/contracts/contract.ts): the caller's invoices and credit notes.
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { listPage } from "./shared.ts";

/** An invoice: amounts as decimal texts, `pdf_url` the owner's PDF path. */
const invoiceAnswer = z.object({
  id: z.number(),
  number: z.string(),
  order_id: z.number(),
  order_number: z.string(),
  issued_at: z.string(),
  amount_ht: z.string(),
  amount_ttc: z.string(),
  pdf_url: z.string().describe("The French PDF, /documents/invoice/<order_id>.pdf; add ?lang=zh for the Chinese one."),
});

/** A credit note: its order when it has one, the amount and what remains of it (decimal texts TTC). */
const creditNoteAnswer = z.object({
  id: z.number(),
  number: z.string(),
  order_id: z.number().nullable().describe("null when the credit note refers to no order (order_number likewise)."),
  order_number: z.string().nullable(),
  issued_at: z.string(),
  amount_ttc: z.string(),
  remaining_ttc: z.string().describe("What the next orders can still spend of it (createOrder use_credit)."),
  reason: z.string().nullable().describe("The shop's text, or null."),
  pdf_url: z.string().describe("The French PDF, /documents/credit-note/<id>.pdf; add ?lang=zh for the Chinese one."),
});

export const invoiceList = defineCall({ method: "GET", path: "/site/Customer/invoiceList", auth: true, output: listPage(invoiceAnswer) });

export const creditNoteList = defineCall({
  method: "GET",
  path: "/site/Customer/creditNoteList",
  auth: true,
  output: listPage(creditNoteAnswer).extend({ balance: z.string().describe("Σ remaining_ttc: what the checkout offers to spend.") }),
});

export type InvoiceAnswer = z.output<typeof invoiceAnswer>;
export type CreditNoteAnswer = z.output<typeof creditNoteAnswer>;
