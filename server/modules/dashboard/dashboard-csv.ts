// The dashboard's figures as a CSV file for Excel (core/csv.ts: ";" separated, UTF-8 byte order mark): one line per
// figure, with its part, its period and its value; amounts HT with a decimal comma in French, like the order export.
import { csvText, type CsvCell } from "#core/csv.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import type { DayRange } from "#core/dashboard/periods.ts";
import type { DashboardFigures } from "./dashboard.service.ts";

export function dashboardCsv(f: DashboardFigures, lang: Lang): string {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const amount = (v: string) => (lang === "fr" ? v.replace(".", ",") : v);
  const day = (d: string) => formatDate(d, lang);
  const range = (r: DayRange) => (r.from === r.to ? day(r.from) : t("admin.dash_range", { from: day(r.from), to: day(r.to) }));
  const rows: CsvCell[][] = [["part", "figure", "period", "value", "revenue_ht"].map((c) => t(`admin.dash_csv_${c}`))];
  const sales = t("admin.dash_sales");
  if (f.sales) {
    const s = f.sales;
    rows.push([sales, t("admin.dash_today"), range({ from: f.today, to: f.today }), s.today.orders, amount(s.today.revenue_ht)]);
    rows.push([sales, t("admin.dash_this_week"), range(f.week), s.week.orders, amount(s.week.revenue_ht)]);
    const chart = t(`admin.dash_chart_${s.grain}`);
    for (const p of s.chart) rows.push([chart, t("admin.dash_orders"), range(p), p.orders, amount(p.revenue_ht)]);
    const top = t("admin.dash_top");
    for (const p of s.top) rows.push([top, `${p.reference} ${p.name}`, range(s.top_range), p.units, amount(p.revenue_ht)]);
  }
  if (f.to_prepare) {
    const part = t("admin.dash_to_prepare");
    for (const r of f.to_prepare.by_status) rows.push([part, t(`orders.state_${r.status}`), "", r.orders, ""]);
  }
  if (f.deliveries) {
    const part = t("admin.dash_deliveries");
    for (const z of f.deliveries.zones) rows.push([part, z.code ? z.name : t("admin.dash_zone_none"), range(f.week), z.orders, ""]);
  }
  if (f.returns) {
    const part = t("admin.dash_returns");
    rows.push([part, t("aftersales.return_status_requested"), "", f.returns.requested, ""]);
    rows.push([part, t("aftersales.return_status_received"), "", f.returns.received, ""]);
  }
  if (f.questions) rows.push([t("admin.dash_questions"), t("admin.questions_status_open"), "", f.questions.open, ""]);
  if (f.low_stock) {
    const part = t("admin.dash_low_stock");
    rows.push([part, t("admin.dash_low_stock_count"), "", f.low_stock.total, ""]);
    for (const m of f.low_stock.list) rows.push([part, [m.reference, m.name, m.label].filter(Boolean).join(" "), "", m.stock, ""]);
  }
  return csvText(rows);
}
