// The returns inbox (decision 141): every return request, paged on the server, filtered by status from the address (a
// GET form: it works without JavaScript); without a filter, the requests waiting for an answer come first, oldest
// first. Each number links to the request's page (admin/return.tsx). The owner (settings:write) sets customer
// service's card-refund limit here.
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/returns";
import { RETURN_STATUSES } from "#core/aftersales/returns.ts";
import { cardRefundLimitSchema, returnInboxQuerySchema } from "#core/validation/return-desk.ts";
import { can } from "#core/staff/permissions.ts";
import { formatDate } from "#core/format-date.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { fieldMessages, formAction, formFields, parseFields } from "./form.ts";
import { CardLimitSetting } from "./returns-card-limit.tsx";
import { PageTitle } from "./ui.tsx";
import { Pager } from "./pager.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.returns_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "returns:read");
  const search = new URL(request.url).searchParams;
  const asked = { status: search.get("status") ?? "", page: search.get("page") ?? "" };
  const parsed = returnInboxQuerySchema.safeParse(asked);
  const { db, returnDesk } = context.services;
  const canSetLimit = can(staff.roles, "settings:write");
  const [page, cardLimit] = await Promise.all([
    parsed.success ? returnDesk.list(db, parsed.data, context.lang) : null,
    canSetLimit ? returnDesk.cardLimit({ db }) : null,
  ]);
  return {
    page,
    cardLimit,
    asked,
    errors: fieldMessages(parsed.error),
    statuses: RETURN_STATUSES.map((s) => ({ value: s, label: translate(context.lang, `aftersales.return_status_${s}`) })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "settings:write");
  const fields = await formFields(request);
  return formAction(context.lang, async () => {
    const { limit } = parseFields(cardRefundLimitSchema, fields);
    return { saved: (await context.services.returnDesk.setCardLimit(ctx, limit)).limit };
  });
}

const TONE: Record<string, string> = {
  requested: "bg-amber-100 text-amber-900",
  accepted: "bg-sky-100 text-sky-900",
  refused: "bg-red-100 text-red-900",
  received: "bg-sky-100 text-sky-900",
  refunded: "bg-green-100 text-green-900",
};

export default function AdminReturns() {
  const { t, lang } = useT();
  const { page, cardLimit, asked, errors, statuses } = useLoaderData<typeof loader>();
  const href = (p: number) => {
    const q = new URLSearchParams();
    if (asked.status) q.set("status", asked.status);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return adminPath(lang, "/retours") + (s ? `?${s}` : "");
  };
  const error = errors.status ?? errors.page;
  return (
    <>
      <PageTitle>{t("admin.returns_title")}</PageTitle>
      {cardLimit !== null && <CardLimitSetting limit={cardLimit} />}
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-4 rounded border border-line bg-white p-4"
        aria-label={t("admin.returns_filters")}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.returns_filter_status")}</span>
          <select name="status" defaultValue={asked.status} className="rounded border border-line px-3 py-2">
            <option value="">{t("admin.returns_filter_all")}</option>
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
          {t("admin.returns_filter_submit")}
        </button>
      </Form>
      {error && (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-800">
          {t(error)}
        </p>
      )}
      {page && page.list.length === 0 && <p className="text-muted">{t("admin.returns_empty")}</p>}
      {page && page.list.length > 0 && (
        <div className="overflow-x-auto rounded border border-line bg-white">
          <table className="w-full text-left text-sm" data-testid="returns-table">
            <caption className="sr-only">{t("admin.returns_count", { count: page.total })}</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className="p-2">
                  {t("admin.returns_col_number")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.returns_col_status")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.returns_col_date")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.returns_col_order")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.returns_col_customer")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.returns_col_reason")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("admin.returns_col_units")}
                </th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((r) => (
                <tr key={r.id} className="border-t border-line" data-testid="return-row">
                  <td className="p-2">
                    <Link to={adminPath(lang, `/retours/${r.id}`)} className="font-medium text-brand underline">
                      {t("admin.return_title", { id: r.id })}
                    </Link>
                  </td>
                  <td className="p-2">
                    <span className={`rounded px-2 py-0.5 ${TONE[r.status] ?? ""}`}>{r.status_text}</span>
                  </td>
                  <td className="p-2">{formatDate(r.created_at, lang, "datetime")}</td>
                  <td className="p-2">
                    <Link to={adminPath(lang, `/commandes/${encodeURIComponent(r.order_number)}`)} className="text-brand underline">
                      {r.order_number}
                    </Link>
                  </td>
                  <td className="p-2">
                    {r.customer} <span className="text-muted">({r.client_number})</span>
                  </td>
                  <td className="p-2">{r.reason_text}</td>
                  <td className="p-2 text-right">{r.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && <Pager page={page} label={t("admin.returns_pages")} href={href} />}
    </>
  );
}
