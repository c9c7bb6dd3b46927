// /accountpdfquotations (+ /center/): the caller's quotations with number, date, validity, state and total
// (decision 080). Login required; only the caller's own.
import { Link } from "react-router";
import type { Route } from "./+types/quotations";
import { useT } from "#app/lib/i18n.tsx";
import { customerContext } from "#app/lib/guard.ts";
import { PdfLinks, QuotationState } from "#app/components/quotations/quotation-parts.tsx";
import { translate } from "#core/i18n/translate.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export async function loader({ context, url }: Route.LoaderArgs) {
  return context.services.quotations.list(customerContext(context, url));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "quotations.list_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function QuotationsPage({ loaderData: { list } }: Route.ComponentProps) {
  const { t, lang } = useT();
  const detail = (number: string) => `${localePath(lang, "/accountpdfquotation")}?id=${encodeURIComponent(number)}`;
  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2";
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("quotations.list_title")}</h1>
      {list.length === 0 ? (
        <p>{t("quotations.empty")}</p>
      ) : (
        <TableScroll>
          <table className="stack-table w-full text-sm" data-testid="quotation-list">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  {t("quotations.col_number")}
                </th>
                <th scope="col" className={th}>
                  {t("quotations.col_date")}
                </th>
                <th scope="col" className={th}>
                  {t("quotations.col_validity")}
                </th>
                <th scope="col" className={th}>
                  {t("quotations.col_status")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("quotations.col_total")}
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">{t("quotations.col_actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((q) => (
                <tr key={q.id} data-testid="quotation-row" data-number={q.number}>
                  <td className={`${td} whitespace-nowrap font-semibold`} data-label={t("quotations.col_number")}>
                    <Link to={detail(q.number)} className="text-brand underline">
                      {q.number}
                    </Link>
                  </td>
                  <td className={`${td} whitespace-nowrap`} data-label={t("quotations.col_date")}>
                    {formatDate(q.created_at, lang)}
                  </td>
                  <td className={`${td} whitespace-nowrap`} data-label={t("quotations.col_validity")}>
                    {formatDate(q.valid_until, lang)}
                  </td>
                  <td className={td} data-label={t("quotations.col_status")}>
                    <QuotationState state={q.state} text={q.state_text} />
                  </td>
                  <td className={`${td} whitespace-nowrap text-right`} data-label={t("quotations.col_total")}>
                    {formatPrice(q.total_ttc, lang, "TTC")}
                  </td>
                  <td className={td}>
                    <span className="flex flex-wrap gap-3">
                      <Link
                        to={detail(q.number)}
                        className="text-brand underline"
                        aria-label={t("quotations.see_detail_of", { number: q.number })}
                      >
                        {t("quotations.see_detail")}
                      </Link>
                      <PdfLinks id={q.id} number={q.number} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
