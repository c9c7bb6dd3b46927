// Issuing the invoice of a paid order (decision 077). Called in the transaction that marks the order paid: the
// gap-free FA number (nextNumber, so a rollback gives it back), the invoices row with the order's totals HT and TTC and
// what the invoice says, frozen from the order's rows as they are now (invoiceContents), and the payment e-mail through the outbox: the order's breakdown, and the invoice PDF attached by reference
// (rendered by the outbox worker when it sends, decision 120).
// Idempotent: an order that already has its invoice keeps it (one invoice per order, unique index).
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { contextOf } from "#server/context.ts";
import { invoices } from "#server/db/schema/index.ts";
import type { Lang } from "#core/lang.ts";
import { formatDate } from "#core/format-date.ts";
import { documentPdfPath } from "#core/documents/pdf-url.ts";
import { mailOrderOf, paymentMail } from "#core/mail/order-mail.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { orderDetail } from "#server/modules/orders/orders.service.ts";
import { origin, orderRecipient, orderUrl } from "#server/modules/orders/order-mail.ts";
import { invoiceContents } from "./invoice-contents.ts";

type IssuedInvoice = { id: number; number: string; orderId: number; created: boolean };

export type IssueOptions = {
  /** The shop's public origin for the links in the e-mail (PUBLIC_URL). */
  publicUrl: string;
  /** The e-mail's language: the language the payment was made in; the customer's own otherwise. */
  lang?: Lang;
  /** An invoice on account: the date it is due ("YYYY-MM-DD"); the e-mail says it instead of a payment received. */
  dueOn?: string;
};

export async function issueInvoice(q: Db, orderId: number, opts: IssueOptions): Promise<IssuedInvoice> {
  const [existing] = await q.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return { ...existing, orderId, created: false };
  const to = await orderRecipient(q, orderId);
  const lang = opts.lang ?? to.lang;
  // Read before the number: other invoices wait on the sequence row from nextNumber until this transaction ends.
  const o = await orderDetail(contextOf(q, to.customer_id, lang), { id: orderId });
  const contents = await invoiceContents(q, orderId);
  const number = await nextNumber(q, "invoice");
  const [inv] = await q
    .insert(invoices)
    .values({
      number,
      orderId,
      customerId: to.customer_id,
      amountHt: o.total_ht,
      amountTtc: o.total_ttc,
      contents,
      dueOn: opts.dueOn ?? null,
    })
    .returning({ id: invoices.id });
  // What this payment paid: the card pays the total less the credit deducted; a credit note alone pays it all.
  const byCredit = o.payment?.method === "credit_note";
  const mail = paymentMail(lang, mailOrderOf(o), {
    invoice: number,
    amount: byCredit ? o.total_ttc : o.amount_due,
    method: o.payment?.method ?? null,
    date: formatDate(o.payment?.paid_at ?? new Date(), lang),
    byCredit,
    ...(opts.dueOn ? { dueDate: formatDate(opts.dueOn, lang, "long") } : {}),
    links: {
      order: orderUrl(opts.publicUrl, lang, o.number),
      invoice: `${origin(opts.publicUrl)}${documentPdfPath("invoice", orderId, lang)}`,
    },
  });
  await enqueueMail(q, { to: to.email, ...mail, attachments: [{ kind: "invoice", order_id: orderId, customer_id: to.customer_id, lang }] });
  return { id: inv.id, number, orderId, created: true };
}
