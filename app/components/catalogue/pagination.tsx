import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { setPage, type FilterState } from "#core/filters.ts";
import { listSearch, useListChange } from "./list-query.ts";

/** Page links (first, last, two around the current one), previous and next. */
export function Pagination({ state, sort, pages }: { state: FilterState; sort: string; pages: number }) {
  const { t } = useT();
  const { change } = useListChange(state, sort);
  if (pages <= 1) return null;
  const page = state.page;
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const to = (n: number) => listSearch(setPage(state, n), sort);
  // The links' addresses are this render's; a plain click goes to the page of the list's latest state, so a
  // filter or sort still loading is kept. Other clicks (new tab, download) follow the address.
  const follow = (n: number) => (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    change((from) => ({ state: setPage(from.state, n), sort: from.sort }));
  };
  const cls = "min-w-9 rounded border border-line px-2 py-1 text-center hover:border-brand";
  return (
    <nav aria-label={t("catalogue.list.pagination")} className="mt-6 flex flex-wrap items-center justify-center gap-1 text-sm">
      {page > 1 && (
        <Link to={to(page - 1)} onClick={follow(page - 1)} className={cls} rel="prev">
          {t("catalogue.list.prev")}
        </Link>
      )}
      {shown.map((n, i) => (
        <span key={n} className="flex items-center gap-1">
          {i > 0 && n - shown[i - 1] > 1 && <span aria-hidden>…</span>}
          {n === page ? (
            <span aria-current="page" className={`${cls} border-brand bg-brand text-white`}>
              {n}
            </span>
          ) : (
            <Link to={to(n)} onClick={follow(n)} className={cls} aria-label={t("catalogue.list.page_n", { n })}>
              {n}
            </Link>
          )}
        </span>
      ))}
      {page < pages && (
        <Link to={to(page + 1)} onClick={follow(page + 1)} className={cls} rel="next">
          {t("catalogue.list.next")}
        </Link>
      )}
    </nav>
  );
}
