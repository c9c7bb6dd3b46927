// Credit notes issued by the shop (decision 085): a refunded return issues one, in the transaction that refunds it,
// for the amount of the returned lines (core returnCredit); a cancelled paid order may be refunded by one (decision
// 136). Each takes a number from the gap-free yearly sequence and sends a `credit_note_issued` notice. One credit
// note per return (unique `return_id`): a second call, or a concurrent one, answers the note already issued; one per
// cancelled order. The customer gets the credit-note e-mail in the same transaction, its PDF attached by reference
// (decision 120).
import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { creditNotes, customers, orderLines, orders, returnLines, returnRequests } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/tx.ts";
import { notFound } from "#core/domain-errors.ts";
import { creditNoteRate, creditNoteVat, returnCredit } from "#core/documents/credit.ts";
import { documentPdfPath } from "#core/documents/pdf-url.ts";
import { isLang } from "#core/lang.ts";
import { translate } from "#core/i18n/messages.ts";
import { localePath } from "#core/slug.ts";
import { goodsTotal } from "#core/order-view.ts";
import { creditNoteMail } from "#core/mail/credit-note-mail.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { origin } from "#server/modules/orders/order-mail.ts";
import { creditNoteReason } from "./documents.service.ts";

type IssuedCreditNote = { id: number; number: string; amount_ttc: string; created: boolean };

/**
 * Issues the credit note of a return request, or answers the one it already has. Joins the caller's
 * transaction (or opens one). The return's row lock serialises two issuers of the same return, and the
 * unique index on `return_id` is the last guard. A return whose lines credit nothing issues nothing (null).
 */
export async function issueCreditNote(q: Db, source: { returnId: number }, opts: { publicUrl: string }): Promise<IssuedCreditNote | null> {
  return withTransaction(q, async (tx) => {
    const [r] = await tx
      .select({
        id: returnRequests.id,
        customer_id: returnRequests.customerId,
        order_id: returnRequests.orderId,
        order_number: orders.number,
        discount_amount: orders.discountAmount,
        email: customers.email,
        lang: customers.lang,
      })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .innerJoin(customers, eq(customers.id, returnRequests.customerId))
      .where(eq(returnRequests.id, source.returnId))
      .for("update", { of: returnRequests });
    if (!r) throw notFound("aftersales.return_not_found");
    const [done] = await tx
      .select({ id: creditNotes.id, number: creditNotes.number, amount_ttc: creditNotes.amountTtc })
      .from(creditNotes)
      .where(eq(creditNotes.returnId, r.id));
    if (done) return { ...done, created: false };
    const { credit, rates } = await returnCreditOf(tx, r.id, r.order_id, r.discount_amount);
    const amount = credit.ttc;
    if (Number(amount) <= 0) return null;
    const rate = creditNoteRate(rates);
    const note = await issue(tx, { ...r, return_id: r.id, cancellation: false, amount, vat: creditNoteVat(amount, credit, rate) }, opts);
    return { ...note, amount_ttc: amount, created: true };
  });
}

/**
 * What a return gives back (core returnCredit): its lines as received when the shop received them (decision 141),
 * else as asked back; with the order's VAT rates (the note's rate when they share one).
 */
export async function returnCreditOf(tx: Db, returnId: number, orderId: number, discountAmount: string) {
  const lines = await tx
    .select({ id: orderLines.id, line_ht: orderLines.lineHt, num: orderLines.num, tva: orderLines.tva })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const returned = await tx
    .select({ order_line_id: returnLines.orderLineId, num: sql<number>`coalesce(${returnLines.received}, ${returnLines.num})` })
    .from(returnLines)
    .where(eq(returnLines.returnId, returnId));
  const credit = returnCredit(
    returned.flatMap((rl) => {
      const l = lines.find((x) => x.id === rl.order_line_id);
      return l ? [{ line_ht: l.line_ht, num: l.num, tva: l.tva, returned: Math.min(rl.num, l.num) }] : [];
    }),
    { discount_amount: discountAmount, goods_ht: goodsTotal(lines) },
  );
  return { credit, rates: [...new Set(lines.map((l) => l.tva))] };
}

/**
 * Issues the credit note refunding a cancelled order (`amount` TTC: what it was paid besides credit notes), in the
 * cancellation's transaction. The guarded change of the order to "cancelled" lets one writer here; the unique
 * index on a cancellation's `order_id` is the last guard. One rate: the order's when its lines share one.
 */
export async function issueCancellationCreditNote(
  tx: Db,
  orderId: number,
  amount: string,
  opts: { publicUrl: string },
): Promise<IssuedCreditNote> {
  return issueOrderCreditNote(tx, orderId, amount, { ...opts, cause: "cancellation" });
}

/**
 * A credit note refunding part or all of what an order was paid: its cancellation (one per order, above), an edit
 * that lowered a paid order's total (decision 140; as many as edits, its reason written in the customer's language),
 * or staff's credit note by amount or as a commercial gesture (decision 141, its reason as staff wrote it).
 */
export async function issueOrderCreditNote(
  tx: Db,
  orderId: number,
  amount: string,
  opts: { publicUrl: string; cause: "cancellation" | "edit" | "staff"; reason?: string },
): Promise<IssuedCreditNote> {
  const [o] = await tx
    .select({ customer_id: orders.customerId, order_number: orders.number, email: customers.email, lang: customers.lang })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!o) throw notFound("orders.order_not_found");
  const rates = await tx.selectDistinct({ tva: orderLines.tva }).from(orderLines).where(eq(orderLines.orderId, orderId));
  const vat = creditNoteVat(amount, null, creditNoteRate(rates.map((l) => l.tva)));
  const cancellation = opts.cause === "cancellation";
  const lang = isLang(o.lang) ? o.lang : "fr";
  // issued by hand (decision 141): the staff member's reason, as written
  const reason = cancellation
    ? null
    : opts.cause === "staff"
      ? (opts.reason ?? null)
      : translate(lang, "documents.credit_note_edit_reason", { number: o.order_number });
  const note = await issue(tx, { ...o, order_id: orderId, return_id: null, cancellation, reason, amount, vat }, opts);
  return { ...note, amount_ttc: amount, created: true };
}

type NoteToIssue = {
  customer_id: number;
  order_id: number;
  order_number: string;
  email: string;
  lang: string | null;
  return_id: number | null;
  cancellation: boolean;
  /** A reason written on the note (else told from its return or cancellation when shown). */
  reason?: string | null;
  amount: string;
  vat: ReturnType<typeof creditNoteVat>;
};

/** Numbers the note, writes it with its notice, and queues its e-mail with the PDF attached by reference. */
async function issue(tx: Db, n: NoteToIssue, opts: { publicUrl: string }): Promise<{ id: number; number: string }> {
  // Numbered last: every other numbering of credit notes waits on this row until the commit (decision 066).
  const number = await nextNumber(tx, "credit_note");
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number,
      customerId: n.customer_id,
      orderId: n.order_id,
      amountTtc: n.amount,
      remainingTtc: n.amount,
      reason: n.reason ?? null,
      returnId: n.return_id,
      cancellation: n.cancellation,
    })
    .returning({ id: creditNotes.id });
  await addNotification(tx, {
    customerId: n.customer_id,
    kind: "credit_note_issued",
    orderId: n.order_id,
    ref: number,
    vars: n.return_id === null ? { amount: n.amount } : { amount: n.amount, return_id: n.return_id },
  });
  const lang = isLang(n.lang) ? n.lang : "fr";
  const site = origin(opts.publicUrl);
  const mail = creditNoteMail(
    lang,
    {
      number,
      amount_ttc: n.amount,
      remaining_ttc: n.amount,
      vat: n.vat,
      order_number: n.order_number,
      reason: creditNoteReason(n.reason ?? null, n.return_id, n.order_number, lang, n.cancellation),
    },
    { pdf: `${site}${documentPdfPath("credit-note", note.id, lang)}`, creditNotes: `${site}${localePath(lang, "/avoirs")}` },
  );
  await enqueueMail(tx, { to: n.email, ...mail, attachments: [{ kind: "credit_note", id: note.id, customer_id: n.customer_id, lang }] });
  return { id: note.id, number };
}
