// The previous / next links under a server-paged list of the back office, with "page n of m" (or "page n" when the
// count stopped at its cap and the last page is not known). Nothing when everything fits one page.
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";

type Paged = { page: number; page_size: number; total: number; capped?: boolean; list: readonly unknown[] };

/** How many pages, and whether there is a next one (a capped count: while a page comes back full). */
export function pagesOf(p: Paged) {
  const pages = Math.max(1, Math.ceil(p.total / p.page_size));
  return { pages, hasNext: p.capped ? p.list.length === p.page_size : p.page < pages };
}

export function Pager({ page, label, href }: { page: Paged; label: string; href: (n: number) => string }) {
  const { t } = useT();
  const { pages, hasNext } = pagesOf(page);
  if (!hasNext && page.page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-4 text-sm">
      {page.page > 1 && (
        <Link to={href(page.page - 1)} rel="prev" className="text-brand underline">
          {t("admin.pager_previous")}
        </Link>
      )}
      <span>
        {page.capped
          ? t("admin.pager_page_open", { page: String(page.page) })
          : t("admin.pager_page", { page: String(page.page), pages: String(pages) })}
      </span>
      {hasNext && (
        <Link to={href(page.page + 1)} rel="next" className="text-brand underline">
          {t("admin.pager_next")}
        </Link>
      )}
    </nav>
  );
}
