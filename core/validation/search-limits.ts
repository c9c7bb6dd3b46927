// Header search limits (SPEC §5, §9; decision 025), without the validation library: the header is on every
// page, and pages without a form ship no zod (DESIGN §1; the schema in search.ts is loaded on submit).
export const SEARCH_MAX_LENGTH = 35;
/** The header accepts 1 character; suggestions (autocomplete) start at 3. */
export const SEARCH_MIN_LENGTH = 1;
export const SEARCH_SUGGEST_MIN_LENGTH = 3;
/** The last result page the API serves (the search page clamps to it). */
export const SEARCH_MAX_PAGE = 500;

/** Whether a typed text is long enough to ask for suggestions. */
export function canSuggest(text: string): boolean {
  const t = text.trim();
  return t.length >= SEARCH_SUGGEST_MIN_LENGTH && t.length <= SEARCH_MAX_LENGTH;
}
