// A coupon's or a promotion's period as staff give it (decision 144): whole shop days, "from" and "to" included, in
// the shop's time zone. Stored as instants: starts_at at the start of the first day, ends_at at the start of the
// day after the last (null: open-ended), so the storage's `ends_at > starts_at` holds whenever from ≤ to.
import { SHOP_TIME_ZONE, calendarDate, calendarParts } from "../format-date.ts";
import { addDays } from "../aftersales/deliveries.ts";

/** The instant a shop day "YYYY-MM-DD" starts, in the shop's time zone (daylight saving included). */
export function shopDayStart(day: string, timeZone = SHOP_TIME_ZONE): Date {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall;
  // Two passes: the offset at the guess, then at the corrected instant (a day starting across a change of offset).
  for (let i = 0; i < 2; i++) {
    const p = calendarParts(new Date(guess), timeZone)!;
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess -= seen - wall;
  }
  return new Date(guess);
}

export type Period = { startsAt: Date; endsAt: Date | null };

/** The stored period of the days `from` … `to` (both included; `to` null: no end). */
export function periodOf(from: string, to: string | null): Period {
  return { startsAt: shopDayStart(from), endsAt: to === null ? null : shopDayStart(addDays(to, 1)) };
}

/** The days a stored period covers, as the form shows them: its first day and its last (the day before ends_at). */
export function daysOf(p: { starts_at: Date | string; ends_at: Date | string | null }): { from: string; to: string | null } {
  const to = p.ends_at === null ? null : calendarDate(new Date(new Date(p.ends_at).getTime() - 1));
  return { from: calendarDate(new Date(p.starts_at)), to };
}

/** Where a period stands at `now`: not started yet, running, or over. */
export type PeriodState = "upcoming" | "running" | "ended";

export function periodState(p: { starts_at: Date | string; ends_at: Date | string | null }, now: Date): PeriodState {
  if (p.ends_at !== null && new Date(p.ends_at) <= now) return "ended";
  if (new Date(p.starts_at) > now) return "upcoming";
  return "running";
}
