import type { FastifyInstance } from "fastify";
import { canSuggest } from "#core/validation/search.ts";
import { ok, parse } from "#server/http/envelope.ts";
import { searchRequestSchema, suggestRequestSchema } from "./search.schemas.ts";

export async function searchRoutes(site: FastifyInstance) {
  site.get("/Product/search", async (req) => {
    const { search, page } = parse(searchRequestSchema, req.query);
    return ok(req, await site.services.search.search(req.lang, search, { page }));
  });

  // Suggestions start at 3 characters (decision 025): a shorter text answers an empty list, not an error.
  site.get("/Product/suggest", async (req) => {
    const { search } = parse(suggestRequestSchema, req.query);
    return ok(req, canSuggest(search) ? await site.services.search.suggest(req.lang, search) : []);
  });
}
