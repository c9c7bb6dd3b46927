// What staff send from the returns inbox and a return's page (decision 141), and the order page's credit note by hand.
// Messages are "admin.*" keys.
import { z } from "zod";
import { RETURN_STATUSES } from "../aftersales/returns.ts";
import {
  CARD_REFUND_LIMIT_MAX,
  CREDIT_REASON_MAX,
  ORDER_CREDIT_KINDS,
  ORDER_CREDIT_SCOPES,
  type OrderCreditKind,
  REFUSAL_REASON_MAX,
  RETURN_REFUND_WAYS,
  type ReceivedLine,
  type ReturnRefundWay,
} from "../aftersales/return-desk.ts";
import { RETURN_LINES_MAX } from "../aftersales/returns.ts";
import { intField, text } from "./common.ts";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const page = { error: "admin.returns_page_invalid" };
const status = { error: "admin.returns_status_invalid" };

/** The inbox's address: a status (none: every request, the requested first) and the page. */
export const returnInboxQuerySchema = z.object({
  status: z.preprocess(blank, z.enum(RETURN_STATUSES, status).optional()),
  page: z.preprocess(blank, intField(page, { max: 100_000 }).optional().default(1)),
});

const reason = { error: "admin.return_refusal_reason_required" };
export const returnRefuseSchema = z.object({
  intent: z.literal("refuse"),
  reason: text(reason).trim().min(1, reason).max(REFUSAL_REASON_MAX, reason),
});

const lines = { error: "admin.return_receive_invalid" };
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item, lines).max(RETURN_LINES_MAX, lines));

/** Each line's id (the order line's), what came back of it, and the ids of the lines whose goods can be sold again. */
export const returnReceiveSchema = z
  .object({
    intent: z.literal("receive"),
    line_id: list(intField(lines)),
    received: list(intField(lines, { min: 0, max: 1_000_000 })),
    resaleable: list(intField(lines)),
  })
  .superRefine((v, ctx) => {
    if (v.line_id.length === 0 || v.line_id.length !== v.received.length)
      ctx.addIssue({ code: "custom", path: ["received"], message: lines.error });
  });

export function receivedLines(f: z.output<typeof returnReceiveSchema>): ReceivedLine[] {
  const resaleable = new Set(f.resaleable);
  return f.line_id.map((line_id, i) => ({ line_id, received: f.received[i], resaleable: resaleable.has(line_id) }));
}

export const returnRefundSchema = z.object({
  intent: z.literal("refund"),
  way: z.enum(RETURN_REFUND_WAYS, { error: "admin.return_refund_way_required" }),
});

const amount = { error: "admin.order_credit_amount_invalid" };
const creditReason = { error: "admin.order_credit_reason_required" };

/** An amount TTC in euros, "12,50" or "12.50", above zero, at most two decimals; answered as "12.50". */
const euros = text(amount)
  .trim()
  .regex(/^\d{1,7}(?:[.,]\d{1,2})?$/, amount)
  .transform((s) => Number(s.replace(",", ".")).toFixed(2))
  .refine((s) => Number(s) > 0, amount);

const limit = { error: "admin.returns_card_limit_invalid" };
/**
 * The owner's card-refund limit for customer service: euros, "250", "250,5" or "250.50", 0 (never by card) to
 * CARD_REFUND_LIMIT_MAX, at most two decimals; answered as "250.50".
 */
export const cardRefundLimitSchema = z.object({
  limit: text(limit)
    .trim()
    .regex(/^\d{1,6}(?:[.,]\d{1,2})?$/, limit)
    .transform((s) => Number(s.replace(",", ".")).toFixed(2))
    .refine((s) => Number(s) <= CARD_REFUND_LIMIT_MAX, limit),
});

const scope = { error: "admin.order_credit_scope_required" };
const creditLines = { error: "admin.order_credit_lines_invalid" };
/** The quantities to credit, one per line (0 … ordered, checked against the order by the service), one unit at least. */
const quantities = z.array(intField(creditLines, { min: 0, max: 1_000_000 })).refine((q) => q.some((n) => n > 0), creditLines);

/**
 * A credit note by hand from the order page: an amount refunded or a commercial gesture, with its reason; it gives
 * an amount, the whole of what is left, or chosen lines (each order line's id and a quantity, 0 … ordered, checked
 * against the order by the service). No scope is an amount (the form before lines existed).
 */
export const orderCreditSchema = z
  .object({
    intent: z.literal("credit"),
    // how the money goes back: a credit note (the form before card refunds existed) or the card that paid the order
    way: z.preprocess(blank, z.enum(RETURN_REFUND_WAYS, { error: "admin.order_credit_way_required" }).optional().default("credit_note")),
    kind: z.enum(ORDER_CREDIT_KINDS, { error: "admin.order_credit_kind_required" }),
    scope: z.preprocess(blank, z.enum(ORDER_CREDIT_SCOPES, scope).optional().default("amount")),
    // read only for an amount: a field left over from another choice is ignored
    amount: z.unknown().optional(),
    line_id: list(intField(creditLines)),
    qty: list(z.preprocess((v) => blank(v) ?? "0", z.unknown())),
    reason: text(creditReason).trim().min(1, creditReason).max(CREDIT_REASON_MAX, creditReason),
  })
  .superRefine((v, ctx) => {
    if (v.scope === "amount" && !euros.safeParse(v.amount).success)
      ctx.addIssue({ code: "custom", path: ["amount"], message: amount.error });
    if (v.scope === "lines" && (v.line_id.length !== v.qty.length || !quantities.safeParse(v.qty).success))
      ctx.addIssue({ code: "custom", path: ["qty"], message: creditLines.error });
  })
  .transform(({ way, kind, scope, amount, line_id, qty, reason }): OrderCreditRequest => {
    if (scope === "whole") return { way, kind, reason, scope };
    if (scope === "lines") {
      const nums = quantities.parse(qty);
      return { way, kind, reason, scope, lines: line_id.map((id, i) => ({ line_id: id, num: nums[i] })) };
    }
    return { way, kind, reason, scope, amount: euros.parse(amount) };
  });

/** What the service is asked (return-desk.service's OrderCreditRequest, defined here so core owns it). */
export type OrderCreditRequest = { way?: ReturnRefundWay; kind: OrderCreditKind; reason: string } & (
  { scope?: "amount"; amount: string } | { scope: "whole" } | { scope: "lines"; lines: { line_id: number; num: number }[] }
);
