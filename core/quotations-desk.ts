// Quotations in the back office (decision 148): the state staff see, what each state allows, and a quoted line
// restated by staff (quantity, unit price HT). The customer's rules (validity, usable, quoted price) are
// core/quotations.ts; a draft is never usable, so nothing here widens what a customer may order.
import { Decimal, decOrZero } from "./money.ts";
import { lineAmounts } from "./cart/line.ts";
import { quotationState, type QuotedLine } from "./quotations.ts";

/**
 * request: the customer's own quotation from the cart, never sent by staff (usable at its catalogue prices);
 * draft: written by staff, not sent (the customer does not see it); sent: open and e-mailed; accepted: loaded into
 * the customer's cart; then ordered, expired (past its last day) or cancelled.
 */
export const DESK_STATES = ["request", "draft", "sent", "accepted", "ordered", "expired", "cancelled"] as const;
export type DeskState = (typeof DESK_STATES)[number];

/** The filter's order of the list: the requests waiting for staff first. */
export const DESK_WAITING: readonly DeskState[] = ["request"];

/** Most lines a quotation holds (a form's repeated fields are bounded by it). */
export const QUOTATION_LINES_MAX = 200;
/** Unit prices are numeric(12,4): at most 8 digits before the point and 4 after (formatUnitPrice shows them). */
export const UNIT_PRICE_RE = /^\d{1,8}(\.\d{1,4})?$/;
/** Longest validity staff may give, in days from today (the site config's bound, core/quotations.ts). */
export const DESK_VALIDITY_MAX_DAYS = 365;
export const STAFF_NOTE_MAX = 2000;

export function deskState(status: string, sentAt: unknown, validUntilDay: string | null, today: string): DeskState {
  if (status === "draft") return "draft";
  const s = quotationState(status, validUntilDay, today);
  if (s === "open") return sentAt ? "sent" : "request";
  return s;
}

/** Lines, price, validity and note change while nothing was ordered from it and it is not in a cart: draft or open (past its day too: a new date revives it). */
export const canEdit = (status: string) => status === "draft" || status === "open";
/** Sent by e-mail (again) while it can still be ordered, or as a draft that becomes open. */
export const canSend = (status: string, validUntilDay: string | null, today: string) =>
  status === "draft" || ((status === "open" || status === "accepted") && (validUntilDay === null || validUntilDay >= today));
/** Cancelled before it was ordered. */
export const canCancel = (status: string) => status === "draft" || status === "open" || status === "accepted";

/**
 * A line restated by staff: a new quantity keeps the quoted promotion (it applies by the quantity, as in the cart);
 * a new unit price is a net price, the promotion dropped. The amount is recomputed by the cart's rule (lineAmounts)
 * so the cart and the order find it again exactly from price, quantity and promotion.
 */
export function restateLine(l: QuotedLine, price: string, num: number): QuotedLine {
  const samePrice = decOrZero(l.price).eq(Decimal.from(price));
  const remise = samePrice ? (l.remise_info ?? null) : null;
  const unit = samePrice ? l.price : Decimal.from(price).toFixed(4);
  const amount = lineAmounts({ model_id: l.modelId, num, price: unit, tva: l.tva, remise_info: remise }).amount.toFixed(2);
  return { ...l, price: unit, num, remise_info: remise, amount };
}
