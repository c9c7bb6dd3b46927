// The back office's frame (DESIGN §9): the staff member, the sections their roles open, the language, the logout.
// Before the login is complete (login, second factor, enrolment, invitation) only the page itself shows.
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { can } from "#core/staff/permissions.ts";
import { localePath, stripLocale } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath } from "./guard.ts";
import { SECTIONS } from "./sections.ts";

/** Never cached, rendered for its staff member. */
export const handle = { personal: true };

export function loader({ context }: Route.LoaderArgs) {
  const s = context.admin?.session;
  const staff = s && !s.pending ? { name: s.staff.name, email: s.staff.email, roles: s.staff.roles } : null;
  return { staff };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

function Frame({ children }: { children: React.ReactNode }) {
  const { t, lang } = useT();
  const data = useRouteLoaderData<typeof loader>(lang === "zh" ? "zh:admin" : "admin");
  const { pathname } = useLocation();
  const other = lang === "zh" ? "fr" : "zh";
  const staff = data?.staff;
  return (
    <div className="min-h-screen bg-paper">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-3">
          <Link to={adminPath(lang)} className="text-lg font-bold text-brand">
            {t("common.brand")} · {t("admin.login_title")}
          </Link>
          {staff && (
            <Form method="get" action={adminPath(lang, "/recherche")} role="search" className="flex items-center gap-1">
              <label htmlFor="admin-search" className="sr-only">
                {t("admin.search_label")}
              </label>
              <input
                id="admin-search"
                type="search"
                name="q"
                maxLength={100}
                placeholder={t("admin.search_placeholder")}
                className="w-64 rounded border border-line px-3 py-1 text-sm"
              />
              <button type="submit" className="rounded border border-line px-3 py-1 text-sm hover:bg-paper">
                {t("admin.search_submit")}
              </button>
            </Form>
          )}
          <div className="ml-auto flex items-center gap-4 text-sm">
            <Link to={localePath(other, stripLocale(pathname).path)} hrefLang={other} lang={other === "zh" ? "zh-CN" : "fr-FR"}>
              {other === "zh" ? "中文" : "Français"}
            </Link>
            {staff && (
              <>
                <span>
                  {staff.name} ({staff.roles.map((r) => t(`admin.role_${r}`)).join(", ")})
                </span>
                <Form method="post" action={adminPath(lang, "/deconnexion")}>
                  <button type="submit" className="rounded border border-line px-3 py-1 hover:bg-paper">
                    {t("admin.nav_logout")}
                  </button>
                </Form>
              </>
            )}
          </div>
        </div>
        {staff && (
          <nav aria-label={t("admin.nav_label")} className="mx-auto max-w-7xl px-4">
            <ul className="flex flex-wrap gap-1">
              {SECTIONS.filter((s) => !s.permission || can(staff.roles, s.permission)).map((s) => (
                <li key={s.path}>
                  <NavLink
                    to={adminPath(lang, s.path)}
                    end
                    className={({ isActive }) =>
                      `inline-block border-b-2 px-3 py-2 text-sm ${isActive ? "border-brand font-semibold text-brand" : "border-transparent hover:text-brand"}`
                    }
                  >
                    {t(s.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** A refusal inside the back office keeps its frame: 403 says the permission is missing. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Frame>
      <p role="alert" className="rounded bg-red-50 p-4 text-red-800">
        {status === 403
          ? t("admin.permission_denied")
          : status === 404
            ? t("common.error.page_not_found")
            : t("common.error.generic_title")}
      </p>
    </Frame>
  );
}
