// /avoirs (+ /center/avoirs, /zh): the caller's credit notes with their balance and PDF (decision 079).
// The balance is spent at checkout ("use my credit note").
import type { Route } from "./+types/credit-notes";
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
  return context.services.documents.creditNoteList(customerContext(context, url));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "documents.credit_notes_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function CreditNotes({ loaderData: { list, balance } }: Route.ComponentProps) {
  const { t, lang } = useT();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("documents.credit_notes_title")}</h1>
      <p className="text-sm text-muted">{t("documents.credit_notes_intro")}</p>
      {list.length === 0 ? (
        <p>{t("documents.credit_notes_empty")}</p>
      ) : (
        <>
          <p className="text-lg font-semibold" data-testid="credit-balance">
            {t("documents.credit_notes_balance", { amount: formatPrice(balance, lang, "TTC") })}
          </p>
          <DocumentTable
            rows={list}
            kind="credit-note"
            pdfRef={(c) => c.id}
            testIds={{ table: "credit-note-list", row: "credit-note-row", pdf: "credit-note-pdf" }}
            pdfLabel={(c) => t("documents.download_credit_note", { number: c.number })}
            columns={[
              { header: t("documents.col_credit_number"), cell: (c) => c.number, strong: true },
              { header: t("documents.col_credit_date"), cell: (c) => formatDate(c.issued_at, lang) },
              {
                header: t("documents.col_credit_order"),
                cell: (c) => (c.order_number ? <OrderLink number={c.order_number} /> : t("documents.no_order")),
              },
              { header: t("documents.col_credit_amount"), cell: (c) => formatPrice(c.amount_ttc, lang, "TTC"), right: true },
              { header: t("documents.col_credit_remaining"), cell: (c) => formatPrice(c.remaining_ttc, lang, "TTC"), right: true },
            ]}
          />
        </>
      )}
    </div>
  );
}
