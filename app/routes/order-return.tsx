// /order-retrun (spelt so, SPEC §2) and /center/order-retrun: ask back lines of a delivered order within 15
// days of its delivery, and follow the requests (decision 082). The window is decided by
// the server; the page says why a closed order cannot be returned.
import type { Route } from "./+types/order-return";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { customerContext } from "#app/lib/guard.ts";
import { ReturnForm } from "#app/components/aftersales/return-form.tsx";
import { ReturnsList } from "#app/components/aftersales/returns-list.tsx";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const { returns } = context.services;
  // The first page of returnableOrders: the most recently delivered orders.
  const [returnable, list] = await Promise.all([returns.returnableOrders(ctx, new Date()), returns.list(ctx)]);
  const wanted = Number(url.searchParams.get("order_id"));
  return { orders: returnable.list, returns: list, wanted: Number.isInteger(wanted) ? wanted : 0 };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "aftersales.returns_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function OrderReturnPage({ loaderData: { orders, returns, wanted } }: Route.ComponentProps) {
  const { t } = useT();
  // The order asked for in ?order_id= first.
  const sorted = [...orders].sort((a, b) => Number(b.id === wanted) - Number(a.id === wanted));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-brand">{t("aftersales.returns_title")}</h1>
        <p className="mt-1">{t("aftersales.returns_intro")}</p>
      </div>
      <section aria-labelledby="returns-orders" className="flex flex-col gap-4">
        <h2 id="returns-orders" className="text-lg font-semibold">
          {t("aftersales.returns_orders_title")}
        </h2>
        {sorted.length === 0 && <p>{t("aftersales.returns_none")}</p>}
        {sorted.map((o) => (
          <article
            key={o.id}
            className="flex flex-col gap-3 rounded border border-line p-4"
            data-testid="returnable-order"
            data-number={o.number}
            data-order-id={o.id}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{o.number}</h3>
              <span className={`text-sm ${o.window_open ? "text-green-800" : "text-red-800"}`}>{o.window_text}</span>
            </div>
            {o.window_open ? (
              <ReturnForm order={o} />
            ) : (
              <>
                <p className="text-sm" data-testid="return-closed">
                  {t("aftersales.return_closed_explain")}
                </p>
                <ul className="list-disc pl-5 text-sm">
                  {o.lines.map((l) => (
                    <li key={l.id} data-line-id={l.id}>
                      {l.delivered} × {l.reference} — {l.designation}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </article>
        ))}
      </section>
      <ReturnsList returns={returns} headingId="my-returns" title={t("aftersales.my_returns_title")} />
    </div>
  );
}
