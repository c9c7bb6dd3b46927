// Catalogue API (SPEC §7): POST /site/Product/index, GET /site/Product/detail, GET /site/Index/getPagesInfo.
import type { FastifyInstance } from "fastify";
import { detail, getPagesInfo, index } from "#core/contracts/catalogue.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";
import { modelPricing, shownUnitPrice, type GroupPriceList } from "#core/pricing/group-prices.ts";
import { dec } from "#core/money.ts";

const tags = ["Catalogue"];

/** The list params come flat or under `params` (the original client sends a params object). */
function listParams(body: unknown): unknown {
  const b = (body ?? {}) as { params?: unknown };
  return b.params && typeof b.params === "object" ? b.params : b;
}

export async function catalogueRoutes(site: FastifyInstance) {
  apiRoute(
    site,
    index,
    {
      summary: "A product list: a category (`type`) or a flag list, filtered, sorted, paginated",
      tags,
      description: "The params may also be sent under a `params` object.",
      from: (req) => listParams(req.body),
    },
    async (req, _reply, params) => ok(req, await site.services.products.productList(req.lang, params)),
  );

  apiRoute(
    site,
    detail,
    { summary: "A product with its models, breadcrumbs and related products", tags },
    async (req, _reply, { id }, ctx) => {
      const answer = await site.services.products.productDetail(req.lang, id);
      if (!ctx.customer) return ok(req, answer);
      // A buyer of a customer group: their prices on the models (decision 157); the kept answer itself is not changed.
      const group = await site.services.cart.models.groups.forCustomer(ctx.db, ctx.customer.id);
      return ok(req, group ? withGroupPrices(answer, group) : answer);
    },
  );

  apiRoute(site, getPagesInfo, { summary: "A content page (terms, delivery, …)", tags: ["Content"] }, async (req, _reply, { id }) =>
    ok(req, await site.services.contentPages.page(req.lang, id)),
  );
}

type Detail = Awaited<ReturnType<FastifyInstance["services"]["products"]["productDetail"]>>;

/** The detail with each model's group price from one unit and by tier, where the group's list gives a lower one. */
function withGroupPrices(answer: Detail, group: GroupPriceList): Detail {
  const categoryId = answer.product.category_id;
  return {
    ...answer,
    models: answer.models.map((m) => {
      const pricing = modelPricing(group, m.id, categoryId);
      if (!pricing) return m;
      const one = shownUnitPrice(m.price, 1, pricing);
      const mins = [...new Set(pricing.tiers.map((t) => Math.max(1, Math.floor(t.min))))].filter((n) => n > 1).sort((a, b) => a - b);
      const tiers = mins.map((min) => ({ min, price: shownUnitPrice(m.price, min, pricing) })).filter((t) => dec(t.price).lt(one));
      return {
        ...m,
        ...(dec(one).lt(m.price) ? { group_price: one } : {}),
        ...(tiers.length ? { group_tiers: tiers } : {}),
      };
    }),
  };
}
