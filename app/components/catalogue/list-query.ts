// The URL of a list state: filters (comma-separated values, core/filters.ts), sort, page.
import { useLocation, useNavigation } from "react-router";
import { filtersFromQuery, filtersToQuery, type FilterState } from "#core/filters.ts";

export function listSearch(state: FilterState, sort: string): string {
  const q = filtersToQuery(state);
  if (sort && sort !== "relevance") q.sort = sort;
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : "?";
}

/**
 * The list state to build the next URL from: while a change of this list is still loading, the
 * pending URL (so a second quick change does not drop the first); otherwise the loaded state.
 */
export function usePendingList(state: FilterState, sort: string): { state: FilterState; sort: string } {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const pending = navigation.state === "loading" ? navigation.location : undefined;
  if (!pending || pending.pathname !== pathname) return { state, sort };
  const query = Object.fromEntries(new URLSearchParams(pending.search));
  const fields = Object.keys(query).filter((k) => k !== "page" && k !== "sort");
  return { state: filtersFromQuery(query, fields), sort: query.sort ?? "relevance" };
}
