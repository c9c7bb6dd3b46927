import type { Route } from "./+types/reduction";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { customerContext } from "#app/lib/guard.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { couponState, type CouponState } from "#core/coupon-state.ts";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

/** The caller's coupons (the same service as GET /site/Customer/couponList), usable first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const now = new Date();
  const list = await context.services.coupons.list(ctx, now);
  return { coupons: list.map((c) => ({ ...c, state: couponState(c, now) })) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "area.reduction_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

const STATE_CLASS: Record<CouponState, string> = {
  usable: "bg-green-100 text-green-900",
  used: "bg-paper text-muted",
  expired: "bg-red-50 text-red-900",
  not_started: "bg-amber-50 text-amber-900",
};

export default function ReductionPage({ loaderData: { coupons } }: Route.ComponentProps) {
  const { t, lang } = useT();
  const th = "border-b border-line px-2 py-2 text-left font-semibold";
  const td = "border-b border-line px-2 py-2";
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("area.reduction_title")}</h1>
      <p className="text-sm text-muted">{t("area.reduction_intro")}</p>
      {coupons.length === 0 ? (
        <p>{t("area.reduction_empty")}</p>
      ) : (
        <TableScroll>
          <table className="stack-table w-full text-sm" data-testid="coupon-list">
            <caption className="sr-only">{t("area.reduction_caption")}</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  {t("area.reduction_col_code")}
                </th>
                <th scope="col" className={th}>
                  {t("area.reduction_col_value")}
                </th>
                <th scope="col" className={th}>
                  {t("area.reduction_col_minimum")}
                </th>
                <th scope="col" className={th}>
                  {t("area.reduction_col_validity")}
                </th>
                <th scope="col" className={th}>
                  {t("area.reduction_col_status")}
                </th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((c) => (
                <tr key={c.id} data-code={c.code} data-state={c.state}>
                  <td className={`${td} whitespace-nowrap font-mono font-semibold`} data-label={t("area.reduction_col_code")}>
                    {c.code}
                  </td>
                  <td className={td} data-label={t("area.reduction_col_value")}>
                    {c.value !== null
                      ? t("area.reduction_percent", {
                          value: String(Math.round(Number(c.value) * 10000) / 100).replace(".", lang === "fr" ? "," : "."),
                        })
                      : t("area.reduction_amount", { amount: formatPrice(c.amount ?? "0", lang, "HT") })}
                  </td>
                  <td className={`${td} whitespace-nowrap`} data-label={t("area.reduction_col_minimum")}>
                    {Number(c.min_amount) > 0 ? formatPrice(c.min_amount, lang, "HT") : t("area.reduction_no_minimum")}
                  </td>
                  <td className={td} data-label={t("area.reduction_col_validity")}>
                    {c.ends_at
                      ? t("area.reduction_from_to", { from: formatDate(c.starts_at, lang), to: formatDate(c.ends_at, lang) })
                      : t("area.reduction_from", { from: formatDate(c.starts_at, lang) })}
                  </td>
                  <td className={td} data-label={t("area.reduction_col_status")}>
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[c.state]}`}>
                      {t(`area.reduction_${c.state}`)}
                    </span>
                    <span className="mt-1 block text-xs text-muted">{t("area.reduction_uses", { count: c.uses, max: c.max_uses })}</span>
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
