// The caller's orders (decision 072): list, detail (both SPEC §7 paths), tracking and
// "order again". Login required; another customer's order answers 404 like an absent one.
import type { FastifyInstance } from "fastify";
import { getOrder, orderDetial, orderList, orderTracking, reorder } from "#core/contracts/orders.ts";
import { wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

const tags = ["Orders"];

export async function ordersRoutes(site: FastifyInstance) {
  const { orders } = site.services;

  apiRoute(site, orderList, { summary: "The caller's orders, newest first, one page", tags }, async (req, _reply, input, ctx) =>
    ok(req, await orders.list(ctx, input)),
  );

  const detail = {
    summary: "One of the caller's orders: lines, totals with VAT by rate, addresses, delivery, state, payment, tracking",
    tags,
    description: "`id` is the order id or its number (CE2026-000123). Another customer's order is not found (404).",
  };
  apiRoute(site, orderDetial, detail, async (req, _reply, ref, ctx) => ok(req, await orders.detail(ctx, ref)));
  apiRoute(site, getOrder, detail, async (req, _reply, ref, ctx) => ok(req, await orders.detail(ctx, ref)));

  apiRoute(
    site,
    orderTracking,
    { summary: "The caller's recent orders with their tracking timelines", tags },
    async (req, _reply, _input, ctx) => ok(req, wholeList(await orders.tracking(ctx))),
  );

  apiRoute(
    site,
    reorder,
    {
      summary: "Order again: the order's still-sold lines go back into the cart",
      tags,
      description:
        "Quantities are added to the cart's, capped by stock and the purchasable quantity; models no longer sold are left out with a message.",
    },
    async (req, _reply, { order_id }, ctx) => {
      const result = await orders.reorder(ctx, order_id);
      return ok(req, result, result.added.length > 0 ? "orders.reorder_done" : "orders.reorder_nothing");
    },
  );
}
