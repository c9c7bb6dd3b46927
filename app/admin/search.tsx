// The back office's one search box (decision 153): what a number, a name or a reference finds among the orders,
// customers and models the staff member may read, each a link to its page; a single exact hit (an order number, a
// client number, a reference) goes straight to it. The box is in the frame's header (admin/layout.tsx).
import { Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/search";
import { can } from "#core/staff/permissions.ts";
import { orderStateLabel } from "#core/order-states.ts";
import { translate } from "#core/i18n/translate.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { productUrl } from "#core/slug.ts";
import { STAFF_ORDER_SEARCH_MAX } from "#core/validation/staff-orders.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff } from "./guard.ts";
import { PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.search_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "dashboard:read");
  const lang = context.lang;
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  const kinds = {
    orders: can(staff.roles, "orders:read"),
    customers: can(staff.roles, "customers:read"),
    models: can(staff.roles, "catalogue:read"),
  };
  if (q === "") return { q, tooLong: false, found: null };
  if (q.length > STAFF_ORDER_SEARCH_MAX) return { q: q.slice(0, STAFF_ORDER_SEARCH_MAX), tooLong: true, found: null };
  const found = await context.services.staffSearch.find(context.services.db, q, kinds, lang);
  const exact = found.exact;
  if (exact?.kind === "order") throw redirect(adminPath(lang, `/commandes/${encodeURIComponent(exact.number)}`));
  if (exact?.kind === "customer") throw redirect(adminPath(lang, `/clients/${encodeURIComponent(exact.client_number)}`));
  if (exact?.kind === "model") throw redirect(productUrl(lang, { id: exact.product_id, name: exact.name }));
  // order states are texts of the "orders" catalogue, said here in the page's language
  const orders =
    found.orders?.map((o) => {
      const label = orderStateLabel({ status: o.status, cancelled_at: o.cancelled_at, planned_delivery_date: o.planned }, lang);
      return { ...o, status_label: translate(lang, label.key, label.values) };
    }) ?? null;
  return { q, tooLong: false, found: { ...found, orders } };
}

const h2 = "mb-2 mt-6 text-lg font-semibold text-ink";

export default function AdminSearch() {
  const { t, lang } = useT();
  const { q, tooLong, found } = useLoaderData<typeof loader>();
  const none = found !== null && !found.orders?.length && !found.customers?.length && !found.models?.length;
  return (
    <>
      <PageTitle>{q ? t("admin.search_results_for", { q }) : t("admin.search_title")}</PageTitle>
      {tooLong && (
        <p role="alert" className="text-sm text-red-700">
          {t("admin.orders_search_too_long")}
        </p>
      )}
      {found === null && !tooLong && <p>{t("admin.search_hint")}</p>}
      {none && (
        <p role="status" className="rounded border border-line bg-white p-4">
          {t("admin.search_none")}
        </p>
      )}
      {found?.orders && found.orders.length > 0 && (
        <section aria-labelledby="found-orders">
          <h2 id="found-orders" className={h2}>
            {t("admin.search_orders")}
          </h2>
          <ul className="divide-y divide-line rounded border border-line bg-white">
            {found.orders.map((o) => (
              <li key={o.number} className="flex flex-wrap gap-x-4 p-3 text-sm">
                <Link to={adminPath(lang, `/commandes/${o.number}`)} className="font-semibold text-brand underline">
                  {o.number}
                </Link>
                <span>{o.customer}</span>
                <span className="text-muted">{formatDate(o.placed_at, lang)}</span>
                <span>{o.status_label}</span>
                <span>{formatPrice(o.total_ttc, lang, "TTC")}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {found?.customers && found.customers.length > 0 && (
        <section aria-labelledby="found-customers">
          <h2 id="found-customers" className={h2}>
            {t("admin.search_customers")}
          </h2>
          <ul className="divide-y divide-line rounded border border-line bg-white">
            {found.customers.map((c) => (
              <li key={c.client_number} className="flex flex-wrap gap-x-4 p-3 text-sm">
                <Link to={adminPath(lang, `/clients/${c.client_number}`)} className="font-semibold text-brand underline">
                  {c.client_number}
                </Link>
                <span>{c.company || c.name}</span>
                {c.company && <span>{c.name}</span>}
                <span className="text-muted">{c.email}</span>
                {c.siret && <span className="text-muted">{c.siret}</span>}
              </li>
            ))}
          </ul>
          {found.customers.length >= 10 && (
            <p className="mt-1 text-sm">
              <Link to={`${adminPath(lang, "/clients")}?q=${encodeURIComponent(q)}`} className="text-brand underline">
                {t("admin.search_all_customers")}
              </Link>
            </p>
          )}
        </section>
      )}
      {found?.models && found.models.length > 0 && (
        <section aria-labelledby="found-models">
          <h2 id="found-models" className={h2}>
            {t("admin.search_models")}
          </h2>
          <ul className="divide-y divide-line rounded border border-line bg-white">
            {found.models.map((m) => (
              <li key={m.reference} className="flex flex-wrap gap-x-4 p-3 text-sm">
                <Link to={productUrl(lang, { id: m.product_id, name: m.name })} className="font-semibold text-brand underline">
                  {m.reference}
                </Link>
                <span>{m.name}</span>
                <span className="text-muted">{t("admin.search_stock", { count: m.stock })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
