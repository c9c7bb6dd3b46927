// Search history (SPEC §4, §9): trimmed, lower-cased, newest first, at most 20, no duplicates.

export const SEARCH_HISTORY_MAX = 20;

/** Trims and lower-cases a search term. */
function normalizeSearchTerm(term: string): string {
  return term.trim().toLowerCase();
}

/** Adds a term: ignored when empty; an existing entry moves to the front; the oldest drops past 20. */
export function addSearchTerm(history: readonly string[], term: string): string[] {
  const t = normalizeSearchTerm(term);
  if (t === "") return [...history];
  return [t, ...history.filter((h) => h !== t)].slice(0, SEARCH_HISTORY_MAX);
}

/** Deletes one entry (compared after normalisation). */
export function removeSearchTerm(history: readonly string[], term: string): string[] {
  const t = normalizeSearchTerm(term);
  return history.filter((h) => h !== t);
}

/** Deletes all entries. */
export function clearSearchHistory(): string[] {
  return [];
}

/** Repairs a stored history (e.g. from local storage): strings only, normalised, unique, at most 20. */
export function sanitizeSearchHistory(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  const out: string[] = [];
  for (const item of stored) {
    if (typeof item !== "string") continue;
    const t = normalizeSearchTerm(item);
    if (t !== "" && !out.includes(t)) out.push(t);
    if (out.length === SEARCH_HISTORY_MAX) break;
  }
  return out;
}
