// POST /site/Sale/createOrder (decision 070): places the caller's cart as an order awaiting payment.
import type { FastifyInstance } from "fastify";
import { createOrder } from "#core/contracts/orders.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

export async function orderPlacementRoutes(site: FastifyInstance) {
  const { orderPlacement } = site.services;
  apiRoute(
    site,
    createOrder,
    {
      tags: ["Orders"],
      summary: "Place the cart as an order awaiting payment (idempotent per `idempotency_key`)",
      description:
        "Re-prices every line from the catalogue, checks and decrements stock, uses the cart's coupon, enforces minBuyPrice, numbers the order, empties the cart and queues the confirmation e-mail, all in one transaction. The same key with the same request answers the order already placed; with another request it is refused.",
    },
    async (req, _reply, input, ctx) => ok(req, await orderPlacement.place(ctx, input), "api.order_placed"),
  );
}
