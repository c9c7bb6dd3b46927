// Requests of the returns, delivery dates and notifications pages and API (decision 082). One schema per form,
// shared by the browser and the server; messages are "aftersales.*" keys (a bad page: "validation.page_invalid").
import { z } from "zod";
import "./keys.ts";
import { intField, pageQuery, text } from "./common.ts";
import { RETURN_COMMENT_MAX, RETURN_LINES_MAX, RETURN_REASONS, RETURNABLE_PAGE_SIZE } from "../aftersales/returns.ts";
import { DELIVERY_REPLIES, isIsoDate } from "../aftersales/deliveries.ts";

const e = (key: string) => ({ error: `aftersales.${key}` });

/** A positive id from JSON or a form text. */
const id = (key: string) => intField(e(key));

const quantity = intField(e("quantity_invalid"), { max: 1_000_000 });

const idempotencyKeySchema = text("api.idempotency_key_invalid")
  .trim()
  .min(16, { error: "api.idempotency_key_invalid" })
  .max(64, { error: "api.idempotency_key_invalid" })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "api.idempotency_key_invalid" });

/** POST /site/Customer/orderReturn: lines of one delivered order, a reason, a free text (required for "other"). */
export const orderReturnSchema = z
  .object({
    order_id: id("order_invalid"),
    lines: z
      .array(z.object({ line_id: id("line_invalid"), num: quantity }), e("lines_required"))
      .min(1, e("lines_required"))
      .max(RETURN_LINES_MAX, e("lines_required")),
    reason: z.enum(RETURN_REASONS, e("reason_required")),
    comment: text(e("comment_too_long"), { multiline: true }).trim().max(RETURN_COMMENT_MAX, e("comment_too_long")).optional().default(""),
    idempotency_key: idempotencyKeySchema,
  })
  .superRefine((v, ctx) => {
    if (v.reason === "other" && !v.comment) ctx.addIssue({ code: "custom", path: ["comment"], message: "aftersales.comment_required" });
    if (new Set(v.lines.map((l) => l.line_id)).size !== v.lines.length)
      ctx.addIssue({ code: "custom", path: ["lines"], message: "aftersales.lines_required" });
  });
export type OrderReturnInput = z.output<typeof orderReturnSchema>;

/** POST /site/Customer/deliveryReply: available, unavailable with another date, or cancel. */
export const deliveryReplySchema = z
  .object({
    order_id: id("order_invalid"),
    reply: z.enum(DELIVERY_REPLIES, e("reply_required")),
    proposed_date: text(e("date_invalid")).trim().optional().default(""),
  })
  .superRefine((v, ctx) => {
    if (v.reply === "unavailable" && !isIsoDate(v.proposed_date))
      ctx.addIssue({ code: "custom", path: ["proposed_date"], message: "aftersales.date_invalid" });
  });
export type DeliveryReplyInput = z.output<typeof deliveryReplySchema>;

/** POST /site/Customer/readNotification: one (`id`) or every notification (`all`). */
export const readNotificationSchema = z
  .object({ id: id("notification_invalid").optional(), all: z.boolean(e("notification_invalid")).optional() })
  .refine((v) => (v.id !== undefined) !== (v.all === true), e("notification_invalid"));
export type ReadNotificationInput = z.output<typeof readNotificationSchema>;

/** GET /site/Customer/returnableOrders: page from 1, page_size 1–50 (default 20). */
export const returnableOrdersSchema = pageQuery({ size: RETURNABLE_PAGE_SIZE });
