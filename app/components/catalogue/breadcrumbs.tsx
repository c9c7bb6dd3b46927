import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import type { BreadcrumbEntry } from "#core/breadcrumbs.ts";

/** The trail from ACCUEIL (shown as "Accueil"); the last entry is the current page. */
export function Breadcrumbs({ trail }: { trail: BreadcrumbEntry[] }) {
  const { t } = useT();
  return (
    <nav aria-label={t("catalogue.breadcrumb")} className="mb-4 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((e, i) => {
          const last = i === trail.length - 1;
          const name = e.level === 0 ? t("catalogue.home") : e.name;
          return (
            <li key={`${e.level}-${e.url}`} className="flex items-center gap-1">
              {i > 0 && <span aria-hidden>›</span>}
              {last ? (
                <span aria-current="page" className="text-ink">
                  {name}
                </span>
              ) : (
                <Link to={e.url} className="hover:text-brand hover:underline">
                  {name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
