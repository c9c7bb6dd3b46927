import { Link } from "react-router";
import type { Route } from "./+types/order-confirmation";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { customerContext } from "#app/lib/guard.ts";
import { notFoundResponse, orNotFound } from "#app/lib/loader-errors.ts";
import { OrderLines, StateBadge, TotalsTable } from "#app/components/orders/order-parts.tsx";
import { OrderDelivery, OrderInvoiceAddress, OrderPayment } from "#app/components/orders/order-sections.tsx";
import { OrderPayAction } from "#app/components/payment/order-pay-action.tsx";
import { langOfPath, localePath } from "#core/slug.ts";
import { parseOrderRef } from "#core/validation/orders.ts";
import type { OrderDetailAnswer } from "#core/contracts/orders.ts";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

/** The order just placed (`?id=` from the placement answer); only its owner sees it. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const ref = parseOrderRef(url.searchParams.get("id"));
  if (!ref) throw notFoundResponse();
  return orNotFound(context.services.orders.detail(ctx, ref));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "orders.confirmation_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

/** The invoice of a paid order, when the order detail carries it (link served by h-docs). */
function InvoiceLink({ o }: { o: Pick<OrderDetailAnswer, "invoice_number" | "invoice_url"> }) {
  const { t } = useT();
  if (!o.invoice_number) return null;
  return (
    <p data-testid="confirmation-invoice">
      {o.invoice_url ? (
        <a href={o.invoice_url} className="text-brand underline" download>
          {t("payment_pages.invoice_download", { number: o.invoice_number })}
        </a>
      ) : (
        `${t("payment_pages.invoice")} ${o.invoice_number}`
      )}
    </p>
  );
}

export default function OrderConfirmation({ loaderData: o }: Route.ComponentProps) {
  const { t, lang } = useT();
  const awaiting = o.status === "unpaid";
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-brand">{t("orders.confirmation_title")}</h1>
        <p className="mt-2 text-lg">{t("orders.confirmation_number", { number: o.number })}</p>
        <p className="mt-1 flex flex-wrap items-center gap-3">
          <StateBadge state={o.state} />
          {awaiting && <span>{t("orders.confirmation_awaiting")}</span>}
        </p>
        {awaiting && <p className="mt-2">{t("orders.confirmation_next")}</p>}
        <p className="mt-1 text-sm text-muted">{t("orders.confirmation_mail")}</p>
      </div>
      <OrderPayAction order={o} label={t("orders.confirmation_pay_now")} />
      {o.payment && <OrderPayment o={o} />}
      <InvoiceLink o={o} />
      <section aria-labelledby="confirmation-lines-title" className="flex flex-col gap-3">
        <h2 id="confirmation-lines-title" className="text-lg font-semibold">
          {t("orders.lines_title")}
        </h2>
        <OrderLines lines={o.lines} />
        <div className="flex justify-end">
          <TotalsTable totals={o.totals} credit={o} paid={o.payment !== null} />
        </div>
      </section>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <OrderDelivery o={o} />
        <OrderInvoiceAddress o={o} />
      </div>
      <div className="flex flex-wrap gap-4">
        <Link
          to={`${localePath(lang, "/order-detail")}?id=${encodeURIComponent(o.number)}`}
          className="rounded bg-brand px-4 py-2 font-semibold text-white"
        >
          {t("orders.see_order")}
        </Link>
        <Link to={localePath(lang, "/historique-commandes")} className="rounded border border-line px-4 py-2 hover:border-brand">
          {t("orders.history_link")}
        </Link>
      </div>
    </div>
  );
}
