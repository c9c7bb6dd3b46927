// Information pages (SPEC §2): /content/{id}-{name} and /page/content?id= (redirects to the canonical URL).
import { data, redirect } from "react-router";
import type { Route } from "./+types/content";
import { translate, type Lang } from "#core/i18n/translate.ts";
import { contentUrl, idFromParam } from "#core/slug.ts";
import { pageMeta, requestPath } from "#app/components/catalogue/seo.ts";
import { orNotFound } from "#app/lib/loader-errors.ts";

const notFound = () => data(null, { status: 404, statusText: "This page could not be found" });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = idFromParam((params as { param?: string }).param ?? url.searchParams.get("id"));
  if (id === null) throw notFound();
  const page = await orNotFound(context.services.contentPages.page(context.lang, id));
  // the footer's fixed links use the page slug (/content/1-livraison); keep them canonical in both languages
  const canonical = contentUrl(context.lang, { id, name: page.slug });
  if (requestPath(url) !== canonical) throw redirect(encodeURI(canonical), 301);
  return { page, canonical };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const lang = (matches[0]?.loaderData as { lang?: Lang } | undefined)?.lang ?? "fr";
  const title = loaderData?.page.title ?? "";
  return pageMeta(matches, title, translate(lang, "catalogue.content.meta", { title }), loaderData?.canonical ?? null);
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-2xl font-bold text-brand">{page.title}</h1>
      {/* HTML written by staff, kept to an allow-list of tags and links (core/content/body-html.ts) */}
      <div
        className="content-body flex flex-col gap-3 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_a]:text-brand [&_a]:underline"
        dangerouslySetInnerHTML={{ __html: page.body }}
      />
    </article>
  );
}
