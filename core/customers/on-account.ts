// Payment on account (B2B terms): staff let a professional customer order without paying by card, the invoice
// to be paid by bank transfer within a number of days, up to an outstanding limit. The outstanding is what the
// customer's on-account invoices still owe (TTC, settled ones excepted, cancelled orders excepted); an order on
// account is placed only when the outstanding plus its total stays within the limit. All amounts are in cents.

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

/** "YYYY-MM-DD" of a date in UTC. */
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The date an invoice issued at `issued` is due: `days` calendar days later ("YYYY-MM-DD", UTC). */
export function dueDate(issued: Date, days: number): string {
  return ymd(new Date(Date.UTC(issued.getUTCFullYear(), issued.getUTCMonth(), issued.getUTCDate()) + days * DAY_MS));
}

/** Whole days an invoice due on `due` ("YYYY-MM-DD") is overdue on `today`; 0 when not yet due or due today. */
export function daysOverdue(due: string, today: Date): number {
  const d = Date.parse(`${due}T00:00:00Z`);
  const t = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.max(0, Math.round((t - d) / DAY_MS));
}
