// The audit log (DESIGN §9): who changed what, when and from where, newest first, paged and filtered on the server
// (staff member, entity, days in the shop's time zone) from the address's search parameters. It reads only.
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/audit";
import { auditQuerySchema } from "#core/validation/staff.ts";
import { REDACTED } from "#core/audit-diff.ts";
import { formatDate } from "#core/format-date.ts";
import { useT, type T } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff } from "./guard.ts";
import { PageTitle } from "./ui.tsx";
import { Pager } from "./pager.tsx";
import { fieldMessages } from "./form.ts";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.audit_title");

const FILTERS = ["staff_id", "entity", "from", "to"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, "audit:read");
  const { db, auditLog, staffTeam } = context.services;
  const params = new URL(request.url).searchParams;
  const asked = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ""]));
  const parsed = auditQuerySchema.safeParse({ ...asked, page: params.get("page") ?? undefined });
  const errors = fieldMessages(parsed.error);
  const [page, staff, entities] = await Promise.all([
    parsed.success ? auditLog.list(db, parsed.data) : null,
    staffTeam.list(db),
    auditLog.entities(db),
  ]);
  return { page, asked, errors, staff: staff.map((s) => ({ id: s.id, name: s.name })), entities };
}

/** A value of the difference as text: a list joined, an object as JSON, nothing as a dash. */
function shown(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "string") return v;
  if (Array.isArray(v) && v.every((x) => typeof x !== "object")) return v.join(", ");
  return JSON.stringify(v);
}

function Change({ field, before, after, t }: { field: string; before: unknown; after: unknown; t: T }) {
  const change = before === REDACTED || after === REDACTED ? t("admin.audit_redacted") : `${shown(before)} → ${shown(after)}`;
  return (
    <li>
      <span className="font-medium">{field}</span>
      {` : ${change}`}
    </li>
  );
}

/** The action's name in the language when it has one, else as stored. */
function actionName(t: T, action: string) {
  const key = `admin.audit_action_${action}`;
  const text = t(key);
  return text === key ? action : text;
}

const input = "rounded border border-line px-3 py-2";

export default function AdminAudit() {
  const { t, lang } = useT();
  const { page, asked, errors, staff, entities } = useLoaderData<typeof loader>();
  const pageLink = (n: number) => {
    const p = new URLSearchParams(Object.entries(asked).filter(([, v]) => v !== ""));
    if (n > 1) p.set("page", String(n));
    const q = p.toString();
    return adminPath(lang, "/journal") + (q ? `?${q}` : "");
  };
  const error = (name: string) =>
    errors[name] ? (
      <span role="alert" className="text-sm text-red-700">
        {t(errors[name])}
      </span>
    ) : null;
  return (
    <>
      <PageTitle>{t("admin.audit_title")}</PageTitle>
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-4 rounded border border-line bg-white p-4"
        aria-label={t("admin.audit_filters")}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.audit_filter_staff")}</span>
          <select name="staff_id" defaultValue={asked.staff_id} className={input}>
            <option value="">{t("admin.audit_filter_all")}</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {error("staff_id")}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.audit_filter_entity")}</span>
          <select name="entity" defaultValue={asked.entity} className={input}>
            <option value="">{t("admin.audit_filter_all")}</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
          {error("entity")}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.audit_filter_from")}</span>
          <input type="date" name="from" defaultValue={asked.from} className={input} />
          {error("from")}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.audit_filter_to")}</span>
          <input type="date" name="to" defaultValue={asked.to} className={input} />
          {error("to")}
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
          {t("admin.audit_filter_apply")}
        </button>
        <Link to={adminPath(lang, "/journal")} className="py-2 text-sm">
          {t("admin.audit_filter_reset")}
        </Link>
        {error("page")}
      </Form>
      {page && (
        <>
          <p className="mb-2 text-sm text-muted">{t("admin.audit_total", { count: page.total })}</p>
          {page.list.length === 0 ? (
            <p className="rounded border border-line bg-white p-4">{t("admin.audit_empty")}</p>
          ) : (
            <div className="overflow-x-auto rounded border border-line bg-white">
              <table className="w-full text-left text-sm">
                <thead className="bg-paper">
                  <tr>
                    <th className="p-2">{t("admin.audit_when")}</th>
                    <th className="p-2">{t("admin.audit_who")}</th>
                    <th className="p-2">{t("admin.audit_address")}</th>
                    <th className="p-2">{t("admin.audit_entity")}</th>
                    <th className="p-2">{t("admin.audit_action")}</th>
                    <th className="p-2">{t("admin.audit_change")}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.list.map((r) => (
                    <tr key={r.id} className="border-t border-line align-top">
                      <td className="whitespace-nowrap p-2">{formatDate(r.at, lang, "datetime")}</td>
                      <td className="p-2">{r.staff_name}</td>
                      <td className="p-2 font-mono">{r.ip}</td>
                      <td className="p-2">{`${r.entity} #${r.entity_id}`}</td>
                      <td className="p-2">{actionName(t, r.action)}</td>
                      <td className="p-2">
                        <ul>
                          {Object.entries(r.changes).map(([field, c]) => (
                            <Change key={field} field={field} before={c.before} after={c.after} t={t} />
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} label={t("admin.audit_pages")} href={pageLink} />
        </>
      )}
    </>
  );
}
