// Requests of the account's order pages and API (issue 10 item 7; decision 072). Messages are "orders.*" keys.
import { z } from "zod";

export const ORDER_PAGE_SIZE = 10;
export const MAX_ORDER_PAGE_SIZE = 50;
/** Order numbers as the numbering writes them: CE2026-000123 (decision 066). */
export const ORDER_NUMBER_RE = /^[A-Z]{2}\d{4}-\d{6}$/;

const idError = { error: "orders.order_id_invalid" };
const pageError = { error: "orders.page_invalid" };

/** A small positive integer, from JSON or from a query text; "1.5", "abc", "-1", "1e3" refused. */
const positiveInt = (error: { error: string }, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z.number(error).int(error).min(1, error).max(max, error),
  );

/** GET /site/Sale/orderList: page from 1, page_size 1–50 (default 10). */
export const orderListSchema = z.object({
  page: positiveInt(pageError, 1_000_000).optional().default(1),
  page_size: positiveInt(pageError, MAX_ORDER_PAGE_SIZE).optional().default(ORDER_PAGE_SIZE),
});
export type OrderListInput = z.output<typeof orderListSchema>;

/** An order by its id or its number (links and e-mails carry either). */
export type OrderRef = { id: number } | { number: string };

/** Reads `?id=` (or `order_id`): digits are the id, "CE2026-000123" is the number; anything else is refused. */
export function parseOrderRef(value: unknown): OrderRef | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647) return { id: value };
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (/^\d{1,10}$/.test(v)) {
    const n = Number(v);
    return n >= 1 && n <= 2_147_483_647 ? { id: n } : null;
  }
  const upper = v.toUpperCase();
  return ORDER_NUMBER_RE.test(upper) ? { number: upper } : null;
}

const orderRefSchema = z.unknown().transform((v, ctx) => {
  const ref = parseOrderRef(v);
  if (!ref) {
    ctx.addIssue({ code: "custom", message: idError.error });
    return z.NEVER;
  }
  return ref;
});

/** GET /site/Sale/orderDetial and GET /site/Index/getOrder: `id` (or `order_id`) = order id or number. */
export const orderDetailSchema = z
  .object({ id: z.union([z.string(), z.number()]).optional(), order_id: z.union([z.string(), z.number()]).optional() })
  .transform((o, ctx) => {
    const ref = parseOrderRef(o.id ?? o.order_id);
    if (!ref) {
      ctx.addIssue({ code: "custom", message: idError.error });
      return z.NEVER;
    }
    return ref;
  });

/** POST /site/Sale/reorder: the caller's order whose lines go back into the cart. */
export const reorderSchema = z.object({ order_id: orderRefSchema });
