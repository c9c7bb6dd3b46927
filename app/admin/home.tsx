// The back office's first page (decision 153): who is logged in, and the figures their roles may see, each a link
// to the list it counts: sales of today and of this week (revenue HT) with a chart by day, week or month and the top
// products; the orders to prepare; this week's deliveries by zone; returns and questions waiting; models low in
// stock. The figures download as CSV (admin/dashboard-export.ts); the sections the roles open follow.
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { can, permissionsOf } from "#core/staff/permissions.ts";
import { LOW_STOCK_MAX, dashboardParts, salesQuery } from "#core/dashboard/figures.ts";
import { CHART_GRAINS, isChartGrain, type DayRange } from "#core/dashboard/periods.ts";
import { formatPrice } from "#core/price-format.ts";
import { formatDate } from "#core/format-date.ts";
import { productUrl } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff } from "./guard.ts";
import { PageTitle } from "./ui.tsx";
import { SECTIONS } from "./sections.ts";
import { titleMeta } from "./meta.ts";
import { SalesChart } from "./dashboard-chart.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.nav_dashboard");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "dashboard:read");
  const asked = new URL(request.url).searchParams.get("chart");
  const grain = isChartGrain(asked) ? asked : "day";
  const figures = await context.services.dashboard.figures(context.services.db, {
    parts: dashboardParts(staff.roles),
    now: new Date(),
    grain,
    lang: context.lang,
  });
  return {
    name: staff.name,
    roles: staff.roles,
    permissions: [...permissionsOf(staff.roles)],
    canOrders: can(staff.roles, "orders:read"),
    figures,
  };
}

const card = "rounded border border-line bg-white p-4";
const h2 = "mb-3 text-lg font-semibold text-ink";
const big = "block text-2xl font-bold text-brand underline-offset-2 hover:underline";

export default function AdminHome() {
  const { t, lang } = useT();
  const { name, roles, permissions, canOrders, figures: f } = useLoaderData<typeof loader>();
  const links = SECTIONS.filter((s) => s.path && (!s.permission || permissions.includes(s.permission)));
  const day = (d: string) => formatDate(d, lang);
  const range = (r: DayRange) => (r.from === r.to ? day(r.from) : t("admin.dash_range", { from: day(r.from), to: day(r.to) }));
  const sold = (r: DayRange) => `${adminPath(lang, "/commandes")}?${salesQuery(r)}`;
  const money = (v: string) => formatPrice(v, lang, "HT");
  const any = f.sales || f.to_prepare || f.deliveries || f.returns || f.questions || f.low_stock;
  const grain = f.sales?.grain ?? "day";
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <PageTitle>{t("admin.nav_dashboard")}</PageTitle>
        {any && (
          <a href={`${adminPath(lang, "/tableau.csv")}?chart=${grain}`} className="text-sm text-brand underline" download>
            {t("admin.dash_export")}
          </a>
        )}
      </div>
      <p className="mb-2">{t("admin.dashboard_welcome", { name })}</p>
      <dl className="mb-6 flex gap-2 text-sm text-muted">
        <dt className="font-medium">{t("admin.staff_roles")}</dt>
        <dd>{roles.map((r) => t(`admin.role_${r}`)).join(", ")}</dd>
      </dl>

      {f.sales && (
        <section aria-labelledby="dash-sales" className={`${card} mb-6`}>
          <h2 id="dash-sales" className={h2}>
            {t("admin.dash_sales")}
          </h2>
          <p className="mb-4 text-sm text-muted">{t("admin.dash_sales_rule")}</p>
          <div className="mb-6 grid gap-4 sm:grid-cols-2">
            {(
              [
                ["today", t("admin.dash_today"), { from: f.today, to: f.today }, f.sales.today],
                ["week", t("admin.dash_this_week"), f.week, f.sales.week],
              ] as const
            ).map(([id, label, r, s]) => (
              <div key={id} className="rounded border border-line p-3">
                <h3 className="text-sm font-medium">
                  {label} <span className="font-normal text-muted">({range(r)})</span>
                </h3>
                <Link to={sold(r)} className={big} data-figure={`sales-${id}`}>
                  {money(s.revenue_ht)}
                </Link>
                <span className="text-sm">{t("admin.dash_orders_count", { count: s.orders })}</span>
              </div>
            ))}
          </div>
          <nav aria-label={t("admin.dash_chart_grain")} className="mb-2 flex gap-2 text-sm">
            {CHART_GRAINS.map((g) => (
              <Link
                key={g}
                to={`${adminPath(lang)}?chart=${g}`}
                aria-current={g === grain ? "page" : undefined}
                className={`rounded border px-3 py-1 ${g === grain ? "border-brand bg-brand text-white" : "border-line hover:border-brand"}`}
                preventScrollReset
              >
                {t(`admin.dash_grain_${g}`)}
              </Link>
            ))}
          </nav>
          <SalesChart points={f.sales.chart} label={t(`admin.dash_chart_${grain}`)} href={sold} />
          <h3 className="mt-6 mb-2 font-semibold">
            {t("admin.dash_top")} <span className="font-normal text-muted">({range(f.sales.top_range)})</span>
          </h3>
          {f.sales.top.length === 0 ? (
            <p className="text-sm text-muted">{t("admin.dash_top_empty")}</p>
          ) : (
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t("admin.dash_top")}</caption>
              <thead>
                <tr className="border-b border-line text-left">
                  <th scope="col" className="p-2">
                    {t("admin.dash_reference")}
                  </th>
                  <th scope="col" className="p-2">
                    {t("admin.dash_product")}
                  </th>
                  <th scope="col" className="p-2 text-right">
                    {t("admin.dash_units")}
                  </th>
                  <th scope="col" className="p-2 text-right">
                    {t("admin.dash_revenue_ht")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {f.sales.top.map((p) => (
                  <tr key={p.reference} className="border-b border-line">
                    <td className="p-2 font-mono">{p.reference}</td>
                    <td className="p-2">
                      {p.product_id ? (
                        <Link to={productUrl(lang, { id: p.product_id, name: p.name })} className="text-brand underline">
                          {p.name}
                        </Link>
                      ) : (
                        p.name
                      )}
                    </td>
                    <td className="p-2 text-right">{p.units}</td>
                    <td className="p-2 text-right">{money(p.revenue_ht)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}

      <div className="mb-6 grid gap-4 md:grid-cols-2">
        {f.to_prepare && (
          <section aria-labelledby="dash-prep" className={card}>
            <h2 id="dash-prep" className={h2}>
              {t("admin.dash_to_prepare")}
            </h2>
            <Link to={adminPath(lang, "/preparation")} className={big} data-figure="to-prepare">
              {t("admin.dash_orders_count", { count: f.to_prepare.total })}
            </Link>
            <ul className="mt-2 text-sm">
              {f.to_prepare.by_status.map((s) => (
                <li key={s.status}>
                  {canOrders ? (
                    <Link to={`${adminPath(lang, "/commandes")}?status=${s.status}`} className="text-brand underline">
                      {t(`admin.dash_status_${s.status}`)}
                    </Link>
                  ) : (
                    t(`admin.dash_status_${s.status}`)
                  )}{" "}
                  <span className="font-semibold">{s.orders}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {f.deliveries && (
          <section aria-labelledby="dash-deliveries" className={card}>
            <h2 id="dash-deliveries" className={h2}>
              {t("admin.dash_deliveries")} <span className="text-sm font-normal text-muted">({range(f.week)})</span>
            </h2>
            <Link to={`${adminPath(lang, "/livraisons")}?from=${f.week.from}`} className={big} data-figure="deliveries">
              {t("admin.dash_deliveries_count", { count: f.deliveries.total })}
            </Link>
            <table className="mt-2 w-full border-collapse text-sm">
              <caption className="sr-only">{t("admin.dash_deliveries_by_zone")}</caption>
              <thead>
                <tr className="border-b border-line text-left">
                  <th scope="col" className="p-1">
                    {t("admin.dash_zone")}
                  </th>
                  <th scope="col" className="p-1 text-right">
                    {t("admin.dash_deliveries_col")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {f.deliveries.zones.map((z) => (
                  <tr key={z.code ?? "none"} className="border-b border-line">
                    <th scope="row" className="p-1 text-left font-normal">
                      {z.code ? z.name : t("admin.dash_zone_none")}
                    </th>
                    <td className="p-1 text-right">{z.orders}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {f.returns && (
          <section aria-labelledby="dash-returns" className={card}>
            <h2 id="dash-returns" className={h2}>
              {t("admin.dash_returns")}
            </h2>
            <ul className="flex flex-col gap-2">
              <li>
                <Link to={`${adminPath(lang, "/retours")}?status=requested`} className={big} data-figure="returns-requested">
                  {f.returns.requested}
                </Link>
                <span className="text-sm">{t("admin.dash_returns_requested")}</span>
              </li>
              <li>
                <Link to={`${adminPath(lang, "/retours")}?status=received`} className={big} data-figure="returns-received">
                  {f.returns.received}
                </Link>
                <span className="text-sm">{t("admin.dash_returns_received")}</span>
              </li>
            </ul>
          </section>
        )}
        {f.questions && (
          <section aria-labelledby="dash-questions" className={card}>
            <h2 id="dash-questions" className={h2}>
              {t("admin.dash_questions")}
            </h2>
            <Link to={`${adminPath(lang, "/questions")}?status=open`} className={big} data-figure="questions">
              {f.questions.open}
            </Link>
            <span className="text-sm">{t("admin.dash_questions_open")}</span>
          </section>
        )}
        {f.low_stock && (
          <section aria-labelledby="dash-stock" className={`${card} md:col-span-2`}>
            <h2 id="dash-stock" className={h2}>
              {t("admin.dash_low_stock")}
            </h2>
            <p className="mb-2 text-sm">
              <strong data-figure="low-stock">{t("admin.dash_low_stock_total", { count: f.low_stock.total, max: LOW_STOCK_MAX })}</strong>{" "}
              <span className="text-muted">{t("admin.dash_low_stock_note")}</span>
            </p>
            {f.low_stock.list.length > 0 && (
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{t("admin.dash_low_stock")}</caption>
                <thead>
                  <tr className="border-b border-line text-left">
                    <th scope="col" className="p-2">
                      {t("admin.dash_reference")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.dash_product")}
                    </th>
                    <th scope="col" className="p-2 text-right">
                      {t("admin.dash_stock")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {f.low_stock.list.map((m) => (
                    <tr key={m.reference} className="border-b border-line">
                      <td className="p-2 font-mono">{m.reference}</td>
                      <td className="p-2">
                        <Link to={productUrl(lang, { id: m.product_id, name: m.name })} className="text-brand underline">
                          {m.name}
                        </Link>
                        {m.label && <span className="text-muted"> · {m.label}</span>}
                      </td>
                      <td className="p-2 text-right">{m.stock}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        )}
      </div>

      <h2 className={h2}>{t("admin.dash_sections")}</h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {links.map((l) => (
          <li key={l.path}>
            <Link
              to={adminPath(lang, l.path)}
              className="block rounded border border-line bg-white p-4 font-semibold text-brand hover:border-brand"
            >
              {t(l.label)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
