// Quick order and wishlist (decision 081). Login required; every read and write is the caller's.
import type { FastifyInstance } from "fastify";
import { addWishlist, delWishlist, purchasedList, quickOrderResolve, wishlist, wishlistRefs } from "#core/contracts/quick-order.ts";
import { pageOf, wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

const tags = ["Quick order"];

export async function quickOrderRoutes(site: FastifyInstance) {
  const { quickOrder } = site.services;

  apiRoute(
    site,
    purchasedList,
    {
      tags,
      summary: "Every model the caller bought before, with the last price and date and the current price and availability",
      description: "Aggregated from the caller's order lines (cancelled and expired orders left out), most recently bought first.",
    },
    async (req, _reply, _input, ctx) => ok(req, wholeList(await quickOrder.purchased(ctx))),
  );

  apiRoute(
    site,
    wishlist,
    {
      tags,
      summary: "The caller's saved references with their current price and availability, one page",
      description: "Most recently saved first; references no longer in the catalogue are left out (and not counted).",
    },
    // A wishlist holds at most 500 models: read whole (as the wishlist page shows it), then paged.
    async (req, _reply, input, ctx) => ok(req, pageOf(await quickOrder.wishlist(ctx), input)),
  );

  apiRoute(
    site,
    wishlistRefs,
    { tags, summary: "The references in the caller's wishlist and their products (heart buttons)" },
    async (req, _reply, _input, ctx) => ok(req, await quickOrder.references(ctx)),
  );

  apiRoute(
    site,
    addWishlist,
    {
      tags,
      summary: "Save a model (by model_id, reference, or product_id: its first model on sale) in the caller's wishlist",
      description: "Already saved: unchanged. Answers the wishlist's references. At most 500 models.",
    },
    async (req, _reply, input, ctx) => ok(req, await quickOrder.add(ctx, input), "area.wishlist_added"),
  );

  apiRoute(
    site,
    delWishlist,
    { tags, summary: "Remove a model (by model_id or reference, or every model of product_id) from the caller's wishlist" },
    async (req, _reply, input, ctx) => ok(req, await quickOrder.remove(ctx, input), "area.wishlist_removed"),
  );

  apiRoute(
    site,
    quickOrderResolve,
    {
      tags,
      summary: "Resolve `reference;quantity` lines (pasted or from a CSV file) to models, each line valid or refused with its reason",
      description:
        "Separators `;`, `,` or tab; an optional header line; at most 500 lines and 40 000 characters. Duplicates are merged into their first line. Nothing is added to the cart: the page adds the valid lines with addShoppingCart.",
    },
    async (req, _reply, { text }, ctx) => ok(req, await quickOrder.resolve(ctx.db, text, ctx.lang, ctx.customer?.id ?? null)),
  );
}
