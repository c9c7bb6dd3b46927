// The questions inbox (decision 142): the customers' questions filtered by status (open by default, oldest first),
// kind, age (waiting at least N days) and assignee (me, nobody, anyone), paged on the server from the address's
// search parameters (a GET form: it works without JavaScript); each question a link to its page.
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/questions";
import {
  STAFF_QUESTION_AGES,
  STAFF_QUESTION_ASSIGNED,
  STAFF_QUESTION_PAGE_SIZES,
  STAFF_QUESTION_SORTS,
  STAFF_QUESTION_STATUSES,
  staffQuestionParams,
  staffQuestionQuerySchema,
} from "#core/validation/staff-questions.ts";
import { QUESTION_TYPES } from "#core/questions.ts";
import { formatDate } from "#core/format-date.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff } from "./guard.ts";
import { fieldMessages } from "./form.ts";
import { PageTitle } from "./ui.tsx";
import { Pager } from "./pager.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.questions_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "questions:read");
  const { db, staffQuestions } = context.services;
  const raw = staffQuestionParams(new URL(request.url).searchParams);
  const asked = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, (v ?? "").trim()]));
  const parsed = staffQuestionQuerySchema.safeParse(raw);
  const page = parsed.success ? await staffQuestions.list(db, parsed.data, staff.id) : null;
  return { page, asked, errors: fieldMessages(parsed.error), sort: parsed.success ? parsed.data.sort : "oldest" };
}

const input = "rounded border border-line px-3 py-2";
const field = "flex flex-col gap-1 text-sm";

export default function AdminQuestions() {
  const { t, lang } = useT();
  const { page, asked, errors, sort } = useLoaderData<typeof loader>();
  const error = (name: string) =>
    errors[name] ? (
      <span role="alert" id={`${name}-error`} className="text-sm text-red-700">
        {t(errors[name])}
      </span>
    ) : null;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  /** The inbox's address with the filters asked and `change` (a blank value leaves its parameter out). */
  const href = (change: Record<string, string>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...asked, ...change })) if (v !== "" && !(k === "page" && v === "1")) p.append(k, v);
    const q = p.toString();
    return adminPath(lang, "/questions") + (q ? `?${q}` : "");
  };
  const select = (name: string, values: readonly (string | number)[], label: (v: string) => string, all?: string) => (
    <label className={field}>
      <span className="font-medium">{t(`admin.questions_filter_${name}`)}</span>
      <select name={name} defaultValue={asked[name] ?? ""} className={input} {...described(name)}>
        {all && <option value="">{all}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {label(String(v))}
          </option>
        ))}
      </select>
      {error(name)}
    </label>
  );
  return (
    <>
      <PageTitle>{t("admin.questions_title")}</PageTitle>
      <Form method="get" className="mb-6 rounded border border-line bg-white p-4" aria-label={t("admin.questions_filters")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {select("status", STAFF_QUESTION_STATUSES, (v) => t(`admin.questions_status_${v}`))}
          {select("kind", QUESTION_TYPES, (v) => t(`questions.types.${v}`), t("admin.orders_filter_all"))}
          {select("age", STAFF_QUESTION_AGES, (v) => t("admin.questions_age_days", { count: v }), t("admin.orders_filter_all"))}
          {select("assigned", STAFF_QUESTION_ASSIGNED, (v) => t(`admin.questions_assigned_${v}`))}
          {select("sort", STAFF_QUESTION_SORTS, (v) => t(`admin.questions_sort_${v}`), t("admin.questions_sort_default"))}
        </div>
        <div className="mt-4 flex flex-wrap items-end gap-4">
          {select("page_size", STAFF_QUESTION_PAGE_SIZES, (v) => v)}
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t("admin.orders_filter_apply")}
          </button>
          <Link to={adminPath(lang, "/questions")} className="py-2 text-sm">
            {t("admin.orders_filter_reset")}
          </Link>
          {error("page")}
        </div>
      </Form>
      {page && (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {t(page.capped ? "admin.questions_count_more" : "admin.questions_count", { count: page.total })}
          </p>
          {page.list.length === 0 ? (
            <p className="rounded border border-line bg-white p-4">{t("admin.questions_empty")}</p>
          ) : (
            <div
              className="overflow-x-auto rounded border border-line bg-white"
              role="region"
              aria-label={t("admin.questions_table")}
              tabIndex={0}
            >
              <table className="w-full min-w-[56rem] text-left text-sm">
                <caption className="sr-only">{t(`admin.questions_sort_${sort}`)}</caption>
                <thead className="bg-paper">
                  <tr>
                    {["question", "asked", "customer", "kind", "state", "assignee"].map((c) => (
                      <th key={c} scope="col" className="whitespace-nowrap p-2">
                        {t(`admin.questions_col_${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {page.list.map((r) => (
                    <tr key={r.id} className="border-t border-line align-top">
                      <th scope="row" className="p-2 font-medium">
                        <Link to={adminPath(lang, `/questions/${r.id}`)} className="text-brand hover:underline">
                          {t("admin.question_number", { id: String(r.id) })}
                        </Link>
                        <span className="block max-w-md truncate font-normal text-muted">{r.excerpt}</span>
                        {r.files > 0 && <span className="block text-xs text-muted">{t("admin.questions_files", { count: r.files })}</span>}
                      </th>
                      <td className="whitespace-nowrap p-2">{formatDate(r.created_at, lang, "datetime")}</td>
                      <td className="p-2">
                        <span className="block font-medium">{r.customer.company || r.customer.name}</span>
                        <span className="block text-muted">{r.customer.client_number}</span>
                      </td>
                      <td className="p-2">
                        {t(`questions.types.${r.type}`)}
                        {r.order_number && <span className="block text-muted">{r.order_number}</span>}
                      </td>
                      <td className="whitespace-nowrap p-2">
                        {r.answered_at
                          ? t("admin.questions_answered_on", { date: formatDate(r.answered_at, lang) })
                          : t("admin.questions_status_open")}
                      </td>
                      <td className="p-2">{r.assignee ?? <span className="text-muted">{t("admin.questions_assigned_nobody")}</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} label={t("admin.questions_pages")} href={(n) => href({ page: String(n) })} />
        </>
      )}
    </>
  );
}
