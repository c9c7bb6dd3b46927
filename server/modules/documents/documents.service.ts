// The caller's invoices and credit notes (issue 11 item 6, issue 12 items 3 and 8; decision 079): lists, PDFs,
// and the credit balance spent at checkout. Every query is scoped by the caller's customer id: another
// customer's document is not found. Every function takes the handle first (decision 060).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import { dec, formatPrice, sum } from "#core/money.ts";
import { goodsTotal, vatBreakdown, type OrderAddress } from "#core/order-view.ts";
import { breakdownRows } from "#core/order-breakdown.ts";
import { amountDue, creditNoteRate, creditNoteVat, creditToApply, returnCredit, spreadOverCreditNotes } from "#core/documents/credit.ts";
import { localePath } from "#core/slug.ts";
import { chargedLineRows, paymentMethodLabel, renderDocumentPdf, type DocumentCustomer } from "./pdf-layout.ts";
import type { PdfFile } from "#server/http/pdf-download.ts";

export type InvoiceItem = {
  id: number;
  number: string;
  order_id: number;
  order_number: string;
  issued_at: string;
  amount_ht: string;
  amount_ttc: string;
  pdf_url: string;
};

export type CreditNoteItem = {
  id: number;
  number: string;
  order_id: number | null;
  order_number: string | null;
  issued_at: string;
  amount_ttc: string;
  remaining_ttc: string;
  reason: string | null;
  pdf_url: string;
};

export type { PdfFile } from "#server/http/pdf-download.ts";

export type OrderDocuments = { invoice: { number: string; pdf_url: string } | null; credit_used: string; amount_due: string };

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** Download paths (cookie session, owner only). `lang` zh adds ?lang=zh. */
export const invoicePdfPath = (orderId: number, lang: Lang = "fr") => `/documents/invoice/${orderId}.pdf${lang === "zh" ? "?lang=zh" : ""}`;
export const creditNotePdfPath = (id: number, lang: Lang = "fr") => `/documents/credit-note/${id}.pdf${lang === "zh" ? "?lang=zh" : ""}`;

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

type CustomerRow = {
  company: string | null;
  first_name: string;
  last_name: string;
  title: string | null;
  client_number: string;
  siret: string | null;
};
const customerRow = async (q: Db, customerId: number) =>
  (
    await query<CustomerRow>(
      q,
      sql`select company, first_name, last_name, title, client_number, siret from customers where id = ${customerId}`,
    )
  )[0];

/** Σ credit TTC spent on an order and not given back. */
export async function creditUsedOn(q: Db, orderId: number): Promise<string> {
  const [r] = await query<{ used: string }>(
    q,
    sql`select coalesce(sum(amount), 0)::text as used from credit_note_uses where order_id = ${orderId} and released_at is null`,
  );
  return sum([r?.used ?? "0"]).toFixed(2);
}

/**
 * What the buyer pays by card for an order: total_ttc − credit used (decision 079). The payment module asks
 * this instead of reading total_ttc; 0.00 means the credit covered everything (the order is paid already).
 */
export async function orderAmountDue(q: Db, orderId: number): Promise<string> {
  const [o] = await query<{ total_ttc: string }>(q, sql`select total_ttc::text as total_ttc from orders where id = ${orderId}`);
  if (!o) throw notFound("orders.order_not_found");
  return amountDue(o.total_ttc, await creditUsedOn(q, orderId));
}

/** The caller's credit balance: Σ remaining_ttc of their credit notes. */
export async function creditBalance(q: Db, customerId: number): Promise<string> {
  const [r] = await query<{ balance: string }>(
    q,
    sql`select coalesce(sum(remaining_ttc), 0)::text as balance from credit_notes where customer_id = ${customerId}`,
  );
  return sum([r?.balance ?? "0"]).toFixed(2);
}

/**
 * Inside the order's transaction: takes min(balance, order TTC) from the customer's credit notes, oldest first,
 * each by one guarded statement (remaining_ttc >= amount), and records it per order. Locks the notes
 * (for update, id order) so two orders racing for one balance queue: the second sees what the first left.
 * Returns the amount taken (0.00 when there is no balance).
 */
export async function consumeCreditNotes(tx: Db, customerId: number, orderId: number, orderTtc: string): Promise<string> {
  const notes = await query<{ id: number; remaining_ttc: string }>(
    tx,
    sql`select id, remaining_ttc::text as remaining_ttc from credit_notes
        where customer_id = ${customerId} and remaining_ttc > 0 order by issued_at, id for update`,
  );
  const wanted = creditToApply(sum(notes.map((n) => n.remaining_ttc)), orderTtc);
  const parts = spreadOverCreditNotes(notes, wanted);
  for (const p of parts) {
    const done = await query(
      tx,
      sql`update credit_notes set remaining_ttc = remaining_ttc - ${p.amount}::numeric
          where id = ${p.id} and customer_id = ${customerId} and remaining_ttc >= ${p.amount}::numeric returning id`,
    );
    if (done.length === 0) throw refused("documents.credit_unavailable");
    await query(
      tx,
      sql`insert into credit_note_uses (order_id, credit_note_id, amount) values (${orderId}, ${p.id}, ${p.amount}::numeric)`,
    );
  }
  return sum(parts.map((p) => p.amount)).toFixed(2);
}

/**
 * Gives the credit spent on an order back to its credit notes, exactly once (each use row is released by a
 * guarded update; a second call, or a concurrent one, finds nothing left to release). For the expiry or
 * cancellation of an unpaid order, inside that transaction. Returns the amount given back.
 */
export async function releaseCreditNotes(q: Db, orderId: number): Promise<string> {
  const released = await query<{ credit_note_id: number; amount: string }>(
    q,
    sql`update credit_note_uses set released_at = now() where order_id = ${orderId} and released_at is null
        returning credit_note_id, amount::text as amount`,
  );
  for (const r of released) {
    await query(q, sql`update credit_notes set remaining_ttc = remaining_ttc + ${r.amount}::numeric where id = ${r.credit_note_id}`);
  }
  return sum(released.map((r) => r.amount)).toFixed(2);
}

/** The shop's text, or for a credit note issued by a refunded return (no text stored) its translated reason. */
export function creditNoteReason(reason: string | null, returnId: number | null, orderNumber: string | null, lang: Lang): string | null {
  if (reason || returnId === null) return reason;
  return translate(lang, "documents.credit_note_return_reason", { number: orderNumber ?? "—" });
}

export function createDocumentsService() {
  async function invoiceList(q: Db, customerId: number): Promise<InvoiceItem[]> {
    const rows = await query<Omit<InvoiceItem, "pdf_url">>(
      q,
      sql`select i.id, i.number, i.order_id, o.number as order_number, ${iso("i.issued_at")} as issued_at,
          i.amount_ht::text as amount_ht, i.amount_ttc::text as amount_ttc
          from invoices i join orders o on o.id = i.order_id
          where i.customer_id = ${customerId} order by i.issued_at desc, i.id desc`,
    );
    return rows.map((r) => ({ ...r, pdf_url: invoicePdfPath(r.order_id) }));
  }

  async function creditNoteList(q: Db, customerId: number, lang: Lang = "fr"): Promise<{ list: CreditNoteItem[]; balance: string }> {
    const rows = await query<Omit<CreditNoteItem, "pdf_url"> & { return_id: number | null }>(
      q,
      sql`select c.id, c.number, c.order_id, o.number as order_number, ${iso("c.issued_at")} as issued_at,
          c.amount_ttc::text as amount_ttc, c.remaining_ttc::text as remaining_ttc, c.reason, c.return_id
          from credit_notes c left join orders o on o.id = c.order_id and o.customer_id = c.customer_id
          where c.customer_id = ${customerId} order by c.issued_at desc, c.id desc`,
    );
    const list = rows.map(({ return_id, ...r }) => ({
      ...r,
      reason: creditNoteReason(r.reason, return_id, r.order_number, lang),
      pdf_url: creditNotePdfPath(r.id),
    }));
    return { list, balance: sum(list.map((c) => c.remaining_ttc)).toFixed(2) };
  }

  /** The invoice PDF of one of the caller's orders; another customer's order, or one without invoice: not found. */
  async function invoicePdf(q: Db, customerId: number, orderId: number, lang: Lang): Promise<PdfFile> {
    const [inv] = await query<{
      number: string;
      issued_at: string;
      order_number: string;
      created_at: string;
      paid_at: string | null;
      payment_method: string | null;
      transaction_id: string | null;
      total_ht: string;
      total_tva: string;
      total_ttc: string;
      freight_ht: string;
      freight_tva: string;
      freight_discount_ht: string;
      freight_vat_rate: string | null;
      discount_amount: string;
      invoice_address: Snapshot | null;
      delivery_address: Snapshot | null;
    }>(
      q,
      sql`select i.number, ${iso("i.issued_at")} as issued_at, o.number as order_number, ${iso("o.created_at")} as created_at,
          ${iso("o.paid_at")} as paid_at, o.payment_method, o.transaction_id, o.total_ht::text as total_ht, o.total_tva::text as total_tva,
          o.total_ttc::text as total_ttc, o.freight_ht::text as freight_ht, o.freight_tva::text as freight_tva,
          o.freight_discount_ht::text as freight_discount_ht, o.freight_vat_rate::text as freight_vat_rate,
          o.discount_amount::text as discount_amount, o.invoice_address, o.delivery_address
          from invoices i join orders o on o.id = i.order_id
          where i.order_id = ${orderId} and i.customer_id = ${customerId} and o.customer_id = ${customerId}
          order by i.id limit 1`,
    );
    if (!inv) throw notFound("documents.pdf_not_found");
    const lines = await query<{
      reference: string;
      designation: string;
      unit: string;
      price: string;
      num: number;
      tva: string;
      remise: string;
      line_ht: string;
      gifted_units: number;
    }>(
      q,
      sql`select reference, designation, unit, price::text as price, num, tva::text as tva, remise::text as remise, line_ht::text as line_ht,
                 gifted_units
          from order_lines where order_id = ${orderId} order by id`,
    );
    const customer = await customerRow(q, customerId);
    const snapshot = (v: Snapshot | string | null) => (typeof v === "string" ? (JSON.parse(v) as Snapshot) : v);
    const credit = await creditUsedOn(q, orderId);
    const t = (k: string) => translate(lang, `documents.${k}`);
    const pdf = await renderDocumentPdf({
      kind: "invoice",
      lang,
      customer: customerBlock(customer, snapshot(inv.invoice_address) ?? snapshot(inv.delivery_address)),
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
            ],
          },
        ],
        notes: [...(inv.paid_at ? [t("invoice_paid")] : []), t("invoice_terms")],
      },
    });
    return { number: inv.number, pdf };
  }

  /** The PDF of one of the caller's credit notes; another customer's: not found. */
  async function creditNotePdf(q: Db, customerId: number, id: number, lang: Lang): Promise<PdfFile> {
    const [cn] = await query<{
      number: string;
      issued_at: string;
      amount_ttc: string;
      remaining_ttc: string;
      reason: string | null;
      return_id: number | null;
      order_id: number | null;
      order_number: string | null;
      invoice_address: Snapshot | string | null;
    }>(
      q,
      sql`select c.number, ${iso("c.issued_at")} as issued_at, c.amount_ttc::text as amount_ttc, c.remaining_ttc::text as remaining_ttc,
          c.reason, c.return_id, c.order_id, o.number as order_number, o.invoice_address
          from credit_notes c left join orders o on o.id = c.order_id and o.customer_id = c.customer_id
          where c.id = ${id} and c.customer_id = ${customerId}`,
    );
    if (!cn) throw notFound("documents.pdf_not_found");
    cn.reason = creditNoteReason(cn.reason, cn.return_id, cn.order_number, lang);
    // The returned lines the note was issued for (a return's note), each with the order's discount.
    const returned = cn.return_id
      ? await query<{
          reference: string;
          designation: string;
          unit: string;
          price: string;
          line_ht: string;
          num: number;
          tva: string;
          returned: number;
          discount_amount: string;
          goods_ht: string;
        }>(
          q,
          sql`select l.reference, l.designation, l.unit, l.price::text as price, l.line_ht::text as line_ht, l.num, l.tva::text as tva,
              least(rl.num, l.num) as returned, o.discount_amount::text as discount_amount,
              (select coalesce(sum(x.line_ht), 0)::text from order_lines x where x.order_id = o.id) as goods_ht
              from return_lines rl join order_lines l on l.id = rl.order_line_id join orders o on o.id = l.order_id
              where rl.return_id = ${cn.return_id} order by l.id`,
        )
      : [];
    const credit = returned.length > 0 ? returnCredit(returned, returned[0]) : null;
    // Without its lines, one rate: the order's when all its lines share one, else the standard rate.
    const rates = cn.order_id
      ? await query<{ tva: string }>(q, sql`select distinct tva::text as tva from order_lines where order_id = ${cn.order_id}`)
      : [];
    const rate = creditNoteRate(rates.map((r) => r.tva));
    const vat = creditNoteVat(cn.amount_ttc, credit, rate);
    const { ht, tva } = vat;
    const customer = await customerRow(q, customerId);
    const t = (k: string, v?: Record<string, string>) => translate(lang, `documents.${k}`, v);
    const address = typeof cn.invoice_address === "string" ? (JSON.parse(cn.invoice_address) as Snapshot) : cn.invoice_address;
    const pdf = await renderDocumentPdf({
      kind: "credit_note",
      lang,
      customer: customerBlock(customer, address),
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
  async function orderDocuments(q: Db, customerId: number, orderId: number): Promise<OrderDocuments> {
    const [inv] = await query<{ number: string }>(
      q,
      sql`select number from invoices where order_id = ${orderId} and customer_id = ${customerId} order by id limit 1`,
    );
    const [o] = await query<{ total_ttc: string }>(
      q,
      sql`select total_ttc::text as total_ttc from orders where id = ${orderId} and customer_id = ${customerId}`,
    );
    const credit = o ? await creditUsedOn(q, orderId) : "0.00";
    return {
      invoice: inv ? { number: inv.number, pdf_url: invoicePdfPath(orderId) } : null,
      credit_used: credit,
      amount_due: o ? amountDue(o.total_ttc, credit) : "0.00",
    };
  }

  /** Links for pages: the list pages of the account area. */
  const pages = (lang: Lang) => ({ invoices: localePath(lang, "/factures"), creditNotes: localePath(lang, "/avoirs") });

  return { invoiceList, creditNoteList, invoicePdf, creditNotePdf, creditBalance, orderDocuments, pages };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
