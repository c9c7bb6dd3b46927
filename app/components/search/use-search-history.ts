// Search history (SPEC §3/§4): the preference `searchHistroy` (spelt so) of the persisted store, newest first,
// at most 20.
import { useCallback, useState } from "react";
import { addSearchTerm, clearSearchHistory, removeSearchTerm, sanitizeSearchHistory } from "#core/search-history.ts";
import { prefsLoaded, usePrefs } from "#app/lib/persisted-store.ts";

const read = () => sanitizeSearchHistory(usePrefs.getState().searchHistroy);

export function useSearchHistory() {
  const [history, setHistory] = useState<string[]>([]);
  // Shown when the field gets focus; changes wait for the stored state so that they never overwrite it.
  const update = useCallback((change: (h: string[]) => string[]) => {
    void prefsLoaded().then(() => {
      const next = change(read());
      usePrefs.getState().set({ searchHistroy: next });
      setHistory(next);
    });
  }, []);
  return {
    history,
    reload: useCallback(() => void prefsLoaded().then(() => setHistory(read())), []),
    add: useCallback((term: string) => update((h) => addSearchTerm(h, term)), [update]),
    remove: useCallback((term: string) => update((h) => removeSearchTerm(h, term)), [update]),
    clear: useCallback(() => update(() => clearSearchHistory()), [update]),
  };
}
