// The caller's orders (decision 072): list, detail (both SPEC §7 paths), tracking and
// "order again". Login required; another customer's order answers 404 like an absent one.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { orderDetailSchema, orderListSchema, reorderSchema } from "#core/validation/orders.ts";
import { ok } from "#server/http/envelope.ts";
import { unauthorized } from "#server/http/errors.ts";
import { apiRoute } from "#server/http/openapi.ts";

const me = (req: FastifyRequest) =>
  req.customer ??
  (() => {
    throw unauthorized();
  })();
const tags = ["Orders"];

export async function ordersRoutes(site: FastifyInstance) {
  const { orders, db } = site.services;
  // Login first: a visitor learns nothing from validation messages.
  site.addHook("preHandler", async (req) => void (req.routeOptions.config.api?.auth && me(req)));

  apiRoute(
    site,
    {
      method: "GET",
      url: "/Sale/orderList",
      summary: "The caller's orders, newest first, one page",
      tags,
      auth: true,
      input: orderListSchema,
    },
    async (req, _reply, input) => ok(req, await orders.list(db, me(req).id, input, req.lang)),
  );

  const detail = {
    summary: "One of the caller's orders: lines, totals with VAT by rate, addresses, delivery, state, payment, tracking",
    tags,
    auth: true,
    input: orderDetailSchema,
    description: "`id` is the order id or its number (CE2026-000123). Another customer's order is not found (404).",
  };
  apiRoute(site, { method: "GET", url: "/Sale/orderDetial", ...detail }, async (req, _reply, ref) =>
    ok(req, await orders.detail(db, me(req).id, ref, req.lang)),
  );
  apiRoute(site, { method: "GET", url: "/Index/getOrder", ...detail }, async (req, _reply, ref) =>
    ok(req, await orders.detail(db, me(req).id, ref, req.lang)),
  );

  apiRoute(
    site,
    { method: "GET", url: "/Sale/orderTracking", summary: "The caller's recent orders with their tracking timelines", tags, auth: true },
    async (req) => ok(req, await orders.tracking(db, me(req).id, req.lang)),
  );

  apiRoute(
    site,
    {
      method: "POST",
      url: "/Sale/reorder",
      summary: "Order again: the order's still-sold lines go back into the cart",
      tags,
      auth: true,
      input: reorderSchema,
      description:
        "Quantities are added to the cart's, capped by stock and the purchasable quantity; models no longer sold are left out with a message.",
    },
    async (req, _reply, { order_id }) => {
      const result = await orders.reorder(db, me(req).id, order_id, req.lang);
      return ok(req, result, result.added.length > 0 ? "orders.reorder_done" : "orders.reorder_nothing");
    },
  );
}
