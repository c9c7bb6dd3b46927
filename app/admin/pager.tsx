// A server-paged list's links to the previous and next pages (the order queue, the questions inbox): past the count's
// cap the last page is unknown, so a full page has a next one.
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";

export type Paged = { page: number; page_size: number; total: number; capped: boolean; list: readonly unknown[] };

export function Pager({ page, href }: { page: Paged; href: (change: Record<string, string>) => string }) {
  const { t } = useT();
  const pages = Math.max(1, Math.ceil(page.total / page.page_size));
  const hasNext = page.capped ? page.list.length === page.page_size : page.page < pages;
  if (!hasNext && page.page <= 1) return null;
  return (
    <nav aria-label={t("admin.orders_pages")} className="mt-4 flex items-center gap-4 text-sm">
      {page.page > 1 && (
        <Link to={href({ page: String(page.page - 1) })} rel="prev">
          {t("admin.orders_previous")}
        </Link>
      )}
      <span>
        {page.capped
          ? t("admin.orders_page_open", { page: String(page.page) })
          : t("admin.orders_page", { page: String(page.page), pages: String(pages) })}
      </span>
      {hasNext && (
        <Link to={href({ page: String(page.page + 1) })} rel="next">
          {t("admin.orders_next")}
        </Link>
      )}
    </nav>
  );
}
