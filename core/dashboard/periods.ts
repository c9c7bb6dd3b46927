// The dashboard's periods (decision 153), as calendar days of the shop's time zone (Europe/Paris): today, this week
// (Monday to Sunday) and the chart's buckets, each bucket its first and last day (both included), the oldest first.
// The server turns a day into the moment it starts in Paris (staff-orders.service.ts dayStart), so an order placed at
// 00:30 in Paris on the 12th counts on the 12th, summer time or not.
import { addDays } from "../aftersales/deliveries.ts";
import { calendarDate } from "../format-date.ts";
import { weekdayOf } from "../planning/capacity.ts";

export const CHART_GRAINS = ["day", "week", "month"] as const;
export type ChartGrain = (typeof CHART_GRAINS)[number];
export const isChartGrain = (g: unknown): g is ChartGrain => typeof g === "string" && (CHART_GRAINS as readonly string[]).includes(g);

/** How many buckets each chart shows: the last 30 days, the last 12 weeks, the last 12 months (the current one included). */
export const CHART_LENGTH: Readonly<Record<ChartGrain, number>> = { day: 30, week: 12, month: 12 };

/** Days of the "top products" period: the last 30 days, today included. */
export const TOP_PRODUCTS_DAYS = 30;

export type DayRange = { from: string; to: string };

/** The shop's today (YYYY-MM-DD in Paris) of a moment. */
export const parisToday = (now: Date) => calendarDate(now);

/** The Monday of the week holding `day`. */
export const mondayOf = (day: string) => addDays(day, 1 - weekdayOf(day));

/** The first day of the month holding `day`. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `n` months after the one holding `day` (n may be negative). */
export function addMonths(day: string, n: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + n;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-01`;
}

/** Today and this week (Monday to Sunday) around `today`. */
export function currentPeriods(today: string): { today: DayRange; week: DayRange } {
  const monday = mondayOf(today);
  return { today: { from: today, to: today }, week: { from: monday, to: addDays(monday, 6) } };
}

/** The chart's buckets ending with the one holding `today`, the oldest first; the last one ends today. */
export function chartBuckets(grain: ChartGrain, today: string): DayRange[] {
  const n = CHART_LENGTH[grain];
  const out: DayRange[] = [];
  for (let i = n - 1; i >= 0; i--) {
    if (grain === "day") {
      const d = addDays(today, -i);
      out.push({ from: d, to: d });
    } else if (grain === "week") {
      const from = addDays(mondayOf(today), -7 * i);
      out.push({ from, to: i === 0 ? today : addDays(from, 6) });
    } else {
      const from = addMonths(today, -i);
      out.push({ from, to: i === 0 ? today : addDays(addMonths(today, -i + 1), -1) });
    }
  }
  return out;
}

/** The top products' period: the last TOP_PRODUCTS_DAYS days, today included. */
export const topProductsRange = (today: string): DayRange => ({ from: addDays(today, 1 - TOP_PRODUCTS_DAYS), to: today });
