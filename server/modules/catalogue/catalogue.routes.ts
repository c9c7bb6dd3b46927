// Catalogue API (SPEC §7): POST /site/Product/index, GET /site/Product/detail, GET /site/Index/getPagesInfo.
import type { FastifyInstance } from "fastify";
import { ok, parse } from "#server/http/envelope.ts";
import { idQuerySchema, listParamsSchema } from "./catalogue.schemas.ts";

export async function catalogueRoutes(site: FastifyInstance) {
  site.post("/Product/index", async (req) => {
    const body = (req.body ?? {}) as { params?: unknown };
    const raw = body.params && typeof body.params === "object" ? body.params : body;
    const params = parse(listParamsSchema, raw);
    return ok(req, await site.services.products.productList(req.lang, params));
  });

  site.get("/Product/detail", async (req) => {
    const { id } = parse(idQuerySchema, req.query);
    return ok(req, await site.services.products.productDetail(req.lang, id));
  });

  site.get("/Index/getPagesInfo", async (req) => {
    const { id } = parse(idQuerySchema, req.query);
    return ok(req, await site.services.contentPages.page(req.lang, id));
  });
}
