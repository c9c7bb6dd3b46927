// The back office's dashboard (decision 153): figures computed in SQL over the shop's days (Europe/Paris), only the
// parts the staff member's roles open (core/dashboard/figures.ts). Sales are the orders placed in the period that are
// paid and not cancelled (SALES_STATUSES), their revenue HT the orders' total HT (goods and freight, less discounts);
// credit notes are the accounting export's. It reads only.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { query } from "#server/db/client.ts";
import { SHOP_TIME_ZONE } from "#core/format-date.ts";
import type { Lang } from "#core/lang.ts";
import { TO_PREPARE } from "#core/preparation/picking.ts";
import {
  DASHBOARD_LIST_MAX,
  LOW_STOCK_MAX,
  SALES_STATUSES,
  fillSeries,
  type ChartPoint,
  type DashboardPart,
} from "#core/dashboard/figures.ts";
import { chartBuckets, currentPeriods, parisToday, topProductsRange, type ChartGrain, type DayRange } from "#core/dashboard/periods.ts";
import { addDays } from "#core/aftersales/deliveries.ts";
import { dayStart, nextDayStart } from "#server/modules/orders/staff-orders.service.ts";
import { ON_ROUND } from "#server/modules/planning/rounds.ts";
import { dashboardCsv } from "./dashboard-csv.ts";

export type SalesFigure = { orders: number; revenue_ht: string };
export type TopProduct = {
  reference: string;
  name: string;
  units: number;
  revenue_ht: string;
  /** The product shown in the shop, null when its model no longer exists. */
  product_id: number | null;
};
export type LowStockModel = { reference: string; name: string; label: string | null; stock: number; product_id: number };

export type DashboardFigures = {
  today: string;
  week: DayRange;
  sales?: {
    today: SalesFigure;
    week: SalesFigure;
    grain: ChartGrain;
    chart: ChartPoint[];
    top_range: DayRange;
    top: TopProduct[];
  };
  to_prepare?: { total: number; by_status: { status: string; orders: number }[] };
  deliveries?: { total: number; zones: { code: string | null; name: string; orders: number }[] };
  returns?: { requested: number; received: number };
  questions?: { open: number };
  low_stock?: { total: number; list: LowStockModel[] };
};

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const SALES = sql`o.status in (${list(SALES_STATUSES)})`;
/** Orders placed on the days of `r` (Paris). */
const placedIn = (r: DayRange): SQL => sql`o.created_at >= ${dayStart(r.from)} and o.created_at < ${nextDayStart(r.to)}`;
const TRUNC: Record<ChartGrain, SQL> = { day: sql.raw("'day'"), week: sql.raw("'week'"), month: sql.raw("'month'") };

/** A product's name in `lang`, else in French. */
const productName = (productId: SQL, lang: Lang) =>
  sql`(select pt.name from product_translations pt where pt.product_id = ${productId} order by pt.lang = ${lang} desc, pt.lang = 'fr' desc limit 1)`;

/**
 * How long the chart's closed buckets and the top products are kept in this process: they read up to a year of orders
 * (100,000 on the bench, too many to add up at each visit) and change only by a late cancellation; today and this
 * week, and the chart's current bucket, are always read afresh.
 */
export const HISTORY_CACHE_MS = 10 * 60_000;

type Bucketed = { bucket: string; orders: number; revenue_ht: string };
type TopRow = { reference: string; designation: string; units: number; revenue_ht: string; product_id: number | null; name: string | null };

export function createDashboard(opts: { cacheMs?: number } = {}) {
  const cacheMs = opts.cacheMs ?? HISTORY_CACHE_MS;
  const cache = new Map<string, { until: number; value: Promise<unknown> }>();
  /** `read()` once per key for cacheMs (a failed read is forgotten at once). */
  function kept<T>(key: string, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    for (const [k, v] of cache) if (v.until <= now) cache.delete(k);
    const value = read();
    if (cacheMs > 0) {
      cache.set(key, { until: now + cacheMs, value });
      value.catch(() => cache.delete(key));
    }
    return value;
  }

  /** Sales placed on the days of `range`, by the chart's grain (keyed by the bucket's first day, Paris). */
  const bucketed = (q: Db, grain: ChartGrain, range: DayRange) =>
    query<Bucketed>(
      q,
      sql`select to_char(date_trunc(${TRUNC[grain]}, o.created_at at time zone ${SHOP_TIME_ZONE}), 'YYYY-MM-DD') as bucket,
            count(*)::int as orders, sum(o.total_ht)::text as revenue_ht
          from orders o where ${SALES} and ${placedIn(range)} group by 1`,
    );

  const topProducts = (q: Db, range: DayRange, lang: Lang) =>
    query<TopRow>(
      q,
      sql`with top as (
            select l.reference, max(l.designation) as designation, max(l.model_id) as model_id,
              sum(l.num)::int as units, sum(l.line_ht) as revenue_ht
            from order_lines l join orders o on o.id = l.order_id
            where ${SALES} and ${placedIn(range)}
            group by l.reference order by sum(l.line_ht) desc, l.reference limit ${DASHBOARD_LIST_MAX})
          select top.reference, top.designation, top.units, top.revenue_ht::text as revenue_ht, m.product_id,
            ${productName(sql`m.product_id`, lang)} as name
          from top left join models m on m.id = top.model_id
          order by top.revenue_ht desc, top.reference`,
    );

  async function sales(
    q: Db,
    today: string,
    week: DayRange,
    grain: ChartGrain,
    lang: Lang,
  ): Promise<NonNullable<DashboardFigures["sales"]>> {
    const buckets = chartBuckets(grain, today);
    const current = buckets[buckets.length - 1];
    const top_range = topProductsRange(today);
    const closed: DayRange | null = buckets.length > 1 ? { from: buckets[0].from, to: addDays(current.from, -1) } : null;
    const [[now], past, live, top] = await Promise.all([
      query<{ today_orders: number; today_ht: string; week_orders: number; week_ht: string }>(
        q,
        sql`select count(*) filter (where o.created_at >= ${dayStart(today)})::int as today_orders,
              coalesce(sum(o.total_ht) filter (where o.created_at >= ${dayStart(today)}), 0)::text as today_ht,
              count(*)::int as week_orders, coalesce(sum(o.total_ht), 0)::text as week_ht
            from orders o where ${SALES} and ${placedIn(week)}`,
      ),
      closed ? kept(`chart ${grain} ${closed.from} ${closed.to}`, () => bucketed(q, grain, closed)) : [],
      // the current bucket is one: a plain sum along the orders' date index, no per-row day in Paris
      query<Bucketed>(
        q,
        sql`select ${current.from}::text as bucket, count(*)::int as orders, coalesce(sum(o.total_ht), 0)::text as revenue_ht
            from orders o where ${SALES} and ${placedIn(current)}`,
      ),
      kept(`top ${lang} ${top_range.from} ${top_range.to}`, () => topProducts(q, top_range, lang)),
    ]);
    return {
      today: { orders: now.today_orders, revenue_ht: Number(now.today_ht).toFixed(2) },
      week: { orders: now.week_orders, revenue_ht: Number(now.week_ht).toFixed(2) },
      grain,
      chart: fillSeries(buckets, [...past, ...live]),
      top_range,
      top: top.map((t) => ({
        reference: t.reference,
        name: t.name ?? t.designation,
        units: t.units,
        revenue_ht: Number(t.revenue_ht).toFixed(2),
        product_id: t.product_id,
      })),
    };
  }

  async function toPrepare(q: Db): Promise<NonNullable<DashboardFigures["to_prepare"]>> {
    const rows = await query<{ status: string; orders: number }>(
      q,
      sql`select o.status, count(*)::int as orders from orders o where o.status in (${list(TO_PREPARE)}) group by o.status`,
    );
    const by_status = TO_PREPARE.map((s) => ({ status: s, orders: rows.find((r) => r.status === s)?.orders ?? 0 }));
    return { total: by_status.reduce((n, r) => n + r.orders, 0), by_status };
  }

  /** Deliveries planned this week, by freight zone (every zone, in the tariff's order; addresses of no zone last). */
  async function deliveries(q: Db, week: DayRange, lang: Lang): Promise<NonNullable<DashboardFigures["deliveries"]>> {
    const rows = await query<{ code: string | null; name: string | null; orders: number }>(
      q,
      sql`with planned as (
            select d.zone_code, count(*)::int as orders from orders o
            left join freight_zone_departments d on d.department = left(o.delivery_address ->> 'zip_code', 2)
            where o.planned_delivery_date between ${week.from}::date and ${week.to}::date
              and o.status in (${list(ON_ROUND)}) and o.pickup_method = 1
            group by d.zone_code)
          select z.code, ${lang === "zh" ? sql`z.name_zh` : sql`z.name_fr`} as name, coalesce(p.orders, 0)::int as orders, z.position
          from freight_zones z left join planned p on p.zone_code = z.code
          union all
          select null, null, p.orders, null from planned p where p.zone_code is null
          order by position nulls last, code`,
    );
    const zones = rows.map((r) => ({ code: r.code, name: r.name ?? "", orders: r.orders }));
    return { total: zones.reduce((n, z) => n + z.orders, 0), zones };
  }

  async function returns(q: Db): Promise<NonNullable<DashboardFigures["returns"]>> {
    const [r] = await query<{ requested: number; received: number }>(
      q,
      sql`select count(*) filter (where status = 'requested')::int as requested, count(*) filter (where status = 'received')::int as received
          from return_requests where status in ('requested', 'received')`,
    );
    return r;
  }

  async function questions(q: Db): Promise<NonNullable<DashboardFigures["questions"]>> {
    const [r] = await query<{ open: number }>(q, sql`select count(*)::int as open from questions where answer is null`);
    return r;
  }

  /** Models for sale of a shown product at or below LOW_STOCK_MAX units, the emptiest first. */
  async function lowStock(q: Db, lang: Lang): Promise<NonNullable<DashboardFigures["low_stock"]>> {
    const low = sql`m.stock <= ${LOW_STOCK_MAX} and not m.not_for_sale and p.active`;
    const [rows, [{ total }]] = await Promise.all([
      query<{ reference: string; stock: number; product_id: number; name: string | null; label: string | null }>(
        q,
        sql`select m.reference, m.stock, m.product_id, ${productName(sql`m.product_id`, lang)} as name,
              (select mt.label from model_translations mt where mt.model_id = m.id order by mt.lang = ${lang} desc, mt.lang = 'fr' desc limit 1) as label
            from models m join products p on p.id = m.product_id
            where ${low} order by m.stock, m.reference limit ${DASHBOARD_LIST_MAX}`,
      ),
      query<{ total: number }>(q, sql`select count(*)::int as total from models m join products p on p.id = m.product_id where ${low}`),
    ]);
    return {
      total,
      list: rows.map((r) => ({
        reference: r.reference,
        name: r.name ?? r.reference,
        label: r.label,
        stock: r.stock,
        product_id: r.product_id,
      })),
    };
  }

  /** The figures of the parts asked for, at `now`; the chart by `grain`. */
  async function figures(
    q: Db,
    opts: { parts: ReadonlySet<DashboardPart>; now: Date; grain: ChartGrain; lang: Lang },
  ): Promise<DashboardFigures> {
    const today = parisToday(opts.now);
    const { week } = currentPeriods(today);
    const has = (p: DashboardPart) => opts.parts.has(p);
    const [s, prep, del, ret, que, low] = await Promise.all([
      has("sales") ? sales(q, today, week, opts.grain, opts.lang) : undefined,
      has("to_prepare") ? toPrepare(q) : undefined,
      has("deliveries") ? deliveries(q, week, opts.lang) : undefined,
      has("returns") ? returns(q) : undefined,
      has("questions") ? questions(q) : undefined,
      has("low_stock") ? lowStock(q, opts.lang) : undefined,
    ]);
    return { today, week, sales: s, to_prepare: prep, deliveries: del, returns: ret, questions: que, low_stock: low };
  }

  return { figures, csv: dashboardCsv };
}

export type DashboardService = ReturnType<typeof createDashboard>;
