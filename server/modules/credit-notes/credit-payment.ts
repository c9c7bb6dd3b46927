// An order whose total TTC the credit balance covers is paid at once (decision 079): method "credit_note",
// no card step, an invoice number from the gap-free yearly sequence. Runs in the order's transaction.
// One path for every paid order: issueInvoice numbers the invoice and queues the confirmation e-mail.
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { conflict } from "#core/domain-errors.ts";
import { moveOrder } from "#server/modules/orders/order-transition.ts";
import { issueInvoice, type IssueOptions } from "#server/modules/invoices/invoice-issue.ts";

/** Marks the unpaid order paid by credit note (guarded on its status) and issues its invoice. */
export async function payWithCreditNotes(tx: Db, orderId: number, opts: IssueOptions): Promise<string> {
  const paid = await moveOrder(tx, orderId, {
    event: "pay",
    from: "unpaid",
    to: "processing",
    set: { paymentMethod: "credit_note", paidAt: sql`now()` },
    details: { method: "credit_note" },
  });
  if (!paid) throw conflict("api.order_in_progress");
  return (await issueInvoice(tx, orderId, opts)).number;
}
