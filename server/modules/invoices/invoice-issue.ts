// Issuing the invoice of a paid order (issue 11 item 6; decision 077). Called in the transaction that marks
// the order paid: the gap-free FA number (nextNumber, so a rollback gives it back), the invoices row with the
// order's totals HT and TTC, and the payment confirmation e-mail through the outbox with the invoice link.
// Idempotent: an order that already has its invoice keeps it (one invoice per order, unique index).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { translate } from "#core/i18n/messages.ts";
import { isLang, type Lang } from "#core/lang.ts";
import { formatPrice } from "#core/money.ts";
import { formatDate } from "#core/format-date.ts";
import { amountDue } from "#core/documents/credit.ts";
import { orderMailTotals } from "#server/modules/orders/order-mail.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";

export type IssuedInvoice = { id: number; number: string; orderId: number; created: boolean };

/** The path of an order's invoice PDF (served by the documents module), in the reader's language. */
export const invoicePath = (orderId: number, lang: Lang = "fr") => `/documents/invoice/${orderId}.pdf${lang === "zh" ? "?lang=zh" : ""}`;

export type IssueOptions = {
  /** The shop's public origin for the link in the e-mail (PUBLIC_URL). */
  publicUrl?: string;
  /** The e-mail's language: the language the payment was made in; the customer's own otherwise. */
  lang?: Lang;
};

export async function issueInvoice(q: Db, orderId: number, opts: IssueOptions = {}): Promise<IssuedInvoice> {
  const [existing] = await query<{ id: number; number: string }>(q, sql`select id, number from invoices where order_id = ${orderId}`);
  if (existing) return { ...existing, orderId, created: false };
  const [o] = await query<{
    number: string;
    customer_id: number;
    total_ht: string;
    total_tva: string;
    total_ttc: string;
    goods_ht: string;
    discount_amount: string;
    freight_ht: string;
    freight_discount_ht: string;
    credit_used: string;
    paid_at: string | null;
    payment_method: string | null;
    email: string;
    lang: string;
  }>(
    q,
    sql`select o.number, o.customer_id, o.total_ht::text as total_ht, o.total_tva::text as total_tva, o.total_ttc::text as total_ttc,
      (select coalesce(sum(l.line_ht), 0)::text from order_lines l where l.order_id = o.id) as goods_ht,
      o.discount_amount::text as discount_amount, o.freight_ht::text as freight_ht, o.freight_discount_ht::text as freight_discount_ht,
      (select coalesce(sum(u.amount), 0)::text from credit_note_uses u where u.order_id = o.id and u.released_at is null) as credit_used,
      to_char(coalesce(o.paid_at, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as paid_at, o.payment_method, c.email, c.lang
    from orders o join customers c on c.id = o.customer_id where o.id = ${orderId}`,
  );
  if (!o) throw new Error(`issueInvoice: no order ${orderId}`);
  // Numbered last but one: other invoices wait on the sequence row only until this transaction ends.
  const number = await nextNumber(q, "invoice");
  const [inv] = await query<{ id: number }>(
    q,
    sql`insert into invoices (number, order_id, customer_id, amount_ht, amount_ttc)
    values (${number}, ${orderId}, ${o.customer_id}, ${o.total_ht}, ${o.total_ttc}) returning id`,
  );
  const lang: Lang = opts.lang ?? (isLang(o.lang) ? o.lang : "fr");
  const origin = (opts.publicUrl ?? process.env.PUBLIC_URL ?? "http://localhost:8787").replace(/\/+$/, "");
  // What this payment paid: the card pays the total less the credit deducted; a credit note alone pays it all.
  const byCredit = o.payment_method === "credit_note";
  const due = amountDue(o.total_ttc, o.credit_used);
  const vars = {
    number: o.number,
    invoice: number,
    amount: formatPrice(byCredit ? o.total_ttc : due, lang, "TTC"),
    totals: orderMailTotals(lang, { ...o, credit_used: byCredit ? "0" : o.credit_used, amount_due: due }, true),
    method: translate(lang, `payment.method_${o.payment_method ?? "card"}`),
    date: formatDate(o.paid_at, lang) ?? "",
    url: `${origin}${invoicePath(orderId, lang)}`,
  };
  await enqueueMail(q, {
    to: o.email,
    subject: translate(lang, "payment.mail_paid_subject", vars),
    text: translate(lang, "payment.mail_paid_text", vars),
  });
  return { id: inv.id, number, orderId, created: true };
}
