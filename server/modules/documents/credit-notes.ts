// Credit notes issued by the shop (decision 085). Until now only the seed wrote them; a refunded return now
// issues one, in the transaction that refunds it: the amount of the returned lines (core returnCredit), a
// number from the gap-free yearly sequence, a `credit_note_issued` notice. One credit note per return
// (unique `return_id`): a second call, or a concurrent one, answers the note already issued. The customer gets
// the credit-note e-mail in the same transaction, its PDF attached by reference (decision 120).
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { creditNotes, customers, orderLines, orders, returnLines, returnRequests } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/tx.ts";
import { notFound } from "#core/domain-errors.ts";
import { creditNoteRate, creditNoteVat, returnCredit } from "#core/documents/credit.ts";
import { documentPdfPath } from "#core/documents/pdf-url.ts";
import { isLang } from "#core/lang.ts";
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
    const lines = await tx
      .select({ id: orderLines.id, line_ht: orderLines.lineHt, num: orderLines.num, tva: orderLines.tva })
      .from(orderLines)
      .where(eq(orderLines.orderId, r.order_id));
    const returned = await tx
      .select({ order_line_id: returnLines.orderLineId, num: returnLines.num })
      .from(returnLines)
      .where(eq(returnLines.returnId, r.id));
    const credit = returnCredit(
      returned.flatMap((rl) => {
        const l = lines.find((x) => x.id === rl.order_line_id);
        return l ? [{ line_ht: l.line_ht, num: l.num, tva: l.tva, returned: Math.min(rl.num, l.num) }] : [];
      }),
      { discount_amount: r.discount_amount, goods_ht: goodsTotal(lines) },
    );
    const amount = credit.ttc;
    if (Number(amount) <= 0) return null;
    // Numbered last: every other numbering of credit notes waits on this row until the commit (decision 066).
    const number = await nextNumber(tx, "credit_note");
    const [note] = await tx
      .insert(creditNotes)
      .values({
        number,
        customerId: r.customer_id,
        orderId: r.order_id,
        amountTtc: amount,
        remainingTtc: amount,
        reason: null,
        returnId: r.id,
      })
      .returning({ id: creditNotes.id });
    await addNotification(tx, {
      customerId: r.customer_id,
      kind: "credit_note_issued",
      orderId: r.order_id,
      ref: number,
      vars: { amount, return_id: r.id },
    });
    const lang = isLang(r.lang) ? r.lang : "fr";
    const site = origin(opts.publicUrl);
    const mail = creditNoteMail(
      lang,
      {
        number,
        amount_ttc: amount,
        remaining_ttc: amount,
        vat: creditNoteVat(amount, credit, creditNoteRate([...new Set(lines.map((l) => l.tva))])),
        order_number: r.order_number,
        reason: creditNoteReason(null, r.id, r.order_number, lang),
      },
      { pdf: `${site}${documentPdfPath("credit-note", note.id, lang)}`, creditNotes: `${site}${localePath(lang, "/avoirs")}` },
    );
    await enqueueMail(tx, { to: r.email, ...mail, attachments: [{ kind: "credit_note", id: note.id, customer_id: r.customer_id, lang }] });
    return { id: note.id, number, amount_ttc: amount, created: true };
  });
}
