// One catalogue import (decision 152): its columns mapped to the catalogue's fields (a saved preset can fill them),
// its dry run line by line (updated field by field old → new, unchanged, refused with the reason), then applying it
// as a job with its progress bar here (asked again every second) and its report to download. For `catalogue:import`.
import { useEffect } from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/catalogue-import-run";
import { IMPORT_FIELDS, fileValue, type FieldChange, type Refusal } from "#core/catalogue/import-csv.ts";
import { guessMapping } from "#core/catalogue/import-csv.ts";
import { importLinesQuerySchema, importPresetNameSchema, mappingFromForm } from "#core/validation/catalogue-import.ts";
import { formatDate } from "#core/format-date.ts";
import { useT } from "#app/lib/i18n.tsx";
import { notFoundResponse, orNotFound } from "#app/lib/loader-errors.ts";
import { requireStaff, staffContext } from "./guard.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { titleMeta } from "./meta.ts";
import { Pager } from "./pager.tsx";
import { importPath, importsPath } from "./catalogue-import-paths.ts";
import { jobFilePath, jobPath } from "./job-paths.ts";
import { z } from "zod";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.import_run_title");

const importId = (raw: string) => {
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw notFoundResponse();
  return Number(raw);
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  requireStaff(context, "catalogue:import");
  const id = importId(params.id);
  const { catalogueImport, db } = context.services;
  const imp = await orNotFound(catalogueImport.view(db, id));
  const search = new URL(request.url).searchParams;
  const asked = importLinesQuerySchema.parse({ filter: search.get("filter") ?? undefined, page: search.get("page") ?? undefined });
  const presets = await catalogueImport.presets(db);
  const preset = presets.find((p) => String(p.id) === search.get("preset"));
  const mapping = preset ? guessMapping(imp.header, preset.mapping) : imp.mapping;
  const lines = imp.status === "uploaded" ? null : await catalogueImport.lines(db, id, asked.filter, asked.page);
  return {
    imp,
    mapping,
    presets: presets.map((p) => ({ id: p.id, name: p.name })),
    preset: preset?.id ?? null,
    lines,
    filter: asked.filter,
  };
}

type Answer = FormFailure;

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "catalogue:import");
  const id = importId(params.id);
  const lang = context.lang;
  const fields = await formFields(request);
  const { catalogueImport } = context.services;
  return formAction(lang, async (): Promise<Answer> => {
    if (fields.intent === "apply") {
      await catalogueImport.apply(ctx, id);
      throw redirect(importPath(lang, id));
    }
    if (fields.intent === "cancel") {
      await catalogueImport.cancel(ctx, id);
      throw redirect(importPath(lang, id));
    }
    const imp = await catalogueImport.view(ctx.db, id);
    const mapping = mappingFromForm(fields, imp.header.length);
    const { preset_name } = parseFields(z.object({ preset_name: importPresetNameSchema }), fields);
    await catalogueImport.check(ctx, id, mapping);
    if (preset_name) await catalogueImport.savePreset(ctx, preset_name, imp.header, mapping);
    throw redirect(`${importPath(lang, id)}?filter=all`);
  });
}

const box = "rounded border border-line bg-white p-4";
const select = "rounded border border-line px-2 py-1";

function Changes({ changes }: { changes: FieldChange[] }) {
  const { t } = useT();
  const shown = (c: FieldChange, v: string) =>
    c.field === "not_for_sale" || c.field === "non_gls" ? t(v === "true" ? "admin.import_yes" : "admin.import_no") : fileValue(c.field, v);
  return (
    <ul className="flex flex-col gap-0.5">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="font-semibold">{t(`admin.import_field_${c.field}`)}</span> :{" "}
          <del className="text-muted">{shown(c, c.old) || "—"}</del> → <ins className="no-underline">{shown(c, c.new)}</ins>
        </li>
      ))}
    </ul>
  );
}

function Reason({ reason }: { reason: Refusal }) {
  const { t } = useT();
  return (
    <span className="text-red-700">
      {`${reason.field ? `${t(`admin.import_field_${reason.field}`)} : ` : ""}${t(`admin.${reason.key}`, reason.vars)}`}
    </span>
  );
}

export default function AdminCatalogueImportRun() {
  const { t, lang } = useT();
  const { imp, mapping, presets, preset, lines, filter } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state === "submitting";
  const { revalidate, state } = useRevalidator();
  const applying = imp.status === "applying";
  useEffect(() => {
    if (!applying || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [applying, state, revalidate, imp.counts.applied, imp.counts.conflict]);
  const here = importPath(lang, imp.id);
  const done = imp.counts.applied + imp.counts.conflict;
  const percent = imp.counts.updated ? Math.floor((done * 100) / imp.counts.updated) : 0;
  const editable = imp.status === "uploaded" || imp.status === "checked";
  const href = (f: string, page = 1) => `${here}?${new URLSearchParams({ filter: f, page: String(page) }).toString()}`;
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <PageTitle>{t("admin.import_run_heading", { file: imp.file_name })}</PageTitle>
        <p className="text-sm text-muted">
          {t("admin.import_run_facts", {
            count: imp.row_count,
            encoding: imp.encoding === "utf-8" ? "UTF-8" : "Windows-1252",
            separator: t(`admin.import_separator_${imp.separator === "\t" ? "tab" : imp.separator === "," ? "comma" : "semicolon"}`),
            by: imp.staff_name,
            date: formatDate(String(imp.created_at), lang, "datetime"),
          })}
        </p>
        <p className="mt-1 text-sm">
          <span data-import-status={imp.status} className="font-semibold">
            {t(`admin.import_state_${imp.status}`)}
          </span>{" "}
          ·{" "}
          <Link to={importsPath(lang)} className="text-brand underline">
            {t("admin.import_back")}
          </Link>
        </p>
      </div>

      {editable && (
        <section aria-labelledby="mapping-title" className={box}>
          <h2 id="mapping-title" className="mb-2 font-semibold">
            {t("admin.import_mapping_title")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("admin.import_mapping_help")}</p>
          {presets.length > 0 && (
            <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" aria-label={t("admin.import_preset_label")}>
              <label className="flex flex-col gap-1 text-sm">
                <span>{t("admin.import_preset_label")}</span>
                <select name="preset" defaultValue={preset ?? ""} className={select}>
                  <option value="">{t("admin.import_preset_none")}</option>
                  {presets.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="rounded border border-brand px-3 py-1 text-sm text-brand">
                {t("admin.import_preset_use")}
              </button>
            </Form>
          )}
          <Form method="post" key={String(preset)} className="flex flex-col gap-3">
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b border-line text-left">
                  <th className="p-2">{t("admin.import_col_column")}</th>
                  <th className="p-2">{t("admin.import_col_sample")}</th>
                  <th className="p-2">{t("admin.import_col_field")}</th>
                </tr>
              </thead>
              <tbody>
                {imp.header.map((h, i) => (
                  <tr key={i} className="border-b border-line">
                    <th scope="row" className="p-2 text-left font-normal">
                      {h || t("admin.import_column_n", { n: i + 1 })}
                    </th>
                    <td className="max-w-xs truncate p-2 text-muted">{imp.sample[i] ?? ""}</td>
                    <td className="p-2">
                      <select
                        name={`col_${i}`}
                        defaultValue={mapping[i] ?? ""}
                        className={select}
                        aria-label={t("admin.import_field_for", { column: h || String(i + 1) })}
                      >
                        <option value="">{t("admin.import_ignore")}</option>
                        {IMPORT_FIELDS.map((f) => (
                          <option key={f} value={f}>
                            {t(`admin.import_field_${f}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <label className="flex flex-col gap-1 text-sm">
              <span>{t("admin.import_preset_save")}</span>
              <input name="preset_name" maxLength={60} className="max-w-sm rounded border border-line px-3 py-2" />
              {answer?.fields?.preset_name && (
                <span role="alert" className="text-red-700">
                  {t(answer.fields.preset_name)}
                </span>
              )}
            </label>
            <Failure text={answer?.failure} />
            <div>
              <input type="hidden" name="intent" value="check" />
              <SubmitButton busy={busy}>{t(imp.status === "checked" ? "admin.import_check_again" : "admin.import_check")}</SubmitButton>
            </div>
          </Form>
        </section>
      )}

      {lines && (
        <section aria-labelledby="dry-run-title" className={box}>
          <h2 id="dry-run-title" className="mb-2 font-semibold">
            {t(editable ? "admin.import_dry_run_title" : "admin.import_result_title")}
          </h2>
          <p role="status" className="mb-3">
            {t("admin.import_summary", { updated: imp.counts.updated, unchanged: imp.counts.unchanged, refused: imp.counts.refused })}
          </p>
          {imp.status === "checked" && (
            <Form method="post" className="mb-4 flex flex-col gap-2">
              <input type="hidden" name="intent" value="apply" />
              <div>
                <SubmitButton busy={busy}>{t("admin.import_apply", { count: imp.counts.updated })}</SubmitButton>
              </div>
              {imp.counts.refused > 0 && (
                <p className="text-sm text-muted">{t("admin.import_apply_refused_left", { count: imp.counts.refused })}</p>
              )}
            </Form>
          )}
          {(applying || imp.status === "applied" || imp.status === "cancelled") && (
            <div className="mb-4" data-import-progress={percent}>
              <progress
                className="h-3 w-full"
                max={100}
                value={imp.status === "applied" ? 100 : percent}
                aria-label={t("admin.import_progress_label")}
              />
              <p className="mt-1 text-sm">
                {t("admin.import_progress", {
                  done,
                  total: imp.counts.updated,
                  applied: imp.counts.applied,
                  conflict: imp.counts.conflict,
                })}
              </p>
              {applying && (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="cancel" />
                  <button
                    type="submit"
                    disabled={imp.cancel_requested}
                    className="rounded border border-red-700 px-3 py-1 text-sm text-red-700"
                  >
                    {t(imp.cancel_requested ? "admin.import_cancelling" : "admin.import_cancel")}
                  </button>
                </Form>
              )}
              {imp.job_id !== null && !applying && (
                <p className="mt-2 flex flex-wrap gap-4">
                  <a
                    href={jobFilePath(lang, imp.job_id)}
                    className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
                  >
                    {t("admin.import_report")}
                  </a>
                  <Link to={jobPath(lang, imp.job_id)} className="self-center text-brand underline">
                    {t("admin.import_job_page")}
                  </Link>
                </p>
              )}
              <Failure text={answer?.failure} />
            </div>
          )}
          {imp.status === "checked" && answer?.failure && <Failure text={answer.failure} />}
          <nav aria-label={t("admin.import_filter_label")} className="mb-3 flex flex-wrap gap-3 text-sm">
            {(["all", "updated", "unchanged", "refused"] as const).map((f) => (
              <Link
                key={f}
                to={href(f)}
                aria-current={filter === f ? "page" : undefined}
                className={filter === f ? "font-semibold" : "text-brand underline"}
              >
                {t(`admin.import_filter_${f}`, {
                  n: f === "all" ? imp.counts.updated + imp.counts.unchanged + imp.counts.refused : imp.counts[f],
                })}
              </Link>
            ))}
          </nav>
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-line text-left">
                <th className="p-2 text-right">{t("admin.import_col_line")}</th>
                <th className="p-2">{t("admin.import_col_reference")}</th>
                <th className="p-2">{t("admin.import_col_result")}</th>
                <th className="p-2">{t("admin.import_col_detail")}</th>
              </tr>
            </thead>
            <tbody>
              {lines.list.map((l) => (
                <tr key={l.line} className="border-b border-line align-top" data-line={l.line} data-status={l.status}>
                  <td className="p-2 text-right">{l.line}</td>
                  <td className="p-2 font-mono">{l.reference || "—"}</td>
                  <td className="p-2">
                    {l.outcome
                      ? t(`admin.import_outcome_${l.outcome}`)
                      : l.status === "updated" && (imp.status === "cancelled" || imp.status === "applied")
                        ? t("admin.import_outcome_not_applied")
                        : t(`admin.import_status_${l.status}`)}
                  </td>
                  <td className="p-2">
                    {l.reason && <Reason reason={l.reason} />}
                    {l.changes.length > 0 && <Changes changes={l.changes} />}
                    {l.outcome === "conflict" && (
                      <p className="text-red-700">
                        {t("admin.import_conflict_fields", {
                          fields: (l.conflicts ?? []).map((f) => t(`admin.import_field_${f}`)).join(", "),
                        })}
                      </p>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {lines.list.length === 0 && <p className="mt-2 text-sm text-muted">{t("admin.import_lines_empty")}</p>}
          <Pager page={lines} label={t("admin.import_pages")} href={(n) => href(filter, n)} />
        </section>
      )}
    </div>
  );
}
