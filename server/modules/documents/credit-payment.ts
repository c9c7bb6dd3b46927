// An order whose total TTC the credit balance covers is paid at once (decision 079): method "credit_note",
// no card step, an invoice number from the gap-free yearly sequence. Runs in the order's transaction.
//
// Merge note: h-pay's issueInvoice(q, orderId) (server/modules/invoices/invoice-issue.ts) issues the invoice and
// queues the payment confirmation e-mail for card payments; once both are on main, payWithCreditNotes should
// call it instead of insertInvoice below so every paid order goes through one path.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { conflict } from "#core/domain-errors.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";

/** The invoice of a paid order, once: nothing when it has one already. Returns its number. */
export async function insertInvoice(tx: Db, orderId: number): Promise<string> {
  const [existing] = await query<{ number: string }>(tx, sql`select number from invoices where order_id = ${orderId} order by id limit 1`);
  if (existing) return existing.number;
  const number = await nextNumber(tx, "invoice");
  await query(
    tx,
    sql`insert into invoices (number, order_id, customer_id, amount_ht, amount_ttc)
        select ${number}, id, customer_id, total_ht, total_ttc from orders where id = ${orderId}`,
  );
  return number;
}

/** Marks the unpaid order paid by credit note (guarded on its status) and issues its invoice. */
export async function payWithCreditNotes(tx: Db, orderId: number): Promise<string> {
  const paid = await query(
    tx,
    sql`update orders set status = 'processing', payment_method = 'credit_note', paid_at = now()
        where id = ${orderId} and status = 'unpaid' returning id`,
  );
  if (paid.length === 0) throw conflict("api.order_in_progress");
  return insertInvoice(tx, orderId);
}
