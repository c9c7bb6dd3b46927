// Header search (SPEC §5, §9; decision 025): trimmed, 1 to 35 characters, otherwise nothing happens.
import { z } from "zod";
import { msg } from "./keys.ts";
import { SEARCH_MAX_LENGTH, SEARCH_MAX_PAGE, SEARCH_MIN_LENGTH } from "./search-limits.ts";
import { intField, text } from "./common.ts";

export { canSuggest, SEARCH_MAX_LENGTH, SEARCH_MAX_PAGE, SEARCH_MIN_LENGTH, SEARCH_SUGGEST_MIN_LENGTH } from "./search-limits.ts";

export const searchQuerySchema = text(msg("search_required"))
  .trim()
  .min(SEARCH_MIN_LENGTH, { ...msg("search_required"), abort: true })
  .max(SEARCH_MAX_LENGTH, msg("search_too_long"));

/** The search page's query object: { search }. */
export const searchParamsSchema = z.object({ search: searchQuerySchema });

/** GET /site/Product/search and the search page: the text as the header validates it, an optional page. */
export const searchRequestSchema = z.object({
  search: searchQuerySchema,
  page: intField("search.invalid_page", { max: SEARCH_MAX_PAGE }).default(1),
});

/** GET /site/Product/suggest. */
export const suggestRequestSchema = z.object({ search: searchQuerySchema });
