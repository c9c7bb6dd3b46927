// The back office's first page: who is logged in, with which roles, and the sections those roles open.
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { permissionsOf } from "#core/staff/permissions.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff } from "./guard.ts";
import { PageTitle } from "./ui.tsx";
import { SECTIONS } from "./sections.ts";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.nav_dashboard");

export function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context, "dashboard:read");
  return { name: staff.name, roles: staff.roles, permissions: [...permissionsOf(staff.roles)] };
}

export default function AdminHome() {
  const { t, lang } = useT();
  const { name, roles, permissions } = useLoaderData<typeof loader>();
  const links = SECTIONS.filter((s) => s.path && (!s.permission || permissions.includes(s.permission)));
  return (
    <>
      <PageTitle>{t("admin.nav_dashboard")}</PageTitle>
      <p className="mb-2">{t("admin.dashboard_welcome", { name })}</p>
      <dl className="mb-6 flex gap-2 text-sm text-muted">
        <dt className="font-medium">{t("admin.staff_roles")}</dt>
        <dd>{roles.map((r) => t(`admin.role_${r}`)).join(", ")}</dd>
      </dl>
      <ul className="grid gap-3 sm:grid-cols-3">
        {links.map((l) => (
          <li key={l.path}>
            <Link
              to={adminPath(lang, l.path)}
              className="block rounded border border-line bg-white p-4 font-semibold text-brand hover:border-brand"
            >
              {t(l.label)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
