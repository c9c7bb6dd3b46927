// The cart API of SPEC §7 (decision 070). Customer calls need a login; the cart list also prices an
// anonymous visitor's `carts`. Every answer carries the cart's totals; the list, the merge and the removal
// answer every line (the client replaces its state), the add and the edit only the lines they changed with
// the order of all (decision 113).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { translate } from "#core/i18n/messages.ts";
import { addCartSchema, delCartSchema, editCartSchema, getCartSchema, mergeCartSchema } from "#core/validation/cart.ts";
import { ok, okJson, type JsonText } from "#server/http/envelope.ts";
import { legacyApiRoute } from "#server/http/openapi.ts";
import type { CartMessage } from "./cart.service.ts";

const tags = ["Cart"];

/** Messages with their text in the caller's language. */
const translated = (req: FastifyRequest, messages: CartMessage[]) =>
  messages.map((m) => ({ model_id: m.model_id, key: m.key, info: translate(req.lang, m.key, m.vars) }));

export async function cartRoutes(site: FastifyInstance) {
  const { cart, db } = site.services;

  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Index/getShoppingCart",
      readOnly: true,
      tags,
      input: getCartSchema,
      summary: "The cart: the customer's server cart, or the anonymous visitor's `carts` priced (nothing stored)",
      description:
        "Answers `{ cart_info, cart_list }`: the cart parameters with every cart total, and the priced lines. For an anonymous visitor, invalid entries of `carts` are left out and models no longer sold are listed in `messages`.",
    },
    async (req, reply, { carts }) => {
      if (req.customer) return okJson(req, reply, (await cart.viewJson(db, req.customer.id, req.lang)) as JsonText<unknown>);
      const { messages, ...answer } = await cart.priceAnonymous(db, carts, req.lang);
      return ok(req, { ...answer, messages: translated(req, messages) });
    },
  );

  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Customer/addShoppingCart",
      tags,
      auth: true,
      input: addCartSchema,
      summary: "Add quantities to the cart (`arr` of {model_id, num}); lines with num ≤ 0 are left out",
      description:
        "Answers `{ cart_info, cart_list, cart_models }`: every cart total, the lines of the models added, and every line of the cart in order as `[model_id, num]` (the other lines are unchanged).",
    },
    async (req, reply, { arr }, customer) =>
      okJson(req, reply, (await cart.add(db, customer.id, arr, req.lang)) as JsonText<unknown>, "api.cart_added"),
  );

  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Customer/editShoppingCart",
      tags,
      auth: true,
      input: editCartSchema,
      summary: "Set a line's quantity (type 1) or change it by a delta (other types; reaching 0 removes the line)",
      description:
        "Answers `{ cart_info, cart_list, cart_models }`: every cart total, the line changed (none when it was removed), and every line of the cart in order as `[model_id, num]`.",
    },
    async (req, reply, input, customer) => okJson(req, reply, (await cart.edit(db, customer.id, input, req.lang)) as JsonText<unknown>),
  );

  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Customer/delShoppingCart",
      tags,
      auth: true,
      input: delCartSchema,
      summary: "Remove lines of the caller's cart by line id (`ids`) or model id (`model_ids`)",
    },
    async (req, _reply, { ids, model_ids }, customer) => ok(req, await cart.remove(db, customer.id, ids, model_ids, req.lang)),
  );

  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Customer/mergeShoppingCart",
      tags,
      auth: true,
      input: mergeCartSchema,
      summary: "At login: add the anonymous cart (`carts`) to the customer's cart, within stock, ceilings and cartGoodsLimit",
      description: "Answers the cart and `messages`, one per line changed or dropped, translated.",
    },
    async (req, _reply, { carts }, customer) => {
      const { messages, ...answer } = await cart.merge(db, customer.id, carts, req.lang);
      return ok(req, { ...answer, messages: translated(req, messages) });
    },
  );
}
