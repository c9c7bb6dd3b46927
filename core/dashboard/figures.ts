// What the dashboard shows and to whom (decision 153), and the pure helpers its figures go through: the statuses whose
// orders count as sales, the parts each role sees, a chart's series with its empty buckets, the chart's scale.
import { can, type Permission, type StaffRole } from "../staff/permissions.ts";
import { ORDER_STATUSES, type OrderStatus } from "../orders/life.ts";
import type { DayRange } from "./periods.ts";

/**
 * The orders that count as sales: paid and not cancelled (core/orders/life.ts: `pay` moves an unpaid order to
 * processing, every later state keeps its payment). An unpaid order may still expire; a cancelled one was refunded.
 */
export const SALES_STATUSES = ORDER_STATUSES.filter((s) => s !== "unpaid" && s !== "cancelled") as readonly OrderStatus[];

/** A model is low in stock at or below this many selling units (while it is for sale and its product shown). */
export const LOW_STOCK_MAX = 10;
/** Most rows a list of the dashboard shows (top products, low stock). */
export const DASHBOARD_LIST_MAX = 10;

/**
 * The dashboard's parts, each with the permissions that open it (all of them needed). Sales (counts, revenue HT, the
 * chart, the top products) are the shop's turnover: the books' readers see them, those who export the accounts
 * (owner, manager, accountant; decision 146 kept them from customer service, which reads invoices to explain them).
 * The warehouse and the planner see the work, not the turnover; the catalogue role sees the stock alone: no
 * customer's data, no order.
 */
export const DASHBOARD_PARTS = {
  sales: ["orders:read", "accounting:export"],
  to_prepare: ["preparation:read"],
  deliveries: ["planning:read"],
  returns: ["returns:read"],
  questions: ["questions:read"],
  low_stock: ["catalogue:read"],
} as const satisfies Record<string, readonly Permission[]>;
export type DashboardPart = keyof typeof DASHBOARD_PARTS;
export const DASHBOARD_PART_NAMES = Object.keys(DASHBOARD_PARTS) as DashboardPart[];

/** The parts the roles open together. */
export function dashboardParts(roles: readonly StaffRole[]): Set<DashboardPart> {
  return new Set(DASHBOARD_PART_NAMES.filter((p) => DASHBOARD_PARTS[p].every((perm) => can(roles, perm))));
}

/** One bucket of the chart: its days, its orders and their revenue HT (a decimal string, 2 places). */
export type ChartPoint = DayRange & { orders: number; revenue_ht: string };

/** The chart's series: every bucket in order, those without a sale at zero. `rows` are keyed by the bucket's first day. */
export function fillSeries(
  buckets: readonly DayRange[],
  rows: readonly { bucket: string; orders: number; revenue_ht: string | number }[],
): ChartPoint[] {
  const byStart = new Map(rows.map((r) => [r.bucket, r]));
  return buckets.map((b) => {
    const r = byStart.get(b.from);
    return { ...b, orders: r ? Number(r.orders) : 0, revenue_ht: r ? toCents(r.revenue_ht) : "0.00" };
  });
}

/** A money amount as a string with two decimals. */
function toCents(v: string | number): string {
  return (Math.round(Number(v) * 100) / 100).toFixed(2);
}

/** The sum of amounts of two decimals, exact in cents. */
export function sumAmounts(values: readonly (string | number)[]): string {
  const cents = values.reduce<number>((s, v) => s + Math.round(Number(v) * 100), 0);
  return (cents / 100).toFixed(2);
}

/**
 * The chart's top: the smallest "round" value (1, 2 or 5 × a power of ten) at or above the largest one, so that the
 * bars and the axis's marks read easily; 1 for an empty chart.
 */
export function chartTop(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * power >= max) return m * power;
  return 10 * power;
}

/**
 * The order queue's search parameters (core/validation/staff-orders.ts) of the sales placed on the days of `range`:
 * the list a sales figure links to shows the very orders it counts.
 */
export function salesQuery(range: DayRange): string {
  const p = new URLSearchParams({ placed_from: range.from, placed_to: range.to });
  for (const s of SALES_STATUSES) p.append("status", s);
  return p.toString();
}
