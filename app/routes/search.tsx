import { Link } from "react-router";
import type { Route } from "./+types/search";
import { useT } from "#app/lib/i18n.tsx";
import { translate, type Lang } from "#core/i18n/translate.ts";
import { ProductCard } from "#app/components/catalogue/product-card.tsx";
import { SEARCH_MAX_PAGE, searchQuerySchema } from "#core/validation/search.ts";
import { localePath } from "#core/slug.ts";
import type { SearchAnswer } from "#core/contracts/search.ts";

type LoaderData = { state: "empty" | "invalid"; q: string; lang: Lang } | { state: "results"; q: string; lang: Lang; result: SearchAnswer };

// /recherche?search=...&page=... (SPEC §2). An empty or invalid text shows a message, never an error.
export async function loader({ context, request }: Route.LoaderArgs): Promise<LoaderData> {
  const params = new URL(request.url).searchParams;
  const raw = params.get("search") ?? "";
  const lang = context.lang;
  if (raw.trim() === "") return { state: "empty", q: "", lang };
  const parsed = searchQuerySchema.safeParse(raw);
  if (!parsed.success || context.maintenance) return { state: "invalid", q: raw.slice(0, 35), lang };
  const page = Math.min(Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1), SEARCH_MAX_PAGE);
  const result = await context.services.search.search(lang, parsed.data, { page, tags: context.tags });
  return { state: "results", q: parsed.data, lang, result };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const lang = loaderData?.lang ?? "fr";
  const q = loaderData?.q ?? "";
  const title = q ? translate(lang, "search.title_query", { q }) : translate(lang, "search.title");
  return [{ title: `${title} — ${translate(lang, "common.brand")}` }, { name: "robots", content: "noindex, follow" }];
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const d = loaderData;
  if (d.state !== "results") {
    return (
      <section className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold text-brand">{t("search.title")}</h1>
        <p className="text-muted">{t(d.state === "empty" ? "search.empty_query" : "search.invalid_query")}</p>
      </section>
    );
  }
  const { result, q } = d;
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const href = (page: number) => `${localePath(lang, "/recherche")}?search=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ""}`;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="search-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="search-heading" className="text-2xl font-bold text-brand">
          {t("search.heading", { q })}
        </h1>
        <p className="text-sm text-muted" role="status">
          {t(result.total === 1 ? "search.count_one" : "search.count_other", { count: result.total })}
        </p>
      </div>

      {result.total === 0 ? (
        <div className="rounded border border-line bg-paper p-4">
          <p className="font-medium">{t("search.no_result", { q })}</p>
          <p className="mt-3 text-sm">{t("search.tips_title")}</p>
          <ul className="mt-1 list-disc pl-6 text-sm text-muted">
            <li>{t("search.tip_spelling")}</li>
            <li>{t("search.tip_reference")}</li>
            <li>{t("search.tip_dimensions")}</li>
            <li>
              <Link to={localePath(lang, "/")} className="text-brand underline">
                {t("search.tip_browse")}
              </Link>
            </li>
          </ul>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {result.products.map((p) => (
            <ProductCard key={p.id} p={p} lang={lang} />
          ))}
        </div>
      )}

      {pages > 1 && (
        <nav aria-label={t("search.pagination")} className="flex items-center justify-center gap-4">
          {result.page > 1 ? (
            <Link to={href(result.page - 1)} rel="prev" className="rounded border border-line px-3 py-1 hover:border-brand">
              {t("search.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted" aria-current="page">
            {t("search.page_of", { page: result.page, pages })}
          </span>
          {result.page < pages ? (
            <Link to={href(result.page + 1)} rel="next" className="rounded border border-line px-3 py-1 hover:border-brand">
              {t("search.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
