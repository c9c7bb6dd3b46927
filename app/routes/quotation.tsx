// /accountpdfquotation?id= (+ /center/): one of the caller's quotations with its lines, totals, PDF in fr or
// zh, and — while it is valid — back into the cart at its quoted prices or cancelled (decisions 080, 085).
// Another customer's quotation is the 404 page, like an absent one.
import { Link } from "react-router";
import type { Route } from "./+types/quotation";
import { useT } from "#app/lib/i18n.tsx";
import { customerContext } from "#app/lib/guard.ts";
import { notFoundResponse, orNotFound } from "#app/lib/loader-errors.ts";
import { CancelQuotationButton, PdfLinks, QuotationState, QuotationToCartButton } from "#app/components/quotations/quotation-parts.tsx";
import { translate } from "#core/i18n/translate.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice, formatUnitPrice } from "#core/price-format.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { quotationRefSchema } from "#core/validation/quotations.ts";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const ref = quotationRefSchema.safeParse({ id: url.searchParams.get("id") ?? "" });
  if (!ref.success) throw notFoundResponse();
  return orNotFound(context.services.quotations.detail(ctx, ref.data));
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const lang = langOfPath(location.pathname);
  const title = loaderData
    ? translate(lang, "quotations.detail_title", { number: loaderData.number })
    : translate(lang, "quotations.list_title");
  return [{ title: `${title} — ${translate(lang, "common.brand")}` }, { name: "robots", content: "noindex" }];
};

export default function QuotationPage({ loaderData: q }: Route.ComponentProps) {
  const { t, lang } = useT();
  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2";
  const pct = (v: string) => `${Math.round(Number(v) * 10000) / 100} %`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand">{t("quotations.detail_title", { number: q.number })}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-3">
            <span>{t("quotations.date", { date: formatDate(q.created_at, lang) })}</span>
            <span data-testid="quotation-validity">{t("quotations.valid_until", { date: formatDate(q.valid_until, lang) })}</span>
            <QuotationState state={q.state} text={q.state_text} />
          </p>
        </div>
        <Link to={localePath(lang, "/accountpdfquotations")} className="text-brand underline">
          {t("quotations.back_to_list")}
        </Link>
      </div>
      <TableScroll>
        <table className="stack-table w-full text-sm" data-testid="quotation-lines">
          <thead>
            <tr>
              <th scope="col" className={th}>
                {t("quotations.col_reference")}
              </th>
              <th scope="col" className={th}>
                {t("quotations.col_designation")}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t("quotations.col_unit_price")}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t("quotations.col_quantity")}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t("quotations.col_remise")}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t("quotations.col_vat")}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t("quotations.col_amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {q.lines.map((l) => (
              <tr key={l.model_id} data-testid="quotation-line" data-reference={l.reference}>
                <td className={`${td} whitespace-nowrap`} data-label={t("quotations.col_reference")}>
                  {l.reference}
                </td>
                <td className={td} data-label={t("quotations.col_designation")}>
                  {l.designation}
                </td>
                <td className={`${td} whitespace-nowrap text-right`} data-label={t("quotations.col_unit_price")}>
                  {formatUnitPrice(l.price, lang, "HT")}
                </td>
                <td className={`${td} text-right`} data-label={t("quotations.col_quantity")}>
                  {l.num}
                  {l.gifted_units > 0 && (
                    <span className="block text-xs font-semibold text-green-800" data-testid="quotation-line-gifted">
                      {t("orders.line_gifted", { count: l.gifted_units })}
                    </span>
                  )}
                </td>
                <td className={`${td} whitespace-nowrap text-right`} data-label={t("quotations.col_remise")}>
                  {l.remise === "0.00" ? "—" : formatPrice(l.remise, lang)}
                </td>
                <td className={`${td} text-right`} data-label={t("quotations.col_vat")}>
                  {pct(l.tva)}
                </td>
                <td className={`${td} whitespace-nowrap text-right`} data-label={t("quotations.col_amount")}>
                  {formatPrice(l.amount, lang, "HT")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="flex justify-end">
        <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm" data-testid="quotation-totals">
          <dt>{t("quotations.total_ht")}</dt>
          <dd className="text-right" data-total="ht">
            {formatPrice(q.total_ht, lang, "HT")}
          </dd>
          <dt>{t("quotations.total_tva")}</dt>
          <dd className="text-right">{formatPrice(q.total_tva, lang)}</dd>
          <dt className="font-semibold">{t("quotations.total_ttc")}</dt>
          <dd className="text-right font-semibold" data-total="ttc">
            {formatPrice(q.total_ttc, lang, "TTC")}
          </dd>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {q.usable && <QuotationToCartButton id={q.id} />}
        <PdfLinks id={q.id} number={q.number} />
        {q.usable && <CancelQuotationButton id={q.id} number={q.number} />}
      </div>
    </div>
  );
}
