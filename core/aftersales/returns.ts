// Returns (SPEC §9 "Return period 15 days"; decision 082). Pure rules shared by the
// server (which decides) and the pages (which explain).

/** SPEC §9: a delivered order's lines may be returned during 15 days after its delivery. */
export const RETURN_PERIOD_DAYS = 15;
const DAY_MS = 86_400_000;

export const RETURN_STATUSES = ["requested", "accepted", "refused", "received", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_REASONS = ["damaged", "wrong_item", "not_as_described", "surplus", "other"] as const;

/** Longest free text with a return request. */
export const RETURN_COMMENT_MAX = 500;
/** Most lines in one request (an order has fewer). */
export const RETURN_LINES_MAX = 200;
/** Delivered orders the return page shows: the most recent ones (one page of returnableOrders). */
export const RETURNABLE_PAGE_SIZE = 20;

/** The shop's transitions: requested → accepted | refused; accepted → received; received → refunded. */
const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ["accepted", "refused"],
  accepted: ["received"],
  refused: [],
  received: ["refunded"],
  refunded: [],
};
export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return NEXT[from].includes(to);
}

type ReturnWindow = {
  /** Lines may be asked back now. */
  open: boolean;
  /** Last moment of the window (delivery + 15 × 24 h); null when the order was never delivered. */
  ends_at: Date | null;
  /** Why not: "not_delivered" or "expired". */
  reason: "not_delivered" | "expired" | null;
};

/**
 * The return window of an order: open from its delivery for RETURN_PERIOD_DAYS whole days (the delivery
 * moment + 15 × 24 hours, that moment included). An order that is not delivered (status or date missing)
 * has no window; a delivery in the future (clock skew) counts as just delivered.
 */
export function returnWindow(order: { status: string; delivered_at: Date | string | null }, now: Date): ReturnWindow {
  if (order.status !== "delivered" || !order.delivered_at) return { open: false, ends_at: null, reason: "not_delivered" };
  const delivered = new Date(order.delivered_at);
  if (Number.isNaN(delivered.getTime())) return { open: false, ends_at: null, reason: "not_delivered" };
  const ends = new Date(delivered.getTime() + RETURN_PERIOD_DAYS * DAY_MS);
  const open = now.getTime() <= ends.getTime();
  return { open, ends_at: ends, reason: open ? null : "expired" };
}

export type ReturnableLine = { id: number; delivered: number; returned: number };
type AskedLine = { line_id: number; num: number };

/** What may still be asked back on a line: delivered minus what other requests hold, never below 0. */
export const returnable = (l: ReturnableLine) => Math.max(0, l.delivered - l.returned);

type LineProblem = { line_id: number; key: "unknown_line" | "over_quantity" | "duplicate_line"; max: number };

/**
 * Checks the asked lines against the order's: every line must belong to the order, appear once, and ask
 * 1 … returnable(line). Returns the problems (empty when the request may go on).
 */
export function checkReturnLines(asked: AskedLine[], lines: ReturnableLine[]): LineProblem[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const problems: LineProblem[] = [];
  for (const a of asked) {
    const l = byId.get(a.line_id);
    if (!l) problems.push({ line_id: a.line_id, key: "unknown_line", max: 0 });
    else if (seen.has(a.line_id)) problems.push({ line_id: a.line_id, key: "duplicate_line", max: returnable(l) });
    else if (!Number.isInteger(a.num) || a.num < 1 || a.num > returnable(l))
      problems.push({ line_id: a.line_id, key: "over_quantity", max: returnable(l) });
    seen.add(a.line_id);
  }
  return problems;
}
