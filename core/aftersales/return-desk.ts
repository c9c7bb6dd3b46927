// The shop's side of returns (decision 141): the back office accepts or refuses a request, receives its goods (per
// line what came back and whether it can be sold again), then refunds the received lines in one step, by credit note
// or to the card. Pure rules shared by the pages (which explain) and the services (which decide).
import { can, type Permission, type StaffRole } from "../staff/permissions.ts";
import { Decimal, dec, decOrZero, type DecimalInput } from "../money.ts";
import { returnCredit } from "../documents/credit.ts";

/** Longest reason of a refusal (shown to the customer). */
export const REFUSAL_REASON_MAX = 300;
/** Longest reason written on a credit note issued by hand. */
export const CREDIT_REASON_MAX = 300;
/** Requests one page of the inbox lists. */
export const RETURN_INBOX_PAGE_SIZE = 50;

/** How a received return is refunded: a credit note on the customer's account, or to the card that paid the order. */
export const RETURN_REFUND_WAYS = ["credit_note", "card"] as const;
export type ReturnRefundWay = (typeof RETURN_REFUND_WAYS)[number];

/**
 * The most a role that may only answer returns (returns:write, not orders:refund) sends back to a card in one
 * return's refund, TTC: the owner's setting (site_config row CARD_REFUND_LIMIT_SETTING), this while no row exists.
 */
export const SERVICE_CARD_REFUND_LIMIT = "300.00";
/** The site_config key of the owner's limit: a JSON string of euros, "0.00" (never by card) … CARD_REFUND_LIMIT_MAX. */
export const CARD_REFUND_LIMIT_SETTING = "serviceCardRefundLimit";
export const CARD_REFUND_LIMIT_MAX = 100_000;

/** The limit a stored value gives: a well-formed amount within bounds, else (no row, a bad row) the default. */
export function cardRefundLimitOf(value: unknown): string {
  if (typeof value !== "string" || !/^\d{1,6}(?:\.\d{1,2})?$/.test(value)) return SERVICE_CARD_REFUND_LIMIT;
  const n = dec(value);
  return n.lte(CARD_REFUND_LIMIT_MAX) ? n.toFixed(2) : SERVICE_CARD_REFUND_LIMIT;
}

/** Accepting, refusing and receiving a request: customer service's work (the owner's and the manager's too). */
export const RETURN_WRITE: Permission = "returns:write";

/**
 * Whether the roles may refund a received return this way for this amount: a credit note needs returns:write or
 * credit_notes:write; a card refund needs orders:refund, or returns:write up to the owner's limit (0: never).
 */
export function mayRefundReturn(
  roles: readonly StaffRole[],
  way: ReturnRefundWay,
  amount: DecimalInput,
  limit: DecimalInput = SERVICE_CARD_REFUND_LIMIT,
): boolean {
  if (way === "credit_note") return can(roles, "returns:write") || can(roles, "credit_notes:write");
  if (can(roles, "orders:refund")) return true;
  const l = decOrZero(limit);
  return can(roles, "returns:write") && l.sign() > 0 && decOrZero(amount).lte(l);
}

/** Who gives money back by hand from an order's page, by way: a credit note, or a refund to the card that paid it. */
export const ORDER_REFUND_PERMISSION: Readonly<Record<ReturnRefundWay, Permission>> = {
  credit_note: "credit_notes:write",
  card: "orders:refund",
};

/** The ways the roles may refund at all (the page's buttons; the amount is checked again by the service). */
export const refundWaysOf = (roles: readonly StaffRole[], amount: DecimalInput, limit?: DecimalInput): ReturnRefundWay[] =>
  RETURN_REFUND_WAYS.filter((w) => mayRefundReturn(roles, w, amount, limit));

export type ReceivedLine = { line_id: number; received: number; resaleable: boolean };
type AskedBack = { line_id: number; num: number };
type ReceiveProblem = {
  line_id: number | null;
  key: "unknown_line" | "missing_line" | "duplicate_line" | "over_quantity" | "nothing_received";
};

/**
 * Checks what staff say came back against the request's lines: every line once, each 0 … what was asked back, and
 * at least one unit in all (a request whose goods never came is refused, not received). Empty when it may go on.
 */
export function checkReceived(received: readonly ReceivedLine[], asked: readonly AskedBack[]): ReceiveProblem[] {
  const byId = new Map(asked.map((a) => [a.line_id, a]));
  const seen = new Set<number>();
  const problems: ReceiveProblem[] = [];
  for (const r of received) {
    const a = byId.get(r.line_id);
    if (!a) problems.push({ line_id: r.line_id, key: "unknown_line" });
    else if (seen.has(r.line_id)) problems.push({ line_id: r.line_id, key: "duplicate_line" });
    else if (!Number.isInteger(r.received) || r.received < 0 || r.received > a.num)
      problems.push({ line_id: r.line_id, key: "over_quantity" });
    seen.add(r.line_id);
  }
  for (const a of asked) if (!seen.has(a.line_id)) problems.push({ line_id: a.line_id, key: "missing_line" });
  if (problems.length === 0 && received.every((r) => r.received === 0)) problems.push({ line_id: null, key: "nothing_received" });
  return problems;
}

/**
 * The units going back to stock: the received units of the resaleable lines, summed by model, in model id order (the
 * order every stock writer locks models in). Lines whose model left the catalogue give nothing back.
 */
export function restock(
  lines: readonly { model_id: number | null; received: number; resaleable: boolean }[],
): { model_id: number; num: number }[] {
  const by = new Map<number, number>();
  for (const l of lines)
    if (l.model_id !== null && l.resaleable && l.received > 0) by.set(l.model_id, (by.get(l.model_id) ?? 0) + l.received);
  return [...by].map(([model_id, num]) => ({ model_id, num })).sort((a, b) => a.model_id - b.model_id);
}

/**
 * What may still be given back on an order, TTC: what it was paid (its total less a balance still due; nothing for
 * an unpaid or cancelled order, whose money its cancellation settled) less every credit note already issued on it and
 * every card refund already asked of its payments. Never below zero.
 */
export function refundableLeft(o: {
  paid: boolean;
  cancelled: boolean;
  total_ttc: DecimalInput;
  balance_due: DecimalInput;
  credited: DecimalInput;
  refunded: DecimalInput;
}): string {
  if (!o.paid || o.cancelled) return "0.00";
  const left = decOrZero(o.total_ttc).minus(decOrZero(o.balance_due)).minus(decOrZero(o.credited)).minus(decOrZero(o.refunded));
  return (left.sign() < 0 ? Decimal.ZERO : left).toFixed(2);
}

/** The causes of a credit note issued by hand from an order: an amount refunded, or a commercial gesture. */
export const ORDER_CREDIT_KINDS = ["amount", "gesture"] as const;
export type OrderCreditKind = (typeof ORDER_CREDIT_KINDS)[number];

/** What a credit note by hand from an order gives back: an amount, the whole of what is left, or chosen lines. */
export const ORDER_CREDIT_SCOPES = ["amount", "whole", "lines"] as const;
export type OrderCreditScope = (typeof ORDER_CREDIT_SCOPES)[number];

type OrderLineToCredit = { id: number; line_ht: DecimalInput; num: number; tva: DecimalInput };

/**
 * What crediting some of an order's lines gives back, TTC, by the rule of returns (core returnCredit: the line's
 * invoiced HT × quantity / ordered, its share of the order's discount off, VAT by rate to the cent). `chosen` gives a
 * quantity 0 … ordered per order line; lines left out credit nothing. Null when a line is unknown, given twice, out
 * of range, or no unit at all is chosen.
 */
export function orderLinesCredit(
  lines: readonly OrderLineToCredit[],
  chosen: readonly { line_id: number; num: number }[],
  order: { discount_amount: DecimalInput },
): { ttc: string; lines: { line_id: number; num: number }[] } | null {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  for (const c of chosen) {
    const l = byId.get(c.line_id);
    if (!l || seen.has(c.line_id) || !Number.isInteger(c.num) || c.num < 0 || c.num > l.num) return null;
    seen.add(c.line_id);
  }
  const picked = chosen.filter((c) => c.num > 0);
  if (picked.length === 0) return null;
  const goods_ht = lines.reduce((s, l) => s.plus(decOrZero(l.line_ht)), Decimal.ZERO);
  const { ttc } = returnCredit(
    picked.map((c) => ({ ...byId.get(c.line_id)!, returned: c.num })),
    { discount_amount: order.discount_amount, goods_ht },
  );
  return { ttc, lines: picked };
}
