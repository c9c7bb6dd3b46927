// /factures (+ /center/factures, /zh): the caller's invoices with their PDF (issue 12 item 8; decision 079).
import { Link } from "react-router";
import type { Route } from "./+types/invoices";
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
  return { list: await context.services.documents.invoiceList(context.services.db, me.id) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = location.pathname.startsWith("/zh") ? "zh" : "fr";
  return [
    { title: `${translate(lang, "documents.invoices_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function Invoices({ loaderData: { list } }: Route.ComponentProps) {
  const { t, lang } = useT();
  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2";
  const pdf = (url: string) => (lang === "zh" ? `${url}?lang=zh` : url);
  const detail = (number: string) => `${localePath(lang, "/order-detail")}?id=${encodeURIComponent(number)}`;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("documents.invoices_title")}</h1>
      <p className="text-sm text-muted">{t("documents.invoices_intro")}</p>
      {list.length === 0 ? (
        <p>{t("documents.invoices_empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="invoice-list">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  {t("documents.col_invoice_date")}
                </th>
                <th scope="col" className={th}>
                  {t("documents.col_invoice_number")}
                </th>
                <th scope="col" className={th}>
                  {t("documents.col_invoice_order")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("documents.col_invoice_amount")}
                </th>
                <th scope="col" className={th}>
                  {t("documents.col_pdf")}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((i) => (
                <tr key={i.id} data-testid="invoice-row">
                  <td className={`${td} whitespace-nowrap`}>{formatDate(i.issued_at, lang)}</td>
                  <td className={`${td} whitespace-nowrap font-semibold`}>{i.number}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <Link to={detail(i.order_number)} className="text-brand underline">
                      {i.order_number}
                    </Link>
                  </td>
                  <td className={`${td} whitespace-nowrap text-right`}>{formatPrice(i.amount_ttc, lang, "TTC")}</td>
                  <td className={td}>
                    <a
                      href={pdf(i.pdf_url)}
                      download={`${i.number}.pdf`}
                      className="text-brand underline"
                      aria-label={t("documents.download_invoice", { number: i.number })}
                      data-testid="invoice-pdf"
                    >
                      {t("documents.download_pdf")}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
