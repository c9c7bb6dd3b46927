// The quotation PDF in fr or zh (decision 080) in the shared document layout of
// server/modules/documents (decision 079: seller legal details, customer block, lines HT, VAT by rate,
// totals, notes, page numbers; Noto Sans SC for both languages).
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import { vatByRate } from "#core/vat.ts";
import { chargedLineRows, renderDocumentPdf, type DocumentInput } from "#server/modules/documents/pdf-layout.ts";
import type { QuotationDetailAnswer } from "#core/contracts/quotations.ts";

type PdfCustomer = { name: string; company: string | null; clientNumber: string; email: string; siret: string | null };

/** VAT by rate, the rule of invoices and of the quotation's own total (core/vat.ts). */
const vatRows = (lines: QuotationDetailAnswer["lines"]) => vatByRate(lines.map((l) => ({ amount: l.amount, rate: l.tva }))).rows;

/** The quotation as a document of the shared layout, in `lang`. */
function quotationDocument(qt: QuotationDetailAnswer, customer: PdfCustomer, lang: Lang): DocumentInput {
  const t = (k: string, v?: Record<string, string | number>) => translate(lang, `quotations.${k}`, v);
  const validUntil = qt.valid_until ? formatDate(qt.valid_until, lang) : "—";
  return {
    kind: "quotation",
    lang,
    customer: {
      name: customer.company || customer.name,
      lines: [customer.company ? customer.name : null, customer.email].filter((x): x is string => !!x),
      clientNumber: customer.clientNumber,
      siret: customer.siret,
    },
    number: qt.number,
    date: qt.created_at,
    // Units the promotion offers follow their line at no charge, as on the invoice.
    lines: qt.lines.flatMap((l) =>
      chargedLineRows(
        lang,
        {
          reference: l.reference,
          designation: l.designation,
          quantity: l.num,
          unit: l.unit ?? "",
          unitPriceHt: l.price,
          discountHt: l.remise,
          amountHt: l.amount,
          vatRate: l.tva,
        },
        l.gifted_units,
      ),
    ),
    totals: { vat: vatRows(qt.lines), ht: qt.total_ht, tva: qt.total_tva, ttc: qt.total_ttc },
    extra: {
      facts: [
        { label: t("col_validity"), value: validUntil },
        { label: t("col_status"), value: qt.state_text },
      ],
      notes: [t("pdf_validity_note", { date: validUntil })],
    },
  };
}

export function quotationPdf(qt: QuotationDetailAnswer, customer: PdfCustomer, lang: Lang): Promise<Buffer> {
  return renderDocumentPdf(quotationDocument(qt, customer, lang));
}
