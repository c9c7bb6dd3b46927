// The quotations (decision 148): every quotation paged on the server, filtered by state and searched by number or
// customer from the address (a GET form: it works without JavaScript); without a filter, the customers' requests
// waiting for staff come first, then the newest. Staff who may write start a quotation for a customer by client number.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/quotations";
import { DESK_STATES } from "#core/quotations-desk.ts";
import { quotationCreateSchema, staffQuotationQuerySchema } from "#core/validation/staff-quotations.ts";
import { can } from "#core/staff/permissions.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { fieldMessages, formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { Pager } from "./pager.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.quotations_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "quotations:read");
  const search = new URL(request.url).searchParams;
  const asked = { state: search.get("state") ?? "", q: search.get("q") ?? "", page: search.get("page") ?? "" };
  const parsed = staffQuotationQuerySchema.safeParse(asked);
  const { db, staffQuotations } = context.services;
  return {
    page: parsed.success ? await staffQuotations.list(db, parsed.data, context.lang) : null,
    asked,
    errors: fieldMessages(parsed.error),
    canWrite: can(staff.roles, "quotations:write"),
    states: DESK_STATES.map((s) => ({ value: s, label: translate(context.lang, `quotations.desk_state_${s}`) })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "quotations:write");
  const fields = await formFields(request);
  return formAction(context.lang, async () => {
    const { client_number } = parseFields(quotationCreateSchema, fields);
    const made = await context.services.staffQuotations.create(ctx, client_number);
    throw redirect(adminPath(context.lang, `/devis/${made.id}`));
  });
}

const TONE: Record<string, string> = {
  request: "bg-amber-100 text-amber-900",
  draft: "bg-gray-100 text-gray-900",
  sent: "bg-sky-100 text-sky-900",
  accepted: "bg-sky-100 text-sky-900",
  ordered: "bg-green-100 text-green-900",
  expired: "bg-red-100 text-red-900",
  cancelled: "bg-red-100 text-red-900",
};

export default function AdminQuotations() {
  const { t, lang } = useT();
  const { page, asked, errors, canWrite, states } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>();
  const busy = useNavigation().state !== "idle";
  const href = (p: number) => {
    const q = new URLSearchParams();
    if (asked.state) q.set("state", asked.state);
    if (asked.q) q.set("q", asked.q);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return adminPath(lang, "/devis") + (s ? `?${s}` : "");
  };
  const error = errors.state ?? errors.q ?? errors.page;
  return (
    <>
      <PageTitle>{t("admin.quotations_title")}</PageTitle>
      {canWrite && (
        <section aria-labelledby="quotation-new" className="mb-6 rounded border border-line bg-white p-4">
          <h2 id="quotation-new" className="mb-2 text-lg font-semibold">
            {t("admin.quotations_new_title")}
          </h2>
          <Failure text={answer?.failure} />
          <Form method="post" noValidate className="flex flex-wrap items-end gap-4">
            <input type="hidden" name="intent" value="create" />
            <Field label={t("admin.quotations_new_client")} name="client_number" maxLength={20} error={answer?.fields?.client_number} />
            <div>
              <SubmitButton busy={busy}>{t("admin.quotations_new_submit")}</SubmitButton>
            </div>
          </Form>
        </section>
      )}
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-4 rounded border border-line bg-white p-4"
        aria-label={t("admin.quotations_filters")}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.quotations_filter_state")}</span>
          <select name="state" defaultValue={asked.state} className="rounded border border-line px-3 py-2">
            <option value="">{t("admin.quotations_filter_all")}</option>
            {states.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.quotations_filter_search")}</span>
          <input type="search" name="q" defaultValue={asked.q} maxLength={60} className="rounded border border-line px-3 py-2" />
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
          {t("admin.quotations_filter_submit")}
        </button>
      </Form>
      {error && (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-800">
          {t(error)}
        </p>
      )}
      {page && page.list.length === 0 && <p className="text-muted">{t("admin.quotations_empty")}</p>}
      {page && page.list.length > 0 && (
        <div className="overflow-x-auto rounded border border-line bg-white">
          <table className="w-full text-left text-sm" data-testid="quotations-table">
            <caption className="sr-only">{t("admin.quotations_count", { count: page.total })}</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className="p-2">
                  {t("admin.quotations_col_number")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.quotations_col_state")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.quotations_col_date")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.quotations_col_customer")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.quotations_col_by")}
                </th>
                <th scope="col" className="p-2">
                  {t("admin.quotations_col_valid_until")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("admin.quotations_col_lines")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("admin.quotations_col_total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((r) => (
                <tr key={r.id} className="border-t border-line" data-testid="quotation-row">
                  <td className="p-2">
                    <Link to={adminPath(lang, `/devis/${r.id}`)} className="font-medium text-brand underline">
                      {r.number}
                    </Link>
                  </td>
                  <td className="p-2">
                    <span className={`rounded px-2 py-0.5 ${TONE[r.state] ?? ""}`}>{r.state_text}</span>
                  </td>
                  <td className="p-2">{formatDate(r.created_at, lang, "datetime")}</td>
                  <td className="p-2">
                    <Link to={adminPath(lang, `/clients/${encodeURIComponent(r.client_number)}`)} className="text-brand underline">
                      {r.customer}
                    </Link>{" "}
                    <span className="text-muted">({r.client_number})</span>
                  </td>
                  <td className="p-2">{r.created_by ?? t("admin.quotations_by_customer")}</td>
                  <td className="p-2">{r.valid_until ? formatDate(r.valid_until, lang) : "—"}</td>
                  <td className="p-2 text-right">{r.lines}</td>
                  <td className="p-2 text-right">{formatPrice(r.total_ht, lang, "HT")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && <Pager page={page} label={t("admin.quotations_pages")} href={href} />}
    </>
  );
}
