// The one check of every back-office loader and action (DESIGN §9): a verified staff member holding the permission.
// A visitor goes to the login, a pending session to its second factor or enrolment; a staff member without the
// permission gets 403 (a hidden button is not a permission: the server decides here).
import { data, redirect, type AppLoadContext } from "react-router";
import { can, type Permission } from "#core/staff/permissions.ts";
import { localePath } from "#core/slug.ts";
import type { Lang } from "#core/lang.ts";

/** A back-office address in a language: `adminPath("zh", "/equipe")` is `/zh/admin/equipe`. */
export const adminPath = (lang: Lang, path = "") => localePath(lang, `/admin${path}`);

/** The 403 a loader or action throws; the layout's error boundary says it in the page's language. */
export const forbidden = () => data(null, { status: 403, statusText: "Forbidden" });

export function requireStaff(context: AppLoadContext, permission?: Permission) {
  const session = context.admin?.session;
  if (!session) throw redirect(adminPath(context.lang, "/connexion"));
  if (session.pending) throw redirect(adminPath(context.lang, session.staff.enrolled ? "/verification" : "/activation"));
  if (permission && !can(session.staff.roles, permission)) throw forbidden();
  return session.staff;
}

/** The context of a staff use case: the database, the staff member (checked for `permission`), the language, the address. */
export function staffContext(context: AppLoadContext, permission?: Permission) {
  const staff = requireStaff(context, permission);
  return { db: context.services.db, staff, lang: context.lang, ip: context.admin!.ip };
}

/** The pending session of the login's next step, or the login page. */
export function requirePending(context: AppLoadContext) {
  const session = context.admin?.session;
  if (!session) throw redirect(adminPath(context.lang, "/connexion"));
  if (!session.pending) throw redirect(adminPath(context.lang));
  return session;
}
