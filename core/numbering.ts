// Document numbers (decision 066): one gap-free sequence per kind and calendar year, shown as
// prefix + year + "-" + the value on at least 6 digits, e.g. CE2026-000123 (the demo data's format, decision 030).
import { calendarParts, SHOP_TIME_ZONE, type DateInput } from "./format-date.ts";

export const NUMBER_KINDS = ["order", "invoice", "credit_note", "quotation"] as const;
export type NumberKind = (typeof NUMBER_KINDS)[number];

const NUMBER_PREFIXES: Record<NumberKind, string> = {
  order: "CE",
  invoice: "FA",
  credit_note: "AV",
  quotation: "DV",
};

/** Highest value: 9 digits fit the sequence's integer column and the varchar(20) document numbers. */
export const MAX_NUMBER_VALUE = 999_999_999;

/** "CE2026-000123". Beyond 999,999 the value takes more digits (never truncated). */
export function formatDocumentNumber(kind: NumberKind, year: number, value: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`year out of range: ${year}`);
  if (!Number.isSafeInteger(value) || value < 1 || value > MAX_NUMBER_VALUE) throw new RangeError(`value out of range: ${value}`);
  return `${NUMBER_PREFIXES[kind]}${year}-${String(value).padStart(6, "0")}`;
}

const PATTERN = /^([A-Z]{2})(\d{4})-(\d{6,9})$/;

/** Inverse of formatDocumentNumber; null when the text is not a document number. */
export function parseDocumentNumber(text: string): { kind: NumberKind; year: number; value: number } | null {
  const m = PATTERN.exec(text);
  if (!m) return null;
  const kind = NUMBER_KINDS.find((k) => NUMBER_PREFIXES[k] === m[1]);
  const value = Number(m[3]);
  if (!kind || value < 1) return null;
  // one spelling per number: "CE2026-0000123" is not CE2026-000123
  if (m[3].length > 6 && m[3].startsWith("0")) return null;
  return { kind, year: Number(m[2]), value };
}

/** The numbering year of a moment: the calendar year in the shop's time zone (1 January 00:00 Paris time). */
export function numberingYear(at: DateInput, timeZone = SHOP_TIME_ZONE): number {
  const parts = calendarParts(at, timeZone);
  if (!parts) throw new RangeError("invalid date");
  return parts.year;
}
