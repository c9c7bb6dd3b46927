// Search API input (docs/api.md, Search): the text as the header validates it (SPEC §5), an optional page.
import { z } from "zod";
import { searchQuerySchema } from "#core/validation/search.ts";

export const SEARCH_MAX_PAGE = 500;

export const searchRequestSchema = z.object({
  search: searchQuerySchema,
  page: z.coerce.number({ error: "search.invalid_page" }).int("search.invalid_page")
    .min(1, "search.invalid_page").max(SEARCH_MAX_PAGE, "search.invalid_page").default(1),
});

export const suggestRequestSchema = z.object({ search: searchQuerySchema });
