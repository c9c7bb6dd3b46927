// What an invoice says, frozen when it is issued (invoices.contents): an issued invoice never changes, while staff may
// still edit its order before preparation (decision 140). Its PDF reads this only, never the order's current rows.
// Written by server/modules/invoices/invoice-contents.ts (and migration 0044 for the invoices issued before), read by
// the invoice PDF. Amounts and rates are PostgreSQL's numeric text ("12.50", "0.2000"), dates UTC ISO strings.
import { z } from "zod";

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const address = z.record(z.string(), z.unknown()).nullable();

/** One order line as invoiced, in the order's line order. */
export const invoiceLineSchema = z.object({
  reference: z.string(),
  designation: z.string(),
  unit: z.string(),
  price: decimal,
  num: z.number().int(),
  tva: decimal,
  remise: decimal,
  line_ht: decimal,
  gifted_units: z.number().int(),
});

/** The customer as the account stood at issue (the name, client number and SIRET the invoice is made out to). */
export const invoiceCustomerSchema = z.object({
  company: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string().nullable(),
  client_number: z.string(),
  siret: z.string().nullable(),
});

export const invoiceContentsSchema = z.object({
  lines: z.array(invoiceLineSchema),
  total_ht: decimal,
  total_tva: decimal,
  total_ttc: decimal,
  freight_ht: decimal,
  freight_tva: decimal,
  freight_discount_ht: decimal,
  freight_vat_rate: decimal.nullable(),
  discount_amount: decimal,
  payment_method: z.string().nullable(),
  transaction_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  invoice_address: address,
  delivery_address: address,
  /** The credit-note balance spent on the order when the invoice was issued. */
  credit_used: decimal,
  /** Absent from the invoices issued before it was kept: those read the account as it is now. */
  customer: invoiceCustomerSchema.optional(),
});

export type InvoiceLine = z.infer<typeof invoiceLineSchema>;
export type InvoiceContents = z.infer<typeof invoiceContentsSchema>;
