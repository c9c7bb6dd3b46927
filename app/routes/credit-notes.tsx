// /avoirs (+ /center/avoirs, /zh): the caller's credit notes with their balance and PDF (issue 12 item 3;
// decision 079). The balance is spent at checkout ("use my credit note").
import { Link } from "react-router";
import type { Route } from "./+types/credit-notes";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { requireCustomer } from "#app/lib/guard.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/money.ts";
import { localePath } from "#core/slug.ts";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = requireCustomer(context, request);
  return context.services.documents.creditNoteList(context.services.db, me.id);
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = location.pathname.startsWith("/zh") ? "zh" : "fr";
  return [
    { title: `${translate(lang, "documents.credit_notes_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function CreditNotes({ loaderData: { list, balance } }: Route.ComponentProps) {
  const { t, lang } = useT();
  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2";
  const pdf = (url: string) => (lang === "zh" ? `${url}?lang=zh` : url);
  const detail = (number: string) => `${localePath(lang, "/order-detail")}?id=${encodeURIComponent(number)}`;
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
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="credit-note-list">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    {t("documents.col_credit_number")}
                  </th>
                  <th scope="col" className={th}>
                    {t("documents.col_credit_date")}
                  </th>
                  <th scope="col" className={th}>
                    {t("documents.col_credit_order")}
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    {t("documents.col_credit_amount")}
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    {t("documents.col_credit_remaining")}
                  </th>
                  <th scope="col" className={th}>
                    {t("documents.col_pdf")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.id} data-testid="credit-note-row">
                    <td className={`${td} whitespace-nowrap font-semibold`}>{c.number}</td>
                    <td className={`${td} whitespace-nowrap`}>{formatDate(c.issued_at, lang)}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {c.order_number ? (
                        <Link to={detail(c.order_number)} className="text-brand underline">
                          {c.order_number}
                        </Link>
                      ) : (
                        t("documents.no_order")
                      )}
                    </td>
                    <td className={`${td} whitespace-nowrap text-right`}>{formatPrice(c.amount_ttc, lang, "TTC")}</td>
                    <td className={`${td} whitespace-nowrap text-right`}>{formatPrice(c.remaining_ttc, lang, "TTC")}</td>
                    <td className={td}>
                      <a
                        href={pdf(c.pdf_url)}
                        download={`${c.number}.pdf`}
                        className="text-brand underline"
                        aria-label={t("documents.download_credit_note", { number: c.number })}
                        data-testid="credit-note-pdf"
                      >
                        {t("documents.download_pdf")}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
