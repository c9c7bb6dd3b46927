// Product lists (SPEC §2): /product/{id}-{slug} (a category and its descendants), the flag lists
// /nouveaux-produits, /promotions, /meilleures-ventes, /Prix-en-baisse, and /product/productlist (?type=).
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/product-list";
import { useT } from "#app/lib/i18n.tsx";
import { translate, type Lang } from "#core/i18n/translate.ts";
import { categoryUrl, idFromParam, listFlagsFor, localePath, stripLocale, SPECIAL_LIST_PATHS, type FlagName } from "#core/slug.ts";
import { filtersFromQuery } from "#core/filters.ts";
import { FILTER_FIELDS, SORTS, type Sort } from "#core/catalogue/sorts.ts";
import type { ProductListResult } from "#core/catalogue/types.ts";
import { ListItem } from "#app/components/catalogue/list-item.tsx";
import { DisplayScript } from "#app/components/catalogue/list-display.tsx";
import { Breadcrumbs } from "#app/components/catalogue/breadcrumbs.tsx";
import { Facets } from "#app/components/catalogue/facets.tsx";
import { PhoneFilters } from "#app/components/catalogue/phone-filters.tsx";
import { Pagination } from "#app/components/catalogue/pagination.tsx";
import { ListToolbar, useGridStyle } from "#app/components/catalogue/list-toolbar.tsx";
import { JsonLd, breadcrumbLd } from "#app/components/catalogue/json-ld.tsx";
import { pageMeta, requestPath } from "#app/components/catalogue/seo.ts";
import { useShell } from "#app/lib/use-shell.tsx";
import { orNotFound } from "#app/lib/loader-errors.ts";
import { isDomainError } from "#core/domain-errors.ts";

// Cards of the first two rows on a phone: their images load at once (the largest paint is one of them).
const EAGER_CARDS = 4;

const notFound = () => data(null, { status: 404, statusText: "This page could not be found" });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = context;
  const url = new URL(request.url);
  const path = stripLocale(requestPath(url)).path;
  const flags = listFlagsFor(path);
  const flag = (Object.keys(flags).find((k) => k !== "type") ?? null) as FlagName | null;
  let type: number | null = null;
  let canonical: string;
  if (flag) {
    canonical = localePath(lang, SPECIAL_LIST_PATHS[flag]);
  } else if (/^\/product\/productlist\/?$/i.test(path)) {
    type = idFromParam(url.searchParams.get("type"));
    canonical = localePath(lang, "/product/productlist");
  } else {
    type = idFromParam((params as { param?: string }).param);
    if (type === null) throw notFound();
    canonical = "";
  }
  const query = Object.fromEntries(url.searchParams);
  const state = filtersFromQuery(query, FILTER_FIELDS);
  const sort: Sort = (SORTS as readonly string[]).includes(query.sort) ? (query.sort as Sort) : "relevance";
  const run = (fields: Record<string, string>) =>
    services.products.productList(
      lang,
      { type: type ?? undefined, flag: flag ?? undefined, filters: fields, sort, page: state.page },
      context.tags,
    );
  let result: ProductListResult;
  let error: string | null = null;
  try {
    result = await orNotFound(run({ ...state.fields }));
  } catch (e) {
    if (!isDomainError(e) || e.kind !== "refused" || !state.fields.volume) throw e;
    // an invalid volume range in the URL: show the list without it and say why
    error = translate(lang, e.key);
    const { volume: _v, ...rest } = state.fields;
    result = await run(rest);
  }
  if (result.category) {
    canonical = categoryUrl(lang, result.category);
    if (requestPath(url) !== canonical) {
      const sp = new URLSearchParams(url.search);
      sp.delete("_routes");
      const qs = sp.toString();
      throw redirect(`${encodeURI(canonical)}${qs ? `?${qs}` : ""}`, 301);
    }
  }
  if (!result.category && type !== null && !flag && canonical === "") throw notFound();
  return { result, error, canonical, state: { page: state.page, fields: result.filters } };
}

function listTitle(lang: Lang, r: ProductListResult | undefined): string {
  if (r?.category) return r.category.name;
  if (r?.flag) return translate(lang, `catalogue.list.${r.flag}`);
  return translate(lang, "catalogue.list.all_products");
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const lang = (matches[0]?.loaderData as { lang?: Lang } | undefined)?.lang ?? "fr";
  const r = loaderData?.result;
  const title = listTitle(lang, r);
  const description = translate(lang, r?.category ? "catalogue.list.meta_category" : "catalogue.list.meta_flag", { name: title });
  return pageMeta(matches, title, description, loaderData?.canonical ?? null);
};

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { lang, publicUrl } = useShell();
  const { result: r, state, error } = loaderData;
  const [style, setStyle] = useGridStyle();
  const title = listTitle(lang, r);
  const trail = r.category ? r.breadcrumbs : [...r.breadcrumbs, { url: loaderData.canonical, name: title, level: 1 }];
  return (
    <div>
      <Breadcrumbs trail={trail} />
      <JsonLd
        data={breadcrumbLd(
          publicUrl,
          trail.map((e, i) => (i === 0 ? { ...e, name: t("catalogue.home") } : e)),
        )}
      />
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-brand">{title}</h1>
        <p className="text-sm text-muted" role="status">
          {t(r.total === 1 ? "catalogue.list.count_one" : "catalogue.list.count", { count: r.total })}
        </p>
      </div>
      {r.category && r.category.child.length > 0 && (
        <nav aria-label={t("catalogue.list.subcategories")} className="mb-4">
          <ul className="flex flex-wrap gap-2">
            {r.category.child.map((c) => (
              <li key={c.id}>
                <Link
                  to={c.url}
                  className="inline-block rounded-full border border-line px-3 py-1 text-sm hover:border-brand hover:text-brand"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="flex flex-col gap-6 md:flex-row">
        {/* Beside the list from 768 px; narrower, in the drawer of the "Filtres" button (PhoneFilters). */}
        <aside className="hidden md:block md:w-64 md:shrink-0">
          <Facets facets={r.facets} state={state} sort={r.sort} bounds={r.volume_bounds} error={error} />
        </aside>
        <section className="min-w-0 flex-1" aria-labelledby="list-results">
          <h2 id="list-results" className="sr-only">
            {title}
          </h2>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted">{t("catalogue.list.vat_note")}</p>
            <div className="flex flex-wrap items-center gap-2">
              <PhoneFilters facets={r.facets} state={state} sort={r.sort} bounds={r.volume_bounds} error={error} total={r.total} />
              <ListToolbar state={state} sort={r.sort} style={style} onStyle={setStyle} />
            </div>
          </div>
          {r.list.length === 0 ? (
            <p className="rounded bg-paper p-6 text-center">{t("catalogue.list.empty")}</p>
          ) : (
            <>
              {/* Before the list: the stored display is applied before the list is painted (list-display.tsx). */}
              <DisplayScript />
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 rows:flex rows:flex-col rows:gap-2" data-display={style}>
                {r.list.map((p, i) => (
                  <ListItem key={p.id} p={p} lang={lang} eager={i < EAGER_CARDS} />
                ))}
              </div>
            </>
          )}
          <Pagination state={state} sort={r.sort} pages={r.pages} />
        </section>
      </div>
    </div>
  );
}
