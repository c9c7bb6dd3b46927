// Returns, delivery dates and notifications of the account (decision 082). Login
// required; every call is scoped by the caller: another customer's order, return or notice is not found.
// Receiving times reuse POST/GET /site/Customer/{set,get}ReceiptArrangement (checkout module).
import type { FastifyInstance } from "fastify";
import {
  deliveryList,
  deliveryReply,
  notificationList,
  orderReturn,
  readNotification,
  returnList,
  returnableOrders,
} from "#core/contracts/aftersales.ts";
import { wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

export async function aftersalesRoutes(site: FastifyInstance) {
  const { returns, deliveries, notifications } = site.services;
  const personal = (reply: { header: (k: string, v: string) => unknown }) => reply.header("Cache-Control", "private, no-store");

  apiRoute(
    site,
    returnableOrders,
    {
      summary: "The caller's delivered orders with their 15-day return window and each line's returnable quantity, one page",
      description: "Most recently delivered first.",
      tags: ["Returns"],
    },
    async (req, reply, input, ctx) => {
      personal(reply);
      return ok(req, await returns.returnableOrders(ctx, new Date(), input));
    },
  );

  apiRoute(
    site,
    returnList,
    { summary: "The caller's return requests and their statuses", tags: ["Returns"] },
    async (req, reply, _input, ctx) => {
      personal(reply);
      return ok(req, wholeList(await returns.list(ctx)));
    },
  );

  apiRoute(
    site,
    orderReturn,
    {
      summary: "Ask back lines of a delivered order within 15 days of its delivery (idempotent per `idempotency_key`)",
      tags: ["Returns"],
      description:
        "Each line at most its delivered quantity minus what other requests (not refused) hold, checked under the order's row lock. Outside the window, or for an order not delivered, refused with a translated message; another customer's order is not found.",
    },
    async (req, _reply, input, ctx) => ok(req, await returns.request(ctx, input, new Date()), "aftersales.return_requested"),
  );

  apiRoute(
    site,
    deliveryList,
    {
      summary: "The caller's planned deliveries (date, confirmation state, reply deadline) and the dates that may be proposed",
      tags: ["Deliveries"],
    },
    async (req, reply, _input, ctx) => {
      personal(reply);
      const { list, proposable_dates } = await deliveries.list(ctx, new Date());
      return ok(req, { ...wholeList(list), proposable_dates });
    },
  );

  apiRoute(
    site,
    deliveryReply,
    {
      summary: "Answer a delivery date: available, unavailable with another working day, or cancel the delivery",
      tags: ["Deliveries"],
      description: "Only while the date awaits a reply and before its deadline; without a reply the delivery is rescheduled.",
    },
    async (req, _reply, input, ctx) => ok(req, await deliveries.reply(ctx, input, new Date()), `aftersales.delivery_reply_${input.reply}`),
  );

  apiRoute(
    site,
    notificationList,
    { summary: "The caller's notifications, newest first, and the unread count", tags: ["Notifications"] },
    async (req, reply, _input, ctx) => {
      personal(reply);
      const { list, unread } = await notifications.list(ctx);
      return ok(req, { ...wholeList(list), unread });
    },
  );

  apiRoute(
    site,
    readNotification,
    { summary: "Mark one notification (`id`) or all (`all: true`) as read; answers the unread count", tags: ["Notifications"] },
    async (req, _reply, input, ctx) => ok(req, await notifications.markRead(ctx, input)),
  );
}
