// The content pages (decision 155): each page with its address, its footer link and its position; a page opens
// its form. The owner, the manager and the catalogue role keep them (content:write).
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/content";
import { contentUrl } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff } from "./guard.ts";
import { PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.content_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "content:write");
  const pages = await context.services.staffContent.pages({ db: context.services.db, staff });
  const lang = context.lang;
  return {
    deleted: new URL(request.url).searchParams.has("supprimee"),
    pages: pages.map((p) => ({
      id: p.id,
      title: p.title[lang] || p.title.fr,
      url: contentUrl(lang, { id: p.id, name: p.slug }),
      inFooter: p.inFooter,
      position: p.position,
    })),
  };
}

export default function AdminContent() {
  const { t, lang } = useT();
  const { pages, deleted } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle>{t("admin.content_title")}</PageTitle>
      <p className="mb-4 text-sm text-muted">{t("admin.content_intro")}</p>
      <p role="status" className="text-sm text-green-800">
        {deleted ? t("admin.content_deleted") : ""}
      </p>
      <p className="mb-4">
        <Link to={adminPath(lang, "/contenu/nouvelle")} className="inline-block rounded bg-brand px-4 py-2 font-semibold text-white">
          {t("admin.content_new")}
        </Link>
      </p>
      {pages.length === 0 ? (
        <p>{t("admin.content_none")}</p>
      ) : (
        <table className="w-full border-collapse bg-white text-sm">
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="p-2">
                {t("admin.content_col_title")}
              </th>
              <th scope="col" className="p-2">
                {t("admin.content_col_address")}
              </th>
              <th scope="col" className="p-2">
                {t("admin.content_col_footer")}
              </th>
              <th scope="col" className="p-2">
                {t("admin.content_col_position")}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <tr key={p.id} className="border-b border-line">
                <td className="p-2">
                  <Link
                    to={adminPath(lang, `/contenu/${p.id}`)}
                    className="text-brand underline"
                    aria-label={t("admin.content_edit", { title: p.title })}
                  >
                    {p.title}
                  </Link>
                </td>
                <td className="p-2">
                  <a href={p.url} className="underline">
                    {p.url}
                  </a>
                </td>
                <td className="p-2">{t(p.inFooter ? "admin.content_yes" : "admin.content_no")}</td>
                <td className="p-2">{p.position}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
