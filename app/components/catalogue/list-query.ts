// The URL of a list state: filters (comma-separated values, core/filters.ts), sort, page.
import { useLayoutEffect } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { filtersFromQuery, filtersToQuery, type FilterState } from "#core/filters.ts";

type ListState = { state: FilterState; sort: string };

export function listSearch(state: FilterState, sort: string): string {
  const q = filtersToQuery(state);
  if (sort && sort !== "relevance") q.sort = sort;
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : "?";
}

/**
 * The list state to show: while a change of this list is still loading, the pending URL's; otherwise the
 * loaded state. Read at render time: a control's action reads `useListChange`'s state instead.
 */
export function usePendingList(state: FilterState, sort: string): ListState {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const pending = navigation.state === "loading" ? navigation.location : undefined;
  if (!pending || pending.pathname !== pathname) return { state, sort };
  const query = Object.fromEntries(new URLSearchParams(pending.search));
  const fields = Object.keys(query).filter((k) => k !== "page" && k !== "sort");
  return { state: filtersFromQuery(query, fields), sort: query.sort ?? "relevance" };
}

// The list state that the latest control asked for, shared by every control of the list (filters, sort, volume
// range, pagination). It is set when the control navigates, before any render: a second change made before the
// first one's navigation has even been rendered (a busy phone) builds on it instead of on the rendered state,
// which does not have the first change yet. Dropped once another location is rendered: the loaded state has it.
let asked: { from: string; list: ListState } | null = null;

/**
 * `shown`: the list state to show (usePendingList). `change`: applies an edit to the list's latest state and
 * navigates to the result (an edit answering null stays); the latest state is the one asked for last while
 * its location is not rendered, else the shown one.
 */
export function useListChange(
  state: FilterState,
  sort: string,
): { shown: ListState; change: (edit: (from: ListState) => ListState | null) => void } {
  const navigate = useNavigate();
  const { key } = useLocation();
  const shown = usePendingList(state, sort);
  useLayoutEffect(() => {
    if (asked && asked.from !== key) asked = null;
  }, [key]);
  const change = (edit: (from: ListState) => ListState | null) => {
    const next = edit(asked?.list ?? shown);
    if (!next) return;
    asked = { from: key, list: next };
    void navigate(listSearch(next.state, next.sort), { preventScrollReset: true });
  };
  return { shown, change };
}
