// The contracts of the aftersales calls (core/contracts/contract.ts): returns, delivery dates, notifications.
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { listPage } from "./shared.ts";
import { deliveryReplySchema, orderReturnSchema, readNotificationSchema, returnableOrdersSchema } from "../validation/aftersales.ts";
import { RETURN_STATUSES } from "../aftersales/returns.ts";
import { DELIVERY_STATUSES } from "../aftersales/deliveries.ts";
import { NOTIFICATION_KINDS } from "../aftersales/notifications.ts";

/** A line of a delivered order with what other requests (not refused) hold and what may still be asked back. */
const returnableLineAnswer = z.object({
  id: z.number(),
  reference: z.string(),
  designation: z.string(),
  unit: z.string(),
  delivered: z.number(),
  returned: z.number().describe("Units held by the line's other return requests (any status but refused)."),
  returnable: z.number().describe("delivered − returned (≥ 0): the most a new request may ask."),
});

/** A delivered order with its return window (dates as ISO texts in UTC). */
const returnableOrderAnswer = z.object({
  id: z.number(),
  number: z.string(),
  delivered_at: z.string().nullable(),
  window_open: z.boolean(),
  window_ends_at: z.string().nullable().describe("delivered_at + 15 × 24 hours, that moment included."),
  window_text: z.string().describe("Translated: until when a return is possible, or since when it is not."),
  lines: z.array(returnableLineAnswer),
});

/** A return request with its translated status and reason. */
const returnAnswer = z.object({
  id: z.number(),
  order_id: z.number(),
  order_number: z.string(),
  status: z.enum(RETURN_STATUSES),
  status_text: z.string(),
  reason: z.string(),
  reason_text: z.string(),
  comment: z.string().nullable(),
  refusal_reason: z.string().nullable().describe("Why the shop refused the request, as staff wrote it."),
  created_at: z.string(),
  updated_at: z.string(),
  lines: z.array(z.object({ order_line_id: z.number(), reference: z.string(), designation: z.string(), num: z.number() })),
});

/** A delivery in progress: its date ("YYYY-MM-DD"), the state of its confirmation and the reply deadline (ISO, UTC). */
const deliveryAnswer = z.object({
  order_id: z.number(),
  number: z.string(),
  status: z.string(),
  planned_delivery_date: z.string().nullable(),
  delivery_status: z.enum(DELIVERY_STATUSES),
  delivery_text: z.string().describe("Translated state of the date: awaiting your reply by …, confirmed, other date asked, cancelled."),
  proposed_date: z.string().nullable().describe("The day the customer proposed with the reply unavailable."),
  reply_by: z.string().nullable().describe("The reply deadline: the working day before the planned day, 10:00 UTC."),
  can_reply: z.boolean().describe("While awaiting_confirmation, the order planned and the deadline ahead; one answer only."),
});

/** A notice, its text translated. */
const notificationAnswer = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  order_id: z.number().nullable(),
  ref: z.string(),
  text: z.string().describe("Rendered in the request's language when read."),
  read: z.boolean(),
  created_at: z.string(),
});

const unreadAnswer = z.object({ unread: z.number().describe("The caller's unread notifications, all of them.") });

export const returnableOrders = defineCall({
  method: "GET",
  path: "/site/Customer/returnableOrders",
  auth: true,
  input: returnableOrdersSchema,
  output: listPage(returnableOrderAnswer),
});

export const returnList = defineCall({ method: "GET", path: "/site/Customer/returnList", auth: true, output: listPage(returnAnswer) });

export const orderReturn = defineCall({
  method: "POST",
  path: "/site/Customer/orderReturn",
  auth: true,
  input: orderReturnSchema,
  output: returnAnswer,
});

export const deliveryList = defineCall({
  method: "GET",
  path: "/site/Customer/deliveryList",
  auth: true,
  output: listPage(deliveryAnswer).extend({
    proposable_dates: z
      .array(z.string())
      .describe("The days the customer may propose: working days after today (Paris), at most 60 days ahead."),
  }),
});

export const deliveryReply = defineCall({
  method: "POST",
  path: "/site/Customer/deliveryReply",
  auth: true,
  input: deliveryReplySchema,
  output: deliveryAnswer,
});

export const notificationList = defineCall({
  method: "GET",
  path: "/site/Customer/notificationList",
  auth: true,
  output: listPage(notificationAnswer).extend({
    unread: z.number().describe("Count of all the caller's unread notifications, not only listed ones."),
  }),
});

export const readNotification = defineCall({
  method: "POST",
  path: "/site/Customer/readNotification",
  auth: true,
  input: readNotificationSchema,
  output: unreadAnswer,
});

export type ReturnableLineAnswer = z.output<typeof returnableLineAnswer>;
export type ReturnableOrderAnswer = z.output<typeof returnableOrderAnswer>;
export type ReturnAnswer = z.output<typeof returnAnswer>;
export type DeliveryAnswer = z.output<typeof deliveryAnswer>;
export type NotificationAnswer = z.output<typeof notificationAnswer>;
export type UnreadAnswer = z.output<typeof unreadAnswer>;
