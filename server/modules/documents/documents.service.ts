// The caller's invoices and credit notes (decision 079): lists and PDFs; the credit balance and its spending
// live in server/modules/credit-notes. Every query is scoped by the caller's customer id: another
// customer's document is not found. Every use case takes the caller's context first (decision 132).
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import type { Context } from "#server/context.ts";
import { creditNotes, customers, invoices, orderLines, orders, returnLines } from "#server/db/schema/index.ts";
import { notFound } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import { dec, sum } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { goodsTotal, vatBreakdown, type OrderAddress } from "#core/order-view.ts";
import { breakdownRows } from "#core/order-breakdown.ts";
import { documentPdfPath } from "#core/documents/pdf-url.ts";
import { invoiceContentsSchema } from "#core/documents/invoice-contents.ts";
import type { OrderPapers } from "#core/documents/order-papers.ts";
import { amountDue, creditNoteRate, creditNoteVat, returnCredit } from "#core/documents/credit.ts";
import { creditUsedOn } from "#server/modules/credit-notes/credit-notes.service.ts";
import { localePath } from "#core/slug.ts";
import { chargedLineRows, paymentMethodLabel, renderDocumentPdf, type DocumentCustomer } from "./pdf-layout.ts";
import type { PdfFile } from "#server/http/pdf-download.ts";
import type { CreditNoteAnswer, InvoiceAnswer } from "#core/contracts/documents.ts";

type OrderDocuments = { invoice: { number: string; pdf_url: string } | null; credit_used: string; amount_due: string };

const iso = <C extends AnyPgColumn>(col: C) =>
  sql<C["_"]["notNull"] extends true ? string : string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A credit note's order, when it is the note's customer's. */
const ownOrder = and(eq(orders.id, creditNotes.orderId), eq(orders.customerId, creditNotes.customerId));
/** The order's lines again, in a subquery of a statement that reads order_lines already. */
const otherLines = alias(orderLines, "x");

/**
 * A credit note's VAT rows as its PDF shows them (core creditNoteVat): by rate from the returned lines it was issued
 * for, else at one rate (`rate`); with those lines and what each credits. Read by the PDF and the accounting export.
 */
export async function creditNoteVatOf(q: Db, cn: { amount_ttc: string; return_id: number | null; order_id: number | null }) {
  // The returned lines the note was issued for (a return's note), each with the order's discount.
  const returned = cn.return_id
    ? await q
        .select({
          reference: orderLines.reference,
          designation: orderLines.designation,
          unit: orderLines.unit,
          price: orderLines.price,
          line_ht: orderLines.lineHt,
          num: orderLines.num,
          tva: orderLines.tva,
          // what came back when the shop received the return (decision 141), else what was asked back
          returned: sql<number>`least(coalesce(${returnLines.received}, ${returnLines.num}), ${orderLines.num})`,
          discount_amount: orders.discountAmount,
          goods_ht: sql<string>`${q
            .select({ goods_ht: sql`coalesce(sum(${otherLines.lineHt}), 0)::text` })
            .from(otherLines)
            .where(eq(otherLines.orderId, orders.id))}`,
        })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(returnLines.returnId, cn.return_id))
        .orderBy(asc(orderLines.id))
    : [];
  const credit = returned.length > 0 ? returnCredit(returned, returned[0]) : null;
  // Without its lines, one rate: the order's when all its lines share one, else the standard rate.
  const rates = cn.order_id
    ? await q.selectDistinct({ tva: orderLines.tva }).from(orderLines).where(eq(orderLines.orderId, cn.order_id))
    : [];
  const rate = creditNoteRate(rates.map((r) => r.tva));
  const vat = creditNoteVat(cn.amount_ttc, credit, rate);
  return { vat, returned, credit, rate };
}

const ROW_LABELS = {
  goods_ht: "goods_ht",
  discount: "discount_ht",
  freight: "freight_ht",
  freight_discount: "freight_discount_ht",
} as const;

type Snapshot = OrderAddress & Record<string, unknown>;

function customerBlock(
  c: { company: string | null; first_name: string; last_name: string; title: string | null; client_number: string; siret: string | null },
  address: Snapshot | null,
): DocumentCustomer {
  const person = [c.first_name, c.last_name].filter(Boolean).join(" ");
  const a = address;
  const name = (a?.company as string | null | undefined) || c.company || person;
  const lines: string[] = [];
  const who = a ? [a.first_name, a.last_name].filter(Boolean).join(" ") : person;
  if (who && who !== name) lines.push(who);
  if (a) {
    for (const l of [a.line1, a.line2]) if (l) lines.push(String(l));
    lines.push([a.zip_code, a.city].filter(Boolean).join(" "));
    if (a.country && a.country !== "FR") lines.push(String(a.country));
  }
  return { name, lines, clientNumber: c.client_number, siret: c.siret };
}

const customerRow = async (q: Db, customerId: number) =>
  (
    await q
      .select({
        company: customers.company,
        first_name: customers.firstName,
        last_name: customers.lastName,
        title: customers.title,
        client_number: customers.clientNumber,
        siret: customers.siret,
      })
      .from(customers)
      .where(eq(customers.id, customerId))
  )[0];

/** The shop's text, or for a credit note issued by a refunded return or a cancellation (no text stored) its translated reason. */
export function creditNoteReason(
  reason: string | null,
  returnId: number | null,
  orderNumber: string | null,
  lang: Lang,
  cancellation = false,
): string | null {
  if (reason) return reason;
  if (cancellation) return translate(lang, "documents.credit_note_cancellation_reason", { number: orderNumber ?? "—" });
  if (returnId === null) return reason;
  return translate(lang, "documents.credit_note_return_reason", { number: orderNumber ?? "—" });
}

export function createDocumentsService() {
  async function invoiceList({ db: q, customer }: Context): Promise<InvoiceAnswer[]> {
    const customerId = customer.id;
    const rows = await q
      .select({
        id: invoices.id,
        number: invoices.number,
        order_id: invoices.orderId,
        order_number: orders.number,
        issued_at: iso(invoices.issuedAt),
        amount_ht: invoices.amountHt,
        amount_ttc: invoices.amountTtc,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(invoices.customerId, customerId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.id));
    return rows.map((r) => ({ ...r, pdf_url: documentPdfPath("invoice", r.order_id) }));
  }

  async function creditNoteList({ db: q, customer, lang }: Context): Promise<{ list: CreditNoteAnswer[]; balance: string }> {
    const customerId = customer.id;
    const rows = await q
      .select({
        id: creditNotes.id,
        number: creditNotes.number,
        order_id: creditNotes.orderId,
        order_number: orders.number,
        issued_at: iso(creditNotes.issuedAt),
        amount_ttc: creditNotes.amountTtc,
        remaining_ttc: creditNotes.remainingTtc,
        reason: creditNotes.reason,
        return_id: creditNotes.returnId,
        cancellation: creditNotes.cancellation,
      })
      .from(creditNotes)
      .leftJoin(orders, ownOrder)
      .where(eq(creditNotes.customerId, customerId))
      .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.id));
    const list = rows.map(({ return_id, cancellation, ...r }) => ({
      ...r,
      reason: creditNoteReason(r.reason, return_id, r.order_number, lang, cancellation),
      pdf_url: documentPdfPath("credit-note", r.id),
    }));
    return { list, balance: sum(list.map((c) => c.remaining_ttc)).toFixed(2) };
  }

  /**
   * The invoice PDF of one of the caller's orders; another customer's order, or one without invoice: not found.
   */
  const invoicePdf = ({ db: q, customer, lang }: Context, orderId: number): Promise<PdfFile> =>
    renderInvoice(q, orderId, lang, customer.id);

  /** The invoice PDF of an order by its number for the back office: the customer's very document. */
  async function staffInvoicePdf(q: Db, orderNumber: string, lang: Lang): Promise<PdfFile> {
    const [o] = await q.select({ id: orders.id }).from(orders).where(eq(orders.number, orderNumber.trim().toUpperCase()));
    if (!o) throw notFound("documents.pdf_not_found");
    return renderInvoice(q, o.id, lang, null);
  }

  /**
   * An order's invoice PDF, the order being `owner`'s when given (else not found); an order without invoice: not
   * found. Drawn from what the invoice said when issued (invoices.contents), never from the order as it is now
   * (decision 140).
   */
  async function renderInvoice(q: Db, orderId: number, lang: Lang, owner: number | null): Promise<PdfFile> {
    const [row] = await q
      .select({
        number: invoices.number,
        customer_id: invoices.customerId,
        issued_at: iso(invoices.issuedAt),
        contents: invoices.contents,
        order_number: orders.number,
        created_at: iso(orders.createdAt),
        due_on: sql<string | null>`${invoices.dueOn}::text`,
        settled_at: iso(invoices.settledAt) as SQL<string | null>,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(
        and(eq(invoices.orderId, orderId), owner === null ? undefined : and(eq(invoices.customerId, owner), eq(orders.customerId, owner))),
      )
      .orderBy(asc(invoices.id))
      .limit(1);
    if (!row) throw notFound("documents.pdf_not_found");
    const { contents, customer_id: customerId, due_on: dueOn, settled_at: settledAt, ...head } = row;
    const { lines, credit_used: credit, customer: madeOutTo, ...frozen } = invoiceContentsSchema.parse(contents);
    const inv = { ...head, ...frozen };
    const customer = madeOutTo ?? (await customerRow(q, customerId));
    const t = (k: string) => translate(lang, `documents.${k}`);
    const pdf = await renderDocumentPdf({
      kind: "invoice",
      lang,
      customer: customerBlock(customer, inv.invoice_address ?? inv.delivery_address),
      number: inv.number,
      date: inv.issued_at,
      // Units a promotion offered (decision 086) follow their line at no charge, so the delivery matches the invoice.
      lines: lines.flatMap((l) =>
        chargedLineRows(
          lang,
          {
            reference: l.reference,
            designation: l.designation,
            quantity: l.num,
            unit: l.unit,
            unitPriceHt: l.price,
            discountHt: l.remise,
            amountHt: l.line_ht,
            vatRate: l.tva,
          },
          l.gifted_units,
        ),
      ),
      totals: {
        // broken down as the order pages show it (core/order-breakdown.ts): the freight as charged, then its discount
        rows: breakdownRows({ ...inv, goods_ht: goodsTotal(lines) }).flatMap((r) =>
          r.key === "goods_ht" || r.key === "discount" || r.key === "freight_discount" || (r.key === "freight" && !r.free)
            ? [{ label: t(ROW_LABELS[r.key]), amount: r.amount }]
            : [],
        ),
        vat: vatBreakdown(lines, inv),
        ht: inv.total_ht,
        tva: inv.total_tva,
        ttc: inv.total_ttc,
        after:
          Number(credit) > 0
            ? [
                { label: t("credit_used"), amount: `-${credit}` },
                { label: t("amount_paid"), amount: amountDue(inv.total_ttc, credit), bold: true },
              ]
            : [],
      },
      extra: {
        facts: [
          { label: t("order"), value: inv.order_number },
          { label: t("order_date"), value: formatDate(inv.created_at, lang, "long") },
        ],
        blocks: [
          {
            title: t("payment_title"),
            rows: [
              { label: t("payment_method"), value: paymentMethodLabel(inv.payment_method, lang) },
              ...(inv.transaction_id ? [{ label: t("transaction_id"), value: inv.transaction_id }] : []),
              ...(inv.paid_at ? [{ label: t("paid_at"), value: formatDate(inv.paid_at, lang, "datetime") }] : []),
              // an invoice on account (decision 149): its due date, and the transfer once received
              ...(dueOn ? [{ label: t("due_on"), value: formatDate(dueOn, lang, "long") }] : []),
              ...(settledAt ? [{ label: t("settled_at"), value: formatDate(settledAt, lang, "long") }] : []),
            ],
          },
        ],
        notes: [
          ...(inv.paid_at || settledAt ? [t("invoice_paid")] : []),
          ...(dueOn && !settledAt ? [translate(lang, "documents.invoice_due", { date: formatDate(dueOn, lang, "long") })] : []),
          t("invoice_terms"),
        ],
      },
    });
    return { number: inv.number, pdf };
  }

  /** The PDF of one of the caller's credit notes; another customer's: not found. */
  const creditNotePdf = ({ db: q, customer, lang }: Context, id: number): Promise<PdfFile> =>
    renderCreditNote(q, and(eq(creditNotes.id, id), eq(creditNotes.customerId, customer.id))!, lang);

  /** A credit note's PDF by its number for the back office: the customer's very document. */
  const staffCreditNotePdf = (q: Db, number: string, lang: Lang): Promise<PdfFile> =>
    renderCreditNote(q, eq(creditNotes.number, number), lang);

  /** The PDF of the credit note `which` selects; none: not found. */
  async function renderCreditNote(q: Db, which: SQL, lang: Lang): Promise<PdfFile> {
    const [cn] = await q
      .select({
        number: creditNotes.number,
        customer_id: creditNotes.customerId,
        issued_at: iso(creditNotes.issuedAt),
        amount_ttc: creditNotes.amountTtc,
        remaining_ttc: creditNotes.remainingTtc,
        reason: creditNotes.reason,
        return_id: creditNotes.returnId,
        cancellation: creditNotes.cancellation,
        order_id: creditNotes.orderId,
        order_number: orders.number,
        invoice_address: orders.invoiceAddress,
      })
      .from(creditNotes)
      .leftJoin(orders, ownOrder)
      .where(which)
      .limit(1);
    if (!cn) throw notFound("documents.pdf_not_found");
    cn.reason = creditNoteReason(cn.reason, cn.return_id, cn.order_number, lang, cn.cancellation);
    const { vat, returned, credit, rate } = await creditNoteVatOf(q, cn);
    const { ht, tva } = vat;
    const customer = await customerRow(q, cn.customer_id);
    const t = (k: string, v?: Record<string, string>) => translate(lang, `documents.${k}`, v);
    const pdf = await renderDocumentPdf({
      kind: "credit_note",
      lang,
      customer: customerBlock(customer, cn.invoice_address),
      number: cn.number,
      date: cn.issued_at,
      lines: vat.byLines
        ? returned.flatMap((l, i) => {
            const c = credit!.lines[i];
            if (!c) return [];
            const gross = dec(l.price).times(l.returned).round(2);
            return [
              {
                reference: l.reference,
                designation: l.designation,
                quantity: l.returned,
                unit: l.unit,
                unitPriceHt: l.price,
                discountHt: gross.minus(c.amount).toFixed(2),
                amountHt: c.amount.toFixed(2),
                vatRate: l.tva,
              },
            ];
          })
        : [
            {
              reference: cn.order_number ?? "—",
              designation: cn.reason ? t("credit_note_line", { reason: cn.reason }) : t("title_credit_note"),
              quantity: 1,
              unit: "—",
              unitPriceHt: ht,
              amountHt: ht,
              vatRate: rate,
            },
          ],
      totals: {
        vat: vat.rows,
        ht,
        tva,
        ttc: cn.amount_ttc,
        after: [{ label: t("credit_note_remaining"), amount: cn.remaining_ttc, bold: true }],
      },
      extra: {
        facts: [
          ...(cn.order_number ? [{ label: t("credit_note_origin"), value: cn.order_number }] : []),
          ...(cn.reason ? [{ label: t("credit_note_reason"), value: cn.reason }] : []),
          { label: t("credit_note_amount"), value: formatPrice(cn.amount_ttc, lang) },
        ],
        notes: [t("credit_note_terms")],
      },
    });
    return { number: cn.number, pdf };
  }

  /** For the order detail page: the order's invoice (number, PDF path) when issued, and the credit spent on it. */
  async function orderDocuments({ db: q, customer }: Context, orderId: number): Promise<OrderDocuments> {
    const customerId = customer.id;
    const [inv] = await q
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.customerId, customerId)))
      .orderBy(asc(invoices.id))
      .limit(1);
    const [o] = await q
      .select({ total_ttc: orders.totalTtc })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
    const credit = o ? await creditUsedOn(q, orderId) : "0.00";
    return {
      invoice: inv ? { number: inv.number, pdf_url: documentPdfPath("invoice", orderId) } : null,
      credit_used: credit,
      amount_due: o ? amountDue(o.total_ttc, credit) : "0.00",
    };
  }

  /**
   * For the back office's order page: the order's invoice when issued (its number, date and amounts) and the credit
   * notes issued on it, oldest first, each with its reason in `lang` and its kind.
   */
  async function orderPapers(q: Db, order: { id: number; number: string }, lang: Lang): Promise<OrderPapers> {
    const [invoice = null] = await q
      .select({ number: invoices.number, issued_at: iso(invoices.issuedAt), amount_ht: invoices.amountHt, amount_ttc: invoices.amountTtc })
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(asc(invoices.id))
      .limit(1);
    const notes = await q
      .select({
        number: creditNotes.number,
        issued_at: iso(creditNotes.issuedAt),
        amount_ttc: creditNotes.amountTtc,
        remaining_ttc: creditNotes.remainingTtc,
        reason: creditNotes.reason,
        return_id: creditNotes.returnId,
        cancellation: creditNotes.cancellation,
      })
      .from(creditNotes)
      .where(eq(creditNotes.orderId, order.id))
      .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id));
    return {
      invoice,
      credit_notes: notes.map(({ return_id, cancellation, ...n }) => ({
        ...n,
        kind: cancellation ? "cancellation" : return_id !== null ? "return" : "other",
        reason: creditNoteReason(n.reason, return_id, order.number, lang, cancellation),
      })),
    };
  }

  /** Links for pages: the list pages of the account area. */
  const pages = (lang: Lang) => ({ invoices: localePath(lang, "/factures"), creditNotes: localePath(lang, "/avoirs") });

  return {
    invoiceList,
    creditNoteList,
    invoicePdf,
    creditNotePdf,
    staffInvoicePdf,
    staffCreditNotePdf,
    orderDocuments,
    orderPapers,
    pages,
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
