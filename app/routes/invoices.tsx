// /factures (+ /center/factures, /zh): the caller's invoices with their PDF (decision 079).
import type { Route } from "./+types/invoices";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { customerContext } from "#app/lib/guard.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { DocumentTable, OrderLink } from "#app/components/documents/document-table.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export async function loader({ context, url }: Route.LoaderArgs) {
  return { list: await context.services.documents.invoiceList(customerContext(context, url)) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "documents.invoices_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function Invoices({ loaderData: { list } }: Route.ComponentProps) {
  const { t, lang } = useT();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("documents.invoices_title")}</h1>
      <p className="text-sm text-muted">{t("documents.invoices_intro")}</p>
      {list.length === 0 ? (
        <p>{t("documents.invoices_empty")}</p>
      ) : (
        <DocumentTable
          rows={list}
          kind="invoice"
          pdfRef={(i) => i.order_id}
          testIds={{ table: "invoice-list", row: "invoice-row", pdf: "invoice-pdf" }}
          pdfLabel={(i) => t("documents.download_invoice", { number: i.number })}
          columns={[
            { header: t("documents.col_invoice_date"), cell: (i) => formatDate(i.issued_at, lang) },
            { header: t("documents.col_invoice_number"), cell: (i) => i.number, strong: true },
            { header: t("documents.col_invoice_order"), cell: (i) => <OrderLink number={i.order_number} /> },
            { header: t("documents.col_invoice_amount"), cell: (i) => formatPrice(i.amount_ttc, lang, "TTC"), right: true },
          ]}
        />
      )}
    </div>
  );
}
