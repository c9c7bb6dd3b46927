import { Link } from "react-router";
import type { Route } from "./+types/order-tracking";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { customerContext } from "#app/lib/guard.ts";
import { StateBadge } from "#app/components/orders/order-parts.tsx";
import { TrackingTimeline } from "#app/components/orders/tracking-timeline.tsx";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { ReturnsList } from "#app/components/aftersales/returns-list.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const { orders, returns } = context.services;
  // The returns part of "suivi de commande et retours" (decision 082).
  const [tracked, list] = await Promise.all([orders.tracking(ctx), returns.list(ctx)]);
  return { orders: tracked, returns: list };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "orders.tracking_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function OrderTracking({ loaderData: { orders, returns } }: Route.ComponentProps) {
  const { t, lang } = useT();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand">{t("orders.tracking_title")}</h1>
      {orders.length === 0 ? <p>{t("orders.tracking_empty")}</p> : <p>{t("orders.tracking_intro", { count: orders.length })}</p>}
      <ul className="flex flex-col gap-4">
        {orders.map((o) => (
          <li key={o.id} className="rounded border border-line p-4" data-testid="tracked-order">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-semibold">
                <Link to={`${localePath(lang, "/order-detail")}?id=${encodeURIComponent(o.number)}`} className="text-brand underline">
                  {o.number}
                </Link>
              </h2>
              <span className="text-sm">
                {formatDate(o.created_at, lang)} · {formatPrice(o.total_ttc, lang, "TTC")}
              </span>
              <StateBadge state={o.state} />
            </div>
            <TrackingTimeline steps={o.tracking} />
          </li>
        ))}
      </ul>
      <ReturnsList returns={returns} headingId="tracking-returns" title={t("aftersales.tracking_returns_title")} />
      <p>
        <Link to={localePath(lang, "/order-retrun")} className="text-brand underline">
          {t("aftersales.returns_link")}
        </Link>
      </p>
    </div>
  );
}
