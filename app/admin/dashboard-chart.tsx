// The dashboard's chart (decision 153): the sales of each bucket as SVG bars (revenue HT), drawn on the server without
// a chart library. The picture is described for screen readers (its title and summary); the same figures are a table
// under it, each period a link to its orders.
import { Link } from "react-router";
import { chartTop, type ChartPoint } from "#core/dashboard/figures.ts";
import { formatPrice } from "#core/price-format.ts";
import { formatDate } from "#core/format-date.ts";
import { useT } from "#app/lib/i18n.tsx";

const W = 720;
const H = 220;
const PAD = { left: 64, right: 8, top: 12, bottom: 28 };

export function SalesChart({ points, label, href }: { points: ChartPoint[]; label: string; href: (p: ChartPoint) => string }) {
  const { t, lang } = useT();
  const values = points.map((p) => Number(p.revenue_ht));
  const top = chartTop(Math.max(0, ...values));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const periodOf = (p: ChartPoint) =>
    p.from === p.to ? formatDate(p.from, lang) : t("admin.dash_range", { from: formatDate(p.from, lang), to: formatDate(p.to, lang) });
  const short = (p: ChartPoint) => p.from.slice(5).split("-").reverse().join("/");
  const total = values.reduce((s, v) => s + v, 0);
  const best = points.reduce<ChartPoint | null>((b, p) => (b === null || Number(p.revenue_ht) > Number(b.revenue_ht) ? p : b), null);
  const every = Math.ceil(points.length / 10);
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="chart-title chart-desc" className="h-auto w-full max-w-3xl">
        <title id="chart-title">{label}</title>
        <desc id="chart-desc">
          {t("admin.dash_chart_summary", {
            total: formatPrice(total.toFixed(2), lang, "HT"),
            best: best ? periodOf(best) : "",
            amount: best ? formatPrice(best.revenue_ht, lang, "HT") : "",
          })}
        </desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(top * f)} y2={y(top * f)} stroke="#d4d4d8" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(top * f) + 4} textAnchor="end" fontSize={11} fill="#52525b">
              {formatPrice((top * f).toFixed(0), lang, undefined, { minDigits: 0, maxDigits: 0 })}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const v = Number(p.revenue_ht);
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={p.from}>
              <rect x={x} y={y(v)} width={barW} height={Math.max(0, PAD.top + plotH - y(v))} fill="#1d4ed8">
                <title>
                  {t("admin.dash_bar", { period: periodOf(p), amount: formatPrice(p.revenue_ht, lang, "HT"), count: p.orders })}
                </title>
              </rect>
              {i % every === 0 && (
                <text x={x + barW / 2} y={H - 8} textAnchor="middle" fontSize={11} fill="#52525b">
                  {short(p)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <details>
          <summary className="cursor-pointer text-sm text-brand">{t("admin.dash_chart_table")}</summary>
          <table className="mt-2 w-full max-w-xl border-collapse text-sm">
            <caption className="sr-only">{label}</caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="p-2">
                  {t("admin.dash_period")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("admin.dash_orders")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("admin.dash_revenue_ht")}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.from} className="border-b border-line">
                  <th scope="row" className="p-2 text-left font-normal">
                    <Link to={href(p)} className="text-brand underline">
                      {periodOf(p)}
                    </Link>
                  </th>
                  <td className="p-2 text-right">{p.orders}</td>
                  <td className="p-2 text-right">{formatPrice(p.revenue_ht, lang, "HT")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
