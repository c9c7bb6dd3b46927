// Delivery dates (SPEC §4 "Delivery confirmation: available (confirms), unavailable (asks
// rescheduling) or cancel; with no reply the delivery is rescheduled"; decision 082). Pure calendar rules on
// "YYYY-MM-DD" dates in the shop's time zone.
import { calendarDate } from "../format-date.ts";

export const DELIVERY_STATUSES = ["awaiting_confirmation", "confirmed", "reschedule_requested", "cancelled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_REPLIES = ["available", "unavailable", "cancel"] as const;

/** How far ahead a customer may propose a date. */
export const PROPOSE_MAX_DAYS = 60;
/** A rescheduled delivery is at least this many working days after the day it is rescheduled. */
const RESCHEDULE_MIN_WORKING_DAYS = 2;
/** The reply deadline: this UTC hour on the working day before the planned date (≈ the 11:30 call advice). */
const REPLY_DEADLINE_UTC_HOUR = 10;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const toUtc = (d: string): Date | null => {
  const m = DATE.exec(d);
  if (!m) return null;
  const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return t.getUTCDate() === Number(m[3]) && t.getUTCMonth() === Number(m[2]) - 1 ? t : null;
};
const fromUtc = (t: Date) => t.toISOString().slice(0, 10);
export const isIsoDate = (d: unknown): d is string => typeof d === "string" && toUtc(d) !== null;

/** d + n calendar days. */
export function addDays(d: string, n: number): string {
  const t = toUtc(d);
  if (!t) throw new RangeError(`not a date: ${d}`);
  return fromUtc(new Date(t.getTime() + n * DAY_MS));
}

/** Easter Sunday (Gregorian, anonymous algorithm). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** French public holidays of a year (metropolitan France). */
export function publicHolidays(year: number): Set<string> {
  const e = easter(year);
  const fixed = ["01-01", "05-01", "05-08", "07-14", "08-15", "11-01", "11-11", "12-25"].map((md) => `${year}-${md}`);
  return new Set([...fixed, addDays(e, 1), addDays(e, 39), addDays(e, 50)]);
}

/** A working day: Monday to Friday and not a French public holiday. */
export function isWorkingDay(d: string): boolean {
  const t = toUtc(d);
  if (!t) return false;
  const wd = t.getUTCDay();
  return wd !== 0 && wd !== 6 && !publicHolidays(t.getUTCFullYear()).has(d);
}

/** The first working day strictly after d. */
export function nextWorkingDay(d: string): string {
  let x = addDays(d, 1);
  while (!isWorkingDay(x)) x = addDays(x, 1);
  return x;
}

/** The last working day strictly before d. */
function previousWorkingDay(d: string): string {
  let x = addDays(d, -1);
  while (!isWorkingDay(x)) x = addDays(x, -1);
  return x;
}

/** The n-th working day after d (n ≥ 1). */
export function addWorkingDays(d: string, n: number): string {
  let x = d;
  for (let i = 0; i < n; i++) x = nextWorkingDay(x);
  return x;
}

/** Today in the shop's time zone, "YYYY-MM-DD". */
export const shopToday = (now: Date) => calendarDate(now);

/** Until when the customer may answer for a delivery planned on `planned`: the working day before, at 10:00 UTC. */
export function replyDeadline(planned: string): Date {
  const t = toUtc(previousWorkingDay(planned))!;
  return new Date(t.getTime() + REPLY_DEADLINE_UTC_HOUR * 3_600_000);
}

/**
 * The new date of a delivery left without a reply: the first working day after the old date that is also at
 * least RESCHEDULE_MIN_WORKING_DAYS working days after today (so that its own reply deadline is still ahead).
 */
export function rescheduledDate(planned: string, today: string): string {
  const earliest = addWorkingDays(today, RESCHEDULE_MIN_WORKING_DAYS);
  const afterOld = nextWorkingDay(planned);
  return afterOld > earliest ? afterOld : earliest;
}

/** The dates a customer may propose instead: working days after today, up to PROPOSE_MAX_DAYS ahead. */
export function isProposableDate(d: string, today: string): boolean {
  return isIsoDate(d) && d > today && d <= addDays(today, PROPOSE_MAX_DAYS) && isWorkingDay(d);
}

/** The proposable dates from today, in order (the date picker's options). */
export function proposableDates(today: string): string[] {
  const out: string[] = [];
  for (let d = nextWorkingDay(today); d <= addDays(today, PROPOSE_MAX_DAYS); d = nextWorkingDay(d)) out.push(d);
  return out;
}

/** Whether the customer may still answer: awaiting a confirmation and before the deadline. */
export function canReply(
  o: { status: string; delivery_status: string | null; delivery_reply_by: Date | string | null },
  now: Date,
): boolean {
  return (
    o.status === "planned" &&
    o.delivery_status === "awaiting_confirmation" &&
    o.delivery_reply_by !== null &&
    new Date(o.delivery_reply_by).getTime() > now.getTime()
  );
}
