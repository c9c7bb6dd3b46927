// Requests of the account's order pages and API (decision 072). Messages are "orders.*" keys; a bad page
// is "validation.page_invalid", as for every paged list.
import { z } from "zod";
import { intField, pageQuery, text } from "./common.ts";

const ORDER_PAGE_SIZE = 10;
/** Order numbers as the numbering writes them: CE2026-000123 (decision 066). */
const ORDER_NUMBER_RE = /^[A-Z]{2}\d{4}-\d{6}$/;

const idError = { error: "orders.order_id_invalid" };
const orderIdSchema = intField(idError);
/** An order id, or a text that may be its number (checked by parseOrderRef). */
const orderRefInput = z.union([orderIdSchema, text(idError)], idError);

/** GET /site/Sale/orderList: page from 1, page_size 1–50 (default 10). */
export const orderListSchema = pageQuery({ size: ORDER_PAGE_SIZE });
export type OrderListInput = z.output<typeof orderListSchema>;

/** An order by its id or its number (links and e-mails carry either). */
export type OrderRef = { id: number } | { number: string };

/** Reads `?id=` (or `order_id`): digits are the id, "CE2026-000123" is the number; anything else is refused. */
export function parseOrderRef(value: unknown): OrderRef | null {
  const id = orderIdSchema.safeParse(value);
  if (id.success) return { id: id.data };
  if (typeof value !== "string") return null;
  const upper = value.trim().toUpperCase();
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
export const orderDetailSchema = z.object({ id: orderRefInput.optional(), order_id: orderRefInput.optional() }).transform((o, ctx) => {
  const ref = parseOrderRef(o.id ?? o.order_id);
  if (!ref) {
    ctx.addIssue({ code: "custom", message: idError.error });
    return z.NEVER;
  }
  return ref;
});

/** POST /site/Sale/reorder: the caller's order whose lines go back into the cart. */
export const reorderSchema = z.object({ order_id: orderRefSchema });
