// The order detail's delivery and returns part (decision 082): shipped and delivered dates, a link to answer
// for the delivery date while a reply is awaited, a link to ask for a return while the window is open.
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import { localePath } from "#core/slug.ts";
import { returnWindow } from "#core/aftersales/returns.ts";
import type { OrderDetailAnswer } from "#core/contracts/orders.ts";

export function OrderAfterSales({ o }: { o: OrderDetailAnswer }) {
  const { t, lang } = useT();
  const awaiting = o.status === "planned" && o.delivery_status === "awaiting_confirmation";
  const window = returnWindow({ status: o.status, delivered_at: o.delivered_at ?? null }, new Date());
  if (!o.shipped_at && !o.delivered_at && !awaiting) return null;
  return (
    <section aria-labelledby="order-aftersales-title" className="rounded border border-line p-4" data-testid="order-aftersales">
      <h2 id="order-aftersales-title" className="mb-2 text-lg font-semibold">
        {t("aftersales.detail_title")}
      </h2>
      {o.shipped_at && <p>{t("aftersales.detail_shipped_on", { date: formatDate(o.shipped_at, lang) })}</p>}
      {o.delivered_at && <p>{t("aftersales.detail_delivered_on", { date: formatDate(o.delivered_at, lang) })}</p>}
      {window.ends_at && (
        <p className="text-sm">
          {window.open
            ? t("aftersales.window_open_until", { date: formatDate(window.ends_at, lang, "datetime") })
            : t("aftersales.window_closed_on", { date: formatDate(window.ends_at, lang) })}
        </p>
      )}
      <p className="mt-2 flex flex-wrap gap-4">
        {awaiting && (
          <Link to={localePath(lang, "/livraisons")} className="text-brand underline">
            {t("aftersales.detail_delivery_link")}
          </Link>
        )}
        {window.open && (
          <Link to={`${localePath(lang, "/order-retrun")}?order_id=${o.id}`} className="text-brand underline">
            {t("aftersales.detail_return_link")}
          </Link>
        )}
      </p>
    </section>
  );
}
