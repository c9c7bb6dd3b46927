// Search history (SPEC §3/§4): local preference `searchHistroy` (spelt so), newest first, at most 20.
import { useCallback, useState } from "react";
import { addSearchTerm, clearSearchHistory, removeSearchTerm, sanitizeSearchHistory } from "#core/search-history.ts";

export const SEARCH_HISTORY_KEY = "searchHistroy";

function read(): string[] {
  try {
    return sanitizeSearchHistory(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? "[]"));
  } catch {
    return [];
  }
}

function write(list: string[]) {
  try {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(list));
  } catch { /* storage unavailable: history lives for this page only */ }
}

export function useSearchHistory() {
  const [history, setHistory] = useState<string[]>([]);
  // Read when the field gets focus (reload), and always from what is stored: another tab may have changed it.
  const update = useCallback((change: (h: string[]) => string[]) => {
    const next = change(read());
    write(next);
    setHistory(next);
  }, []);
  return {
    history,
    reload: useCallback(() => setHistory(read()), []),
    add: useCallback((term: string) => update((h) => addSearchTerm(h, term)), [update]),
    remove: useCallback((term: string) => update((h) => removeSearchTerm(h, term)), [update]),
    clear: useCallback(() => update(() => clearSearchHistory()), [update]),
  };
}
