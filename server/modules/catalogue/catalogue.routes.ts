// Catalogue API (SPEC §7): POST /site/Product/index, GET /site/Product/detail, GET /site/Index/getPagesInfo.
import type { FastifyInstance } from "fastify";
import { detail, getPagesInfo, index } from "#core/contracts/catalogue.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

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

  apiRoute(site, detail, { summary: "A product with its models, breadcrumbs and related products", tags }, async (req, _reply, { id }) =>
    ok(req, await site.services.products.productDetail(req.lang, id)),
  );

  apiRoute(site, getPagesInfo, { summary: "A content page (terms, delivery, …)", tags: ["Content"] }, async (req, _reply, { id }) =>
    ok(req, await site.services.contentPages.page(req.lang, id)),
  );
}
