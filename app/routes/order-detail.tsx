import { Link } from "react-router";
import type { Route } from "./+types/order-detail";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { customerContext } from "#app/lib/guard.ts";
import { notFoundResponse, orNotFound } from "#app/lib/loader-errors.ts";
import { OrderLines, StateBadge, TotalsTable } from "#app/components/orders/order-parts.tsx";
import { OrderDelivery, OrderInvoiceAddress, OrderPayment } from "#app/components/orders/order-sections.tsx";
import { ReorderButton } from "#app/components/orders/reorder-button.tsx";
import { OrderPayAction } from "#app/components/payment/order-pay-action.tsx";
import { OrderDocumentsSection } from "#app/components/orders/order-documents.tsx";
import { TrackingTimeline } from "#app/components/orders/tracking-timeline.tsx";
import { OrderAfterSales } from "#app/components/aftersales/order-aftersales.tsx";
import { AcceptanceNote } from "#app/components/legal/acceptance-note.tsx";
import { formatDate } from "#core/format-date.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import { parseOrderRef } from "#core/validation/orders.ts";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

/** `?id=` is the order id or its number; another customer's order is the 404 page, like an absent one. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const me = ctx.customer;
  const params = url.searchParams;
  const ref = parseOrderRef(params.get("id") ?? params.get("order_id"));
  if (!ref) throw notFoundResponse();
  const o = await orNotFound(context.services.orders.detail({ db: context.services.db, customer: me, lang: context.lang }, ref));
  // The invoice PDF and the credit spent (decision 079), read for this same caller and order.
  return { ...o, documents: await context.services.documents.orderDocuments(ctx, o.id) };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const lang = langOfPath(location.pathname);
  const title = loaderData
    ? translate(lang, "orders.detail_title", { number: loaderData.number })
    : translate(lang, "orders.history_title");
  return [{ title: `${title} — ${translate(lang, "common.brand")}` }, { name: "robots", content: "noindex" }];
};

export default function OrderDetailPage({ loaderData: o }: Route.ComponentProps) {
  const { t, lang } = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand">{t("orders.detail_title", { number: o.number })}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-3">
            <span>{t("orders.placed_on", { date: formatDate(o.created_at, lang, "long") })}</span>
            <StateBadge state={o.state} />
          </p>
        </div>
        <Link to={localePath(lang, "/historique-commandes")} className="text-brand underline">
          {t("orders.back_to_history")}
        </Link>
      </div>
      <OrderPayAction order={o} />
      <TrackingTimeline steps={o.tracking} />
      <section aria-labelledby="order-lines-title" className="flex flex-col gap-3">
        <h2 id="order-lines-title" className="text-lg font-semibold">
          {t("orders.lines_title")}
        </h2>
        <OrderLines lines={o.lines} />
        <div className="flex justify-end">
          <TotalsTable totals={o.totals} credit={o} paid={o.payment !== null} />
        </div>
        <AcceptanceNote kind="cgv" text="orders.cgv_accepted" acceptance={o.cgv} />
      </section>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <OrderDelivery o={o} />
        <OrderInvoiceAddress o={o} />
        <OrderPayment o={o} />
        <OrderAfterSales o={o} />
        <OrderDocumentsSection orderId={o.id} docs={o.documents} />
        {o.note && (
          <section aria-labelledby="order-note-title" className="rounded border border-line p-4">
            <h2 id="order-note-title" className="mb-2 text-lg font-semibold">
              {t("orders.note")}
            </h2>
            <p>{o.note}</p>
          </section>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <ReorderButton orderId={o.id} />
        <Link to={`${localePath(lang, "/une-question")}?order=${o.id}`} className="text-brand underline">
          {t("questions.ask_about_order")}
        </Link>
      </div>
    </div>
  );
}
