// The order page's invoice and credit notes (admin/order.tsx), for the roles that read invoices: the invoice's
// number, date and amounts, or that there is none yet; the credit notes issued on the order; each with its PDF, the
// very document the customer downloads (admin/order-invoice.ts, admin/credit-note-file.ts).
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { OrderPapers } from "#core/documents/order-papers.ts";
import { adminCreditNotePath, adminInvoicePath } from "./document-paths.ts";

/** `credit_notes` is null for a role that does not read them. */
type Papers = { invoice: OrderPapers["invoice"]; credit_notes: OrderPapers["credit_notes"] | null };

export function OrderDocuments({ orderNumber, papers }: { orderNumber: string; papers: Papers }) {
  const { t, lang } = useT();
  const { invoice, credit_notes: notes } = papers;
  const th = "p-2";
  return (
    <section aria-labelledby="order-documents" className="rounded border border-line bg-white p-4" data-testid="order-documents">
      <h2 id="order-documents" className="mb-2 text-lg font-semibold">
        {t("admin.order_documents")}
      </h2>
      <h3 className="text-sm font-semibold">{t("admin.order_invoice")}</h3>
      {invoice ? (
        <div className="flex flex-wrap items-end gap-x-8 gap-y-2">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt>{t("admin.order_invoice_number")}</dt>
            <dd className="font-medium">{invoice.number}</dd>
            <dt>{t("admin.order_invoice_date")}</dt>
            <dd>{formatDate(invoice.issued_at, lang, "long")}</dd>
            <dt>{t("admin.order_invoice_ht")}</dt>
            <dd className="tabular-nums">{formatPrice(invoice.amount_ht, lang, "HT")}</dd>
            <dt>{t("admin.order_invoice_ttc")}</dt>
            <dd className="tabular-nums">{formatPrice(invoice.amount_ttc, lang, "TTC")}</dd>
          </dl>
          <a href={adminInvoicePath(lang, orderNumber)} download className="text-sm text-brand underline">
            {t("admin.order_invoice_download", { number: invoice.number })}
          </a>
        </div>
      ) : (
        <p className="text-sm text-muted">{t("admin.order_invoice_none")}</p>
      )}
      {notes && (
        <>
          <h3 className="mt-4 text-sm font-semibold">{t("admin.order_credit_notes")}</h3>
          {notes.length === 0 ? (
            <p className="text-sm text-muted">{t("admin.order_credit_notes_none")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-line">
                    <th scope="col" className={th}>
                      {t("admin.order_credit_note_number")}
                    </th>
                    <th scope="col" className={th}>
                      {t("admin.order_credit_note_date")}
                    </th>
                    <th scope="col" className={th}>
                      {t("admin.order_credit_note_kind")}
                    </th>
                    <th scope="col" className={th}>
                      {t("admin.order_credit_note_reason")}
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      {t("admin.order_credit_note_amount")}
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      {t("admin.order_credit_note_remaining")}
                    </th>
                    <th scope="col" className={th}>
                      {t("admin.order_credit_note_pdf")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {notes.map((n) => (
                    <tr key={n.number} className="border-b border-line align-top">
                      <th scope="row" className={`${th} whitespace-nowrap font-medium`}>
                        {n.number}
                      </th>
                      <td className={`${th} whitespace-nowrap`}>{formatDate(n.issued_at, lang)}</td>
                      <td className={th}>{t(`admin.order_credit_note_kind_${n.kind}`)}</td>
                      <td className={th}>{n.reason ?? "—"}</td>
                      <td className={`${th} whitespace-nowrap text-right tabular-nums`}>{formatPrice(n.amount_ttc, lang, "TTC")}</td>
                      <td className={`${th} whitespace-nowrap text-right tabular-nums`}>{formatPrice(n.remaining_ttc, lang, "TTC")}</td>
                      <td className={th}>
                        <a
                          href={adminCreditNotePath(lang, n.number)}
                          download
                          className="text-brand underline"
                          aria-label={t("admin.order_credit_note_download", { number: n.number })}
                        >
                          PDF
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
