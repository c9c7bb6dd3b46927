// The catalogue's CSV (decision 152): the export to edit in a spreadsheet, the upload of a file to import (then its
// own page: column mapping, dry run, apply), and the last imports. For `catalogue:import`.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { data } from "react-router";
import type { Route } from "./+types/catalogue-import";
import { CSV_READ_MAX_BYTES } from "#core/csv-read.ts";
import { formatDate } from "#core/format-date.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { requireStaff, staffContext } from "./guard.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { formAction, type FormFailure } from "./form.ts";
import { titleMeta } from "./meta.ts";
import { exportPath, importPath } from "./catalogue-import-paths.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.import_title");

/** The multipart body: the file and the form's framing. */
const MAX_BODY = CSV_READ_MAX_BYTES + 64 * 1024;
const CSV_TYPES = new Set(["", "text/csv", "text/plain", "application/vnd.ms-excel", "application/csv", "text/comma-separated-values"]);

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, "catalogue:import");
  const { catalogueImport, db } = context.services;
  return { recent: await catalogueImport.recent(db) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "catalogue:import"); // checked before the body is read
  const lang = context.lang;
  // a multipart body is read whole by formData(): its announced size is bounded first (browsers always announce it)
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!(length <= MAX_BODY))
    return data<FormFailure>({ failure: translate(lang, "admin.import_file_too_big", { max: 5 }) }, { status: 413 });
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!file || typeof file === "string" || (file.size === 0 && file.name === ""))
    return data<FormFailure>({ failure: translate(lang, "admin.import_file_missing") }, { status: 400 });
  if (!/\.(csv|txt)$/i.test(file.name) || !CSV_TYPES.has(file.type))
    return data<FormFailure>({ failure: translate(lang, "admin.import_file_type") }, { status: 400 });
  return formAction(lang, async () => {
    const id = await context.services.catalogueImport.upload(ctx, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    throw redirect(importPath(lang, id));
  });
}

const box = "rounded border border-line bg-white p-4";

export default function AdminCatalogueImport() {
  const { t, lang } = useT();
  const { recent } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <PageTitle>{t("admin.import_title")}</PageTitle>
        <p className="text-sm text-muted">{t("admin.import_intro")}</p>
      </div>
      <section aria-labelledby="export-title" className={box}>
        <h2 id="export-title" className="mb-2 font-semibold">
          {t("admin.import_export_title")}
        </h2>
        <p className="mb-3 text-sm">{t("admin.import_export_help")}</p>
        <a
          href={exportPath(lang)}
          className="inline-block rounded border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand hover:text-white"
        >
          {t("admin.import_export_link")}
        </a>
      </section>
      <section aria-labelledby="upload-title" className={box}>
        <h2 id="upload-title" className="mb-2 font-semibold">
          {t("admin.import_upload_title")}
        </h2>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-semibold">{t("admin.import_file_label")}</span>
            <input type="file" name="file" required accept=".csv,.txt,text/csv" aria-describedby="upload-help" className="text-sm" />
          </label>
          <p id="upload-help" className="text-sm text-muted">
            {t("admin.import_file_help")}
          </p>
          <Failure text={answer?.failure} />
          <div>
            <SubmitButton busy={busy}>{t("admin.import_upload")}</SubmitButton>
          </div>
        </Form>
      </section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title" className="mb-2 font-semibold">
          {t("admin.import_recent")}
        </h2>
        {recent.length === 0 ? (
          <p className="text-sm text-muted">{t("admin.import_recent_empty")}</p>
        ) : (
          <table className="w-full border-collapse bg-white text-sm">
            <thead>
              <tr className="border-b border-line text-left">
                <th className="p-2">{t("admin.import_col_file")}</th>
                <th className="p-2">{t("admin.import_col_by")}</th>
                <th className="p-2">{t("admin.import_col_date")}</th>
                <th className="p-2 text-right">{t("admin.import_col_lines")}</th>
                <th className="p-2">{t("admin.import_col_state")}</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((r) => (
                <tr key={r.id} className="border-b border-line">
                  <td className="p-2">
                    <Link to={importPath(lang, Number(r.id))} className="text-brand underline">
                      {r.file_name}
                    </Link>
                  </td>
                  <td className="p-2">{r.staff_name}</td>
                  <td className="p-2">{formatDate(String(r.created_at), lang, "datetime")}</td>
                  <td className="p-2 text-right">{r.row_count}</td>
                  <td className="p-2">{t(`admin.import_state_${r.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
