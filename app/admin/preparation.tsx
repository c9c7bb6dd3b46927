// The warehouse's preparation (DESIGN §9): the orders to prepare, filtered by planned delivery day and delivery mode;
// the papers (picking list, delivery slips, both in one file) of the ticked orders, downloaded from
// admin/preparation-file.ts, or of a whole day, made by a job (core/jobs.ts) followed on its page (admin/job.tsx); and, for `preparation:write`, the start of the ticked orders' preparation, each order on
// its own, the page saying which ones were refused and why. The selection's form is a plain form (no script needed):
// its buttons send the boxes to a download or to this page's action.
import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { useRef } from "react";
import type { Route } from "./+types/preparation";
import { can } from "#core/staff/permissions.ts";
import { orderStateLabel } from "#core/order-states.ts";
import { DELIVERY_MODES } from "#core/freight-tariff.ts";
import { calendarDate, formatDate } from "#core/format-date.ts";
import { translate } from "#core/i18n/translate.ts";
import {
  PREPARATION_REFUSALS,
  PREPARATION_SELECTION_MAX,
  preparationFilterSchema,
  preparationJobSchema,
  startPreparationSchema,
} from "#core/validation/preparation.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { fieldMessages, formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { preparationFilePath } from "./preparation-paths.ts";
import { jobPath } from "./job-paths.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.prep_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "preparation:read");
  const { db, preparation } = context.services;
  const lang = context.lang;
  const search = new URL(request.url).searchParams;
  const asked = { date: (search.get("date") ?? "").trim(), mode: (search.get("mode") ?? "").trim() };
  const parsed = preparationFilterSchema.safeParse(asked);
  const errors = fieldMessages(parsed.error);
  const refused = (PREPARATION_REFUSALS as readonly string[]).find((k) => k === search.get("refused")) ?? null;
  const queue = parsed.success ? await preparation.queue(db, parsed.data, lang, PREPARATION_SELECTION_MAX) : null;
  // texts of other catalogues than the back office's, said here in the page's language
  const modes = Object.fromEntries(DELIVERY_MODES.map((m) => [m, translate(lang, `checkout.mode_${m}`)])) as Record<string, string>;
  const rows =
    queue?.list.map((r) => {
      const label = orderStateLabel({ status: r.status, planned_delivery_date: r.planned_date }, lang);
      return {
        ...r,
        status_label: translate(lang, label.key, label.values),
        delivery: r.pickup
          ? translate(lang, "admin.orders_pickup_at", { shop: r.shop_name ?? "" })
          : [r.delivery_mode ? (modes[r.delivery_mode] ?? r.delivery_mode) : "", [r.zip_code, r.city].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(" · "),
      };
    }) ?? [];
  return {
    asked,
    errors,
    refused,
    day: parsed.success ? (parsed.data.date ?? null) : null,
    rows,
    total: queue?.total ?? 0,
    modes,
    today: calendarDate(new Date()),
    canStart: can(staff.roles, "preparation:write"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, "preparation:read"); // a visitor or another role learns nothing from the form's answer
  const fields = await formFields(request);
  // a whole day's papers are made by a job, followed on its page
  if (fields.intent === "day_file")
    return formAction(context.lang, async () => {
      const asked = parseFields(preparationJobSchema, fields);
      const id = await context.services.jobs.enqueue(staffContext(context, "preparation:read"), "preparation_pdf", asked);
      return redirect(jobPath(context.lang, id));
    });
  const ctx = staffContext(context, "preparation:write");
  return formAction(context.lang, async () => {
    const input = parseFields(startPreparationSchema, fields);
    return { results: await context.services.preparation.start(ctx, input.order) };
  });
}

const input = "rounded border border-line px-3 py-2";
const field = "flex flex-col gap-1 text-sm";
const button = "rounded border border-brand px-3 py-2 text-sm font-semibold text-brand hover:bg-paper";

export default function AdminPreparation() {
  const { t, lang } = useT();
  const { asked, errors, refused, day, rows, total, modes, today, canStart } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { results?: { id: number; number: string | null; ok: boolean; reason?: string }[] }>();
  const body = useRef<HTMLTableSectionElement>(null);
  const selectAll = (checked: boolean) => {
    for (const box of body.current?.querySelectorAll<HTMLInputElement>('input[name="order"]') ?? []) box.checked = checked;
  };
  const filter = { date: day ?? undefined, mode: asked.mode || undefined };
  // the action answers this page with its filters
  const kept = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  const here = adminPath(lang, "/preparation") + (kept ? `?${kept}` : "");
  const error = (name: string) =>
    errors[name] ? (
      <span role="alert" id={`${name}-error`} className="text-sm text-red-700">
        {t(errors[name])}
      </span>
    ) : null;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>{t("admin.prep_title")}</PageTitle>
        <p className="text-sm text-muted">{t("admin.prep_intro")}</p>
      </div>
      {refused && <Failure text={t(refused)} />}

      <Form method="get" className="rounded border border-line bg-white p-4" aria-label={t("admin.prep_filters")}>
        <div className="flex flex-wrap items-end gap-4">
          <label className={field}>
            <span className="font-medium">{t("admin.prep_filter_date")}</span>
            <input type="date" name="date" defaultValue={asked.date} className={input} {...described("date")} />
            {error("date")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_mode")}</span>
            <select name="mode" defaultValue={asked.mode} className={input} {...described("mode")}>
              <option value="">{t("admin.orders_filter_all")}</option>
              {DELIVERY_MODES.map((m) => (
                <option key={m} value={m}>
                  {modes[m]}
                </option>
              ))}
            </select>
            {error("mode")}
          </label>
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t("admin.orders_filter_apply")}
          </button>
          <Link to={`${adminPath(lang, "/preparation")}?date=${today}`} className="py-2 text-sm">
            {t("admin.prep_today")}
          </Link>
          <Link to={adminPath(lang, "/preparation")} className="py-2 text-sm">
            {t("admin.orders_filter_reset")}
          </Link>
        </div>
      </Form>

      {day && (
        <section aria-labelledby="prep-day" className="rounded border border-line bg-white p-4">
          <h2 id="prep-day" className="mb-3 text-lg font-semibold">
            {t("admin.prep_day_title", { date: formatDate(day, lang, "long") })}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("admin.prep_day_job_hint")}</p>
          <Form method="post" action={here} className="flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="day_file" />
            <input type="hidden" name="date" value={day} />
            {filter.mode && <input type="hidden" name="mode" value={filter.mode} />}
            <button type="submit" name="file" value="picking" className={button}>
              {t("admin.prep_day_picking")}
            </button>
            <button type="submit" name="file" value="slips" className={button}>
              {t("admin.prep_day_slips")}
            </button>
            <button type="submit" name="file" value="all" className={button}>
              {t("admin.prep_day_all")}
            </button>
          </Form>
        </section>
      )}

      {answer?.results && (
        <section aria-labelledby="prep-results" role="status" className="rounded border border-line bg-white p-4">
          <h2 id="prep-results" className="mb-2 text-lg font-semibold">
            {t("admin.prep_results")}
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {answer.results.map((r) => (
              <li key={r.id} className={r.ok ? "text-green-800" : "text-red-800"}>
                {r.ok
                  ? t("admin.prep_started", { number: r.number ?? `#${r.id}` })
                  : t("admin.prep_refused", { number: r.number ?? `#${r.id}`, reason: r.reason ?? "" })}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Failure text={answer?.failure ?? (answer?.fields ? t(Object.values(answer.fields)[0]) : undefined)} />

      <div>
        <p className="mb-2 text-sm text-muted" aria-live="polite">
          {t("admin.orders_count", { count: total })}
          {total > rows.length && ` — ${t("admin.prep_more", { shown: rows.length })}`}
        </p>
        {rows.length === 0 ? (
          <p className="rounded border border-line bg-white p-4">{t("admin.prep_empty")}</p>
        ) : (
          <form method="get" action={preparationFilePath(lang, "picking")} className="flex flex-col gap-4">
            <div
              className="overflow-x-auto rounded border border-line bg-white"
              role="region"
              aria-label={t("admin.prep_table")}
              tabIndex={0}
            >
              <table className="w-full min-w-[56rem] text-left text-sm">
                <thead className="bg-paper">
                  <tr>
                    <th scope="col" className="p-2">
                      <input
                        type="checkbox"
                        aria-label={t("admin.orders_select_all")}
                        onChange={(e) => selectAll(e.currentTarget.checked)}
                      />
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.orders_number")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.orders_customer")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.orders_status")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.orders_delivery")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.orders_planned")}
                    </th>
                    <th scope="col" className="p-2 text-right">
                      {t("admin.prep_col_lines")}
                    </th>
                    <th scope="col" className="p-2">
                      {t("admin.prep_col_slip")}
                    </th>
                  </tr>
                </thead>
                <tbody ref={body}>
                  {rows.map((r) => (
                    <tr key={r.id} className="border-t border-line align-top">
                      <td className="p-2">
                        <input type="checkbox" name="order" value={r.id} aria-label={t("admin.orders_select", { number: r.number })} />
                      </td>
                      <th scope="row" className="whitespace-nowrap p-2 font-medium">
                        <Link to={adminPath(lang, `/commandes/${encodeURIComponent(r.number)}`)} className="text-brand hover:underline">
                          {r.number}
                        </Link>
                      </th>
                      <td className="p-2">
                        <span className="block font-medium">{r.customer.company || r.customer.name}</span>
                        <span className="block text-muted">{r.customer.client_number}</span>
                      </td>
                      <td className="p-2">{r.status_label}</td>
                      <td className="p-2">{r.delivery}</td>
                      <td className="whitespace-nowrap p-2">
                        {r.planned_date ? (
                          <time dateTime={r.planned_date}>{formatDate(r.planned_date, lang)}</time>
                        ) : (
                          <span className="text-muted">{t("admin.orders_not_planned")}</span>
                        )}
                      </td>
                      <td className="p-2 text-right tabular-nums">{r.lines}</td>
                      <td className="p-2">
                        <a
                          href={preparationFilePath(lang, "slips", { order: r.id })}
                          aria-label={t("admin.prep_slip_link_label", { number: r.number })}
                          className="text-brand underline"
                        >
                          {t("admin.prep_slip_link")}
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="flex flex-wrap gap-3">
              <button type="submit" formAction={preparationFilePath(lang, "picking")} className={button}>
                {t("admin.prep_selection_picking")}
              </button>
              <button type="submit" formAction={preparationFilePath(lang, "slips")} className={button}>
                {t("admin.prep_selection_slips")}
              </button>
              <button type="submit" formAction={preparationFilePath(lang, "all")} className={button}>
                {t("admin.prep_selection_all")}
              </button>
              {canStart && (
                <button
                  type="submit"
                  name="intent"
                  value="start_preparation"
                  formMethod="post"
                  formAction={here}
                  className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
                >
                  {t("admin.prep_start")}
                </button>
              )}
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
