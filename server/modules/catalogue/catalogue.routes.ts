// Catalogue API (SPEC §7): POST /site/Product/index, GET /site/Product/detail, GET /site/Index/getPagesInfo.
import type { FastifyInstance } from "fastify";
import { idQuerySchema, listParamsSchema } from "#core/validation/catalogue.ts";
import { ok } from "#server/http/envelope.ts";
import { legacyApiRoute } from "#server/http/openapi.ts";

const tags = ["Catalogue"];

/** The list params come flat or under `params` (the original client sends a params object). */
function listParams(body: unknown): unknown {
  const b = (body ?? {}) as { params?: unknown };
  return b.params && typeof b.params === "object" ? b.params : b;
}

export async function catalogueRoutes(site: FastifyInstance) {
  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Product/index",
      readOnly: true,
      summary: "A product list: a category (`type`) or a flag list, filtered, sorted, paginated",
      tags,
      description: "The params may also be sent under a `params` object.",
      input: listParamsSchema,
      from: (req) => listParams(req.body),
    },
    async (req, _reply, params) => ok(req, await site.services.products.productList(req.lang, params)),
  );

  legacyApiRoute(
    site,
    {
      method: "GET",
      url: "/Product/detail",
      summary: "A product with its models, breadcrumbs and related products",
      tags,
      input: idQuerySchema,
    },
    async (req, _reply, { id }) => ok(req, await site.services.products.productDetail(req.lang, id)),
  );

  legacyApiRoute(
    site,
    { method: "GET", url: "/Index/getPagesInfo", summary: "A content page (terms, delivery, …)", tags: ["Content"], input: idQuerySchema },
    async (req, _reply, { id }) => ok(req, await site.services.contentPages.page(req.lang, id)),
  );
}
