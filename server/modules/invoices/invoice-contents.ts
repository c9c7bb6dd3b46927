// An invoice's frozen contents (core/documents/invoice-contents.ts), read from its order's rows as they are now: called
// in the transaction that issues the invoice. Migration 0044 wrote the same for the invoices issued before it.
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, orderLines, orders } from "#server/db/schema/index.ts";
import { notFound } from "#core/domain-errors.ts";
import { invoiceContentsSchema, type InvoiceContents } from "#core/documents/invoice-contents.ts";
import { creditUsedOn } from "#server/modules/credit-notes/credit-notes.service.ts";

export async function invoiceContents(q: Db, orderId: number): Promise<InvoiceContents> {
  const [o] = await q
    .select({
      total_ht: orders.totalHt,
      total_tva: orders.totalTva,
      total_ttc: orders.totalTtc,
      freight_ht: orders.freightHt,
      freight_tva: orders.freightTva,
      freight_discount_ht: orders.freightDiscountHt,
      freight_vat_rate: orders.freightVatRate,
      discount_amount: orders.discountAmount,
      payment_method: orders.paymentMethod,
      transaction_id: orders.transactionId,
      paid_at: sql<string | null>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      invoice_address: orders.invoiceAddress,
      delivery_address: orders.deliveryAddress,
      customer: {
        company: customers.company,
        first_name: customers.firstName,
        last_name: customers.lastName,
        title: customers.title,
        client_number: customers.clientNumber,
        siret: customers.siret,
      },
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!o) throw notFound("orders.order_not_found");
  const lines = await q
    .select({
      reference: orderLines.reference,
      designation: orderLines.designation,
      unit: orderLines.unit,
      price: orderLines.price,
      num: orderLines.num,
      tva: orderLines.tva,
      remise: orderLines.remise,
      line_ht: orderLines.lineHt,
      gifted_units: orderLines.giftedUnits,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return invoiceContentsSchema.parse({ ...o, lines, credit_used: await creditUsedOn(q, orderId) });
}
