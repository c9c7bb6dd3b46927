// Dates for fr-FR and zh-CN (decision 023). Calendar parts come from Intl in a fixed time zone
// (Europe/Paris by default, the shop's); the text is assembled here so the server render and the
// browser always agree, whatever their ICU version.
import type { Lang } from "./lang.ts";

export const SHOP_TIME_ZONE = "Europe/Paris";

export type DateInput = Date | number | string;
type DateStyle = "short" | "long" | "datetime" | "time";

interface CalendarParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
}

const FR_MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];
const FR_WEEKDAYS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"];
const ZH_WEEKDAYS = ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"];
const WEEKDAY_INDEX: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      weekday: "short",
    });
    partFormatters.set(timeZone, f);
  }
  return f;
}

/**
 * Calendar parts of a moment in the time zone. A date-only text "YYYY-MM-DD" is a calendar date
 * (no time-zone shift); other texts are parsed by Date; numbers are epoch milliseconds.
 * Returns null for an invalid input.
 */
export function calendarParts(value: DateInput, timeZone = SHOP_TIME_ZONE): CalendarParts | null {
  if (typeof value === "string") {
    const m = DATE_ONLY.exec(value.trim());
    if (m) {
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const d = new Date(Date.UTC(year, month - 1, day));
      if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
      return { year, month, day, hour: 0, minute: 0, weekday: ((d.getUTCDay() + 6) % 7) + 1 };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const p of partFormatter(timeZone).formatToParts(date)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAY_INDEX[parts.weekday] ?? 1,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * fr: short "22/11/2025", long "22 novembre 2025", datetime "22/11/2025 14:05", time "14:05".
 * zh: short "2025/11/22", long "2025年11月22日", datetime "2025/11/22 14:05", time "14:05".
 * An invalid input gives "".
 */
export function formatDate(value: DateInput | null | undefined, lang: Lang, style: DateStyle = "short", timeZone = SHOP_TIME_ZONE): string {
  if (value === null || value === undefined || value === "") return "";
  const p = calendarParts(value, timeZone);
  if (!p) return "";
  const time = `${pad(p.hour)}:${pad(p.minute)}`;
  if (style === "time") return time;
  if (style === "long") return lang === "fr" ? `${p.day} ${FR_MONTHS[p.month - 1]} ${p.year}` : `${p.year}年${p.month}月${p.day}日`;
  const short = lang === "fr" ? `${pad(p.day)}/${pad(p.month)}/${p.year}` : `${p.year}/${pad(p.month)}/${pad(p.day)}`;
  return style === "datetime" ? `${short} ${time}` : short;
}

/** Weekday name, 1 = Monday … 7 = Sunday: fr "lundi", zh "星期一". */
export function weekdayName(day: number, lang: Lang): string {
  const names = lang === "fr" ? FR_WEEKDAYS : ZH_WEEKDAYS;
  return names[(((Math.trunc(day) - 1) % 7) + 7) % 7];
}

/** The calendar date "YYYY-MM-DD" of a moment in the time zone ("" if invalid). */
export function calendarDate(value: DateInput, timeZone = SHOP_TIME_ZONE): string {
  const p = calendarParts(value, timeZone);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)}` : "";
}
