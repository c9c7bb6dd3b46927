// The URL of a list state: filters (comma-separated values, core/filters.ts), sort, page.
import { filtersToQuery, type FilterState } from "#core/filters.ts";

export function listSearch(state: FilterState, sort: string): string {
  const q = filtersToQuery(state);
  if (sort && sort !== "relevance") q.sort = sort;
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : "?";
}
