import { Link } from "react-router";
import type { Route } from "./+types/order-history";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { customerContext } from "#app/lib/guard.ts";
import { StateBadge } from "#app/components/orders/order-parts.tsx";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { orderListSchema } from "#core/validation/orders.ts";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  // A page number that is not one shows the first page.
  const parsed = orderListSchema.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const input = parsed.success ? parsed.data : orderListSchema.parse({});
  return context.services.orders.list(ctx, input);
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "orders.history_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function OrderHistory({ loaderData: { list, page, page_count } }: Route.ComponentProps) {
  const { t, lang } = useT();
  const detail = (number: string) => `${localePath(lang, "/order-detail")}?id=${encodeURIComponent(number)}`;
  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2";
  const pageLink = (n: number) => `?page=${n}`;
  const cls = "rounded border border-line px-3 py-1 hover:border-brand";
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("orders.history_title")}</h1>
      {list.length === 0 ? (
        <p>{t("orders.history_empty")}</p>
      ) : (
        <TableScroll>
          <table className="stack-table w-full text-sm" data-testid="order-history">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  {t("orders.col_number")}
                </th>
                <th scope="col" className={th}>
                  {t("orders.col_date")}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t("orders.col_total")}
                </th>
                <th scope="col" className={th}>
                  {t("orders.col_status")}
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">{t("orders.col_actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.id}>
                  <td className={`${td} whitespace-nowrap font-semibold`} data-label={t("orders.col_number")}>
                    <Link to={detail(o.number)} className="text-brand underline">
                      {o.number}
                    </Link>
                  </td>
                  <td className={`${td} whitespace-nowrap`} data-label={t("orders.col_date")}>
                    {formatDate(o.created_at, lang)}
                  </td>
                  <td className={`${td} whitespace-nowrap text-right`} data-label={t("orders.col_total")}>
                    {formatPrice(o.total_ttc, lang, "TTC")}
                    {Number(o.credit_used) > 0 && (
                      // a credit note paid part of it (decision 079): the credit deducted and the card's part
                      <span className="block text-xs text-muted" data-testid="history-credit">
                        {t("orders.credit_used")} {formatPrice(`-${o.credit_used}`, lang)}
                        <br />
                        {t(o.status === "unpaid" ? "orders.amount_due_unpaid" : "orders.amount_due")} {formatPrice(o.amount_due, lang)}
                      </span>
                    )}
                  </td>
                  <td className={td} data-label={t("orders.col_status")}>
                    <StateBadge state={o.state} />
                  </td>
                  <td className={td}>
                    <Link
                      to={detail(o.number)}
                      className="text-brand underline"
                      aria-label={t("orders.see_detail_of", { number: o.number })}
                    >
                      {t("orders.see_detail")}
                    </Link>
                    {o.status === "unpaid" && (
                      <Link
                        to={`${localePath(lang, "/paymentcb")}?order_id=${o.id}`}
                        className="ml-3 whitespace-nowrap font-semibold text-brand underline"
                        aria-label={t("payment_pages.pay_order_of", { number: o.number })}
                      >
                        {t("payment_pages.pay_now")}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {page_count > 1 && (
        <nav aria-label={t("orders.pagination")} className="flex flex-wrap items-center justify-center gap-3 text-sm">
          {page > 1 && (
            <Link to={pageLink(page - 1)} className={cls} rel="prev">
              {t("orders.previous_page")}
            </Link>
          )}
          <span aria-current="page">{t("orders.page_of", { page, count: page_count })}</span>
          {page < page_count && (
            <Link to={pageLink(page + 1)} className={cls} rel="next">
              {t("orders.next_page")}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
