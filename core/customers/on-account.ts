// Payment on account (B2B terms): staff let a professional customer order without paying by card, the invoice
// to be paid by bank transfer within a number of days, up to an outstanding limit. The outstanding is what the
// customer's on-account invoices still owe (TTC, settled ones excepted, cancelled orders excepted); an order on
// account is placed only when the outstanding plus its total stays within the limit. All amounts are in cents.

import { calendarParts } from "../format-date.ts";

/** The payment method an order placed on account keeps (orders.payment_method). */
export const ON_ACCOUNT_METHOD = "on_account";

/** Bounds of what staff type in: the term in days, the limit in cents (one million euros). */
export const ON_ACCOUNT_DAYS_MIN = 1;
export const ON_ACCOUNT_DAYS_MAX = 120;
export const ON_ACCOUNT_DAYS_DEFAULT = 30;
export const ON_ACCOUNT_LIMIT_MAX_CENTS = 100_000_000;

/** A customer's terms as stored on their row. */
export type OnAccountTerms = { allowed: boolean; days: number; limitCents: number };

/** What the customer may still order on account: the limit less the outstanding, never below zero. */
export function availableCents(limitCents: number, outstandingCents: number): number {
  return Math.max(0, limitCents - outstandingCents);
}

export type OnAccountDecision =
  | { ok: true; availableAfterCents: number }
  | { ok: false; key: "api.on_account_not_allowed" }
  | { ok: false; key: "api.on_account_limit_exceeded"; availableCents: number };

/**
 * Whether an order of `orderCents` TTC may be placed on account: the customer's terms allow it, and the outstanding
 * plus the order stays within the limit (equal is allowed).
 */
export function onAccountDecision(terms: OnAccountTerms, outstandingCents: number, orderCents: number): OnAccountDecision {
  if (!terms.allowed) return { ok: false, key: "api.on_account_not_allowed" };
  const available = availableCents(terms.limitCents, outstandingCents);
  if (orderCents > available) return { ok: false, key: "api.on_account_limit_exceeded", availableCents: available };
  return { ok: true, availableAfterCents: available - orderCents };
}

const DAY_MS = 86_400_000;

/** The shop's calendar day of a moment ("YYYY-MM-DD", Paris time): an invoice issued at 00:30 in Paris is of that day. */
export function shopDay(at: Date): string {
  const p = calendarParts(at)!;
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The day an invoice issued on `issued` ("YYYY-MM-DD") is due: `days` calendar days later. */
export function dueDate(issued: string, days: number): string {
  return new Date((dayNumber(issued) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days an invoice due on `due` is overdue on the day `today` (both "YYYY-MM-DD"); 0 until the day after. */
export function daysOverdue(due: string, today: string): number {
  return Math.max(0, Math.round(dayNumber(today) - dayNumber(due)));
}
