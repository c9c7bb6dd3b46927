// Credit notes issued by the shop (decision 085). Until now only the seed wrote them; a refunded return now
// issues one, in the transaction that refunds it: the amount of the returned lines (core returnCredit), a
// number from the gap-free yearly sequence, a `credit_note_issued` notice. One credit note per return
// (unique `return_id`): a second call, or a concurrent one, answers the note already issued. The customer gets
// the credit-note e-mail in the same transaction, its PDF attached by reference (decision 120).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { notFound } from "#core/domain-errors.ts";
import { creditNoteRate, creditNoteVat, returnCredit } from "#core/documents/credit.ts";
import { isLang } from "#core/lang.ts";
import { localePath } from "#core/slug.ts";
import { goodsTotal } from "#core/order-view.ts";
import { creditNoteMail } from "#core/mail/credit-note-mail.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { addNotification } from "#server/modules/notifications/notifications.service.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { origin } from "#server/modules/orders/order-mail.ts";
import { creditNotePdfPath, creditNoteReason } from "./documents.service.ts";

export type IssuedCreditNote = { id: number; number: string; amount_ttc: string; created: boolean };

/**
 * Issues the credit note of a return request, or answers the one it already has. Joins the caller's
 * transaction (or opens one). The return's row lock serialises two issuers of the same return, and the
 * unique index on `return_id` is the last guard. A return whose lines credit nothing issues nothing (null).
 */
export async function issueCreditNote(q: Db, source: { returnId: number }, opts: { publicUrl: string }): Promise<IssuedCreditNote | null> {
  return withTransaction(q, async (tx) => {
    const [r] = await query<{
      id: number;
      customer_id: number;
      order_id: number;
      order_number: string;
      discount_amount: string;
      email: string;
      lang: string;
    }>(
      tx,
      sql`select r.id, r.customer_id, r.order_id, o.number as order_number, o.discount_amount::text as discount_amount, c.email, c.lang
      from return_requests r join orders o on o.id = r.order_id join customers c on c.id = r.customer_id
      where r.id = ${source.returnId} for update of r`,
    );
    if (!r) throw notFound("aftersales.return_not_found");
    const [done] = await query<{ id: number; number: string; amount_ttc: string }>(
      tx,
      sql`select id, number, amount_ttc::text as amount_ttc from credit_notes where return_id = ${r.id}`,
    );
    if (done) return { ...done, created: false };
    const orderLines = await query<{ id: number; line_ht: string; num: number; tva: string }>(
      tx,
      sql`select id, line_ht::text as line_ht, num, tva::text as tva from order_lines where order_id = ${r.order_id}`,
    );
    const returned = await query<{ order_line_id: number; num: number }>(
      tx,
      sql`select order_line_id, num from return_lines where return_id = ${r.id}`,
    );
    const credit = returnCredit(
      returned.flatMap((rl) => {
        const l = orderLines.find((x) => x.id === rl.order_line_id);
        return l ? [{ line_ht: l.line_ht, num: l.num, tva: l.tva, returned: Math.min(rl.num, l.num) }] : [];
      }),
      { discount_amount: r.discount_amount, goods_ht: goodsTotal(orderLines) },
    );
    const amount = credit.ttc;
    if (Number(amount) <= 0) return null;
    // Numbered last: every other numbering of credit notes waits on this row until the commit (decision 066).
    const number = await nextNumber(tx, "credit_note");
    const [note] = await query<{ id: number }>(
      tx,
      sql`insert into credit_notes (number, customer_id, order_id, amount_ttc, remaining_ttc, reason, return_id)
      values (${number}, ${r.customer_id}, ${r.order_id}, ${amount}::numeric, ${amount}::numeric, null, ${r.id}) returning id`,
    );
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
        vat: creditNoteVat(amount, credit, creditNoteRate([...new Set(orderLines.map((l) => l.tva))])),
        order_number: r.order_number,
        reason: creditNoteReason(null, r.id, r.order_number, lang),
      },
      { pdf: `${site}${creditNotePdfPath(note.id, lang)}`, creditNotes: `${site}${localePath(lang, "/avoirs")}` },
    );
    await enqueueMail(tx, { to: r.email, ...mail, attachments: [{ kind: "credit_note", id: note.id, customer_id: r.customer_id, lang }] });
    return { id: note.id, number, amount_ttc: amount, created: true };
  });
}
