// The order detail's invoice block (decisions 079, 130): download link of the invoice PDF once issued, in the
// page's language and the other one, and the credit-note balance spent on the order with what remains to pay.
import { useT } from "#app/lib/i18n.tsx";
import { decOrZero } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { documentPdfPath, pdfFileName } from "#core/documents/pdf-url.ts";

type Docs = { invoice: { number: string } | null; credit_used: string; amount_due: string };

export function OrderDocumentsSection({ orderId, docs }: { orderId: number; docs: Docs }) {
  const { t, lang } = useT();
  const credit = decOrZero(docs.credit_used).sign() > 0;
  const other = lang === "zh" ? "fr" : "zh";
  return (
    <section aria-labelledby="order-documents-title" className="rounded border border-line p-4" data-testid="order-documents">
      <h2 id="order-documents-title" className="mb-2 text-lg font-semibold">
        {t("documents.order_documents_title")}
      </h2>
      {docs.invoice ? (
        <p className="flex flex-wrap gap-4">
          <a
            href={documentPdfPath("invoice", orderId, lang)}
            download={pdfFileName(docs.invoice.number, lang)}
            className="text-brand underline"
          >
            {t("documents.download_invoice", { number: docs.invoice.number })}
          </a>
          <a
            href={documentPdfPath("invoice", orderId, other)}
            download={pdfFileName(docs.invoice.number, other)}
            className="text-brand underline"
          >
            {t("documents.download_other_lang")}
          </a>
        </p>
      ) : (
        <p>{t("documents.invoice_pending")}</p>
      )}
      {credit && (
        <dl className="mt-2 flex flex-col gap-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt>{t("documents.credit_used")}</dt>
            <dd>{formatPrice(`-${docs.credit_used}`, lang)}</dd>
          </div>
          <div className="flex justify-between gap-4 font-semibold">
            <dt>{t("documents.amount_due_label")}</dt>
            <dd>{formatPrice(docs.amount_due, lang)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
