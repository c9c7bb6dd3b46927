import type { FastifyInstance } from "fastify";
import { canSuggest } from "#core/validation/search.ts";
import { search, suggest } from "#core/contracts/search.ts";
import { wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

const tags = ["Search"];

export async function searchRoutes(site: FastifyInstance) {
  apiRoute(site, search, { summary: "Product search: references, dimensions, text, typos", tags }, async (req, _reply, { search, page }) =>
    ok(req, await site.services.search.search(req.lang, search, { page })),
  );

  // Suggestions start at 3 characters (decision 025): a shorter text answers an empty list, not an error.
  apiRoute(
    site,
    suggest,
    { summary: "Autocomplete suggestions", tags, description: "A text shorter than 3 characters answers an empty list." },
    async (req, _reply, { search }) => ok(req, wholeList(canSuggest(search) ? await site.services.search.suggest(req.lang, search) : [])),
  );
}
