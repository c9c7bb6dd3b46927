// Header search (SPEC §5, §9; decision 025): trimmed, 1 to 35 characters, otherwise nothing happens.
import { z } from "zod";
import { msg } from "./keys.ts";

export const SEARCH_MAX_LENGTH = 35;
/** The header accepts 1 character; suggestions (autocomplete) start at 3. */
export const SEARCH_MIN_LENGTH = 1;
export const SEARCH_SUGGEST_MIN_LENGTH = 3;

export const searchQuerySchema = z
  .string(msg("search_required"))
  .trim()
  .min(SEARCH_MIN_LENGTH, { ...msg("search_required"), abort: true })
  .max(SEARCH_MAX_LENGTH, msg("search_too_long"));

/** The search page's query object: { search }. */
export const searchParamsSchema = z.object({ search: searchQuerySchema });

/** Whether a typed text is long enough to ask for suggestions. */
export function canSuggest(text: string): boolean {
  const t = text.trim();
  return t.length >= SEARCH_SUGGEST_MIN_LENGTH && t.length <= SEARCH_MAX_LENGTH;
}
