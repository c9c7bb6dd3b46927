// The customers (DESIGN §9): searched by company, client number, name, SIRET, e-mail or phone, filtered by approval,
// accounts waiting for approval first, paged on the server from the address's search parameters (a GET form: it
// works without JavaScript). The approval setting of professional accounts is switched here by settings:write.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/customers";
import { APPROVALS } from "#core/customers/approval.ts";
import { can } from "#core/staff/permissions.ts";
import {
  STAFF_CUSTOMER_PAGE_SIZES,
  approvalSettingSchema,
  staffCustomerParams,
  staffCustomerQuerySchema,
} from "#core/validation/staff-customers.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPhone } from "#core/account.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { fieldMessages, formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { Pager } from "./pager.tsx";
import { ApprovalBadge } from "./customer-parts.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.customers_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "customers:read");
  const { db, staffCustomers, customerApproval } = context.services;
  const raw = staffCustomerParams(new URL(request.url).searchParams);
  const asked = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, (v ?? "").trim()]));
  const parsed = staffCustomerQuerySchema.safeParse(raw);
  const [page, pending, settingOn] = await Promise.all([
    parsed.success ? staffCustomers.list(db, parsed.data) : null,
    staffCustomers.pendingCount(db),
    customerApproval.settingOn({ db }),
  ]);
  return {
    page,
    pending,
    asked,
    errors: fieldMessages(parsed.error),
    setting: { on: settingOn, canChange: can(staff.roles, "settings:write") },
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "settings:write");
  const fields = await formFields(request);
  return formAction(context.lang, async () => {
    const { approval } = parseFields(approvalSettingSchema, fields);
    return { saved: (await context.services.customerApproval.setSetting(ctx, approval)).on };
  });
}

const input = "rounded border border-line px-3 py-2";
const field = "flex flex-col gap-1 text-sm";

export default function AdminCustomers() {
  const { t, lang } = useT();
  const { page, pending, asked, errors, setting } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { saved?: boolean }>();
  const busy = useNavigation().state !== "idle";
  const error = (name: string) =>
    errors[name] ? (
      <span role="alert" id={`${name}-error`} className="text-sm text-red-700">
        {t(errors[name])}
      </span>
    ) : null;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const href = (change: Record<string, string>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...asked, ...change })) if (v && !(k === "page" && v === "1")) p.set(k, v);
    const q = p.toString();
    return adminPath(lang, "/clients") + (q ? `?${q}` : "");
  };
  const settingFailure = answer?.failure ?? (answer?.fields ? t(Object.values(answer.fields)[0]) : undefined);
  return (
    <>
      <PageTitle>{t("admin.customers_title")}</PageTitle>
      <section aria-labelledby="approval-setting" className="mb-6 rounded border border-line bg-white p-4">
        <h2 id="approval-setting" className="mb-1 text-lg font-semibold">
          {t("admin.customers_setting_title")}
        </h2>
        <p className="mb-2 text-sm">{t(setting.on ? "admin.customers_setting_on" : "admin.customers_setting_off")}</p>
        <p role="status" className="text-sm text-green-800">
          {answer?.saved !== undefined ? t(answer.saved ? "admin.customers_setting_saved_on" : "admin.customers_setting_saved_off") : ""}
        </p>
        <Failure text={settingFailure} />
        {setting.canChange && (
          <Form method="post" className="mt-2">
            <input type="hidden" name="approval" value={setting.on ? "off" : "on"} />
            <SubmitButton busy={busy}>
              {t(setting.on ? "admin.customers_setting_turn_off" : "admin.customers_setting_turn_on")}
            </SubmitButton>
          </Form>
        )}
        {pending > 0 && (
          <p className="mt-3 font-medium text-amber-900">
            {t("admin.customers_pending_count", { count: pending })}{" "}
            <Link to={href({ approval: "pending", page: "" })} className="text-brand underline">
              {t("admin.customers_pending_show")}
            </Link>
          </p>
        )}
      </section>
      <Form method="get" className="mb-6 rounded border border-line bg-white p-4" aria-label={t("admin.customers_filters")}>
        <div className="flex flex-wrap items-end gap-4">
          <label className={`${field} min-w-[16rem] flex-1`}>
            <span className="font-medium">{t("admin.customers_search")}</span>
            <input
              type="search"
              name="q"
              defaultValue={asked.q}
              maxLength={100}
              placeholder={t("admin.customers_search_hint")}
              className={input}
              {...described("q")}
            />
            {error("q")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.customers_filter_approval")}</span>
            <select name="approval" defaultValue={asked.approval} className={input} {...described("approval")}>
              <option value="">{t("admin.customers_filter_all")}</option>
              {APPROVALS.map((a) => (
                <option key={a} value={a}>
                  {t(`admin.approval_${a}`)}
                </option>
              ))}
            </select>
            {error("approval")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.customers_filter_page_size")}</span>
            <select name="page_size" defaultValue={asked.page_size || "20"} className={input} {...described("page_size")}>
              {STAFF_CUSTOMER_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            {error("page_size")}
          </label>
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t("admin.customers_filter_apply")}
          </button>
          <Link to={adminPath(lang, "/clients")} className="py-2 text-sm">
            {t("admin.customers_filter_reset")}
          </Link>
          {error("page")}
        </div>
      </Form>
      {page && (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {page.capped ? t("admin.customers_count_more", { count: page.total }) : t("admin.customers_count", { count: page.total })}
          </p>
          {page.list.length === 0 ? (
            <p className="rounded border border-line bg-white p-4">{t("admin.customers_empty")}</p>
          ) : (
            <div
              className="overflow-x-auto rounded border border-line bg-white"
              role="region"
              aria-label={t("admin.customers_table")}
              tabIndex={0}
            >
              <table className="w-full min-w-[48rem] text-left text-sm">
                <thead className="bg-paper">
                  <tr>
                    <th scope="col" className="p-2">
                      {t("admin.customers_col_client")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.customers_col_contact")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.customers_col_siret")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.customers_col_created")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.customers_col_approval")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.list.map((c) => (
                    <tr key={c.id} className="border-t border-line align-top">
                      <th scope="row" className="p-2 font-medium">
                        <Link
                          to={adminPath(lang, `/clients/${encodeURIComponent(c.client_number)}`)}
                          className="text-brand hover:underline"
                        >
                          {c.company || c.name}
                        </Link>
                        <span className="block font-normal text-muted">{c.client_number}</span>
                        {c.company && <span className="block font-normal">{c.name}</span>}
                      </th>
                      <td className="p-2">
                        <span className="block break-all">{c.email}</span>
                        {c.phone && <span className="block text-muted">{formatPhone(c.phone)}</span>}
                      </td>
                      <td className="whitespace-nowrap p-2 tabular-nums">{c.siret ?? "—"}</td>
                      <td className="whitespace-nowrap p-2">{formatDate(c.created_at, lang)}</td>
                      <td className="p-2">
                        <ApprovalBadge approval={c.approval} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} label={t("admin.customers_pages")} href={(n) => href({ page: String(n) })} />
        </>
      )}
    </>
  );
}
