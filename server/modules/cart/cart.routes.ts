// The cart API of SPEC §7 (decision 070). Customer calls need a login; the cart list also prices an
// anonymous visitor's `carts`. Every answer carries the cart's totals; the list, the merge and the removal
// answer every line (the client replaces its state), the add and the edit only the lines they changed with
// the order of all (decision 113).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { translate } from "#core/i18n/messages.ts";
import { ok, okJson } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";
import { addShoppingCart, delShoppingCart, editShoppingCart, getShoppingCart, mergeShoppingCart } from "#core/contracts/cart.ts";
import type { CartMessage } from "./cart.service.ts";

const tags = ["Cart"];

/** Messages with their text in the caller's language. */
const translated = (req: FastifyRequest, messages: CartMessage[]) =>
  messages.map((m) => ({ model_id: m.model_id, key: m.key, info: translate(req.lang, m.key, m.vars) }));

export async function cartRoutes(site: FastifyInstance) {
  const { cart } = site.services;

  apiRoute(
    site,
    getShoppingCart,
    {
      tags,
      summary: "The cart: the customer's server cart, or the anonymous visitor's `carts` priced (nothing stored)",
      description: "For an anonymous visitor, invalid entries of `carts` are left out and models no longer sold are listed in `messages`.",
    },
    async (req, reply, { carts }, ctx) => {
      const { customer } = ctx;
      if (customer) return okJson(req, reply, await cart.viewJson({ ...ctx, customer }));
      const { messages, ...answer } = await cart.priceAnonymous(ctx.db, carts, ctx.lang);
      return ok(req, { ...answer, messages: translated(req, messages) });
    },
  );

  apiRoute(
    site,
    addShoppingCart,
    {
      tags,
      summary: "Add quantities to the cart (`arr` of {model_id, num}); lines with num ≤ 0 are left out",
      description:
        "`cart_list` holds the lines of the models added, `cart_models` every line of the cart in order (the other lines are unchanged).",
    },
    async (req, reply, { arr }, ctx) => okJson(req, reply, await cart.add(ctx, arr), "api.cart_added"),
  );

  apiRoute(
    site,
    editShoppingCart,
    {
      tags,
      summary: "Set a line's quantity (type 1) or change it by a delta (other types; reaching 0 removes the line)",
      description: "`cart_list` holds the line changed (none when it was removed), `cart_models` every line of the cart in order.",
    },
    async (req, reply, input, ctx) => okJson(req, reply, await cart.edit(ctx, input)),
  );

  apiRoute(
    site,
    delShoppingCart,
    {
      tags,
      summary: "Remove lines of the caller's cart by line id (`ids`) or model id (`model_ids`)",
    },
    async (req, _reply, { ids, model_ids }, ctx) => ok(req, await cart.remove(ctx, ids, model_ids)),
  );

  apiRoute(
    site,
    mergeShoppingCart,
    {
      tags,
      summary: "At login: add the anonymous cart (`carts`) to the customer's cart, within stock, ceilings and cartGoodsLimit",
      description: "`messages`: one per line changed or dropped, translated.",
    },
    async (req, _reply, { carts }, ctx) => {
      const { messages, ...answer } = await cart.merge(ctx, carts);
      return ok(req, { ...answer, messages: translated(req, messages) });
    },
  );
}
