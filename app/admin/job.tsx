// A back-office job's page (core/jobs.ts): what it makes, its progress bar while it waits or runs (the page asks again
// every second), then its file to download, or why it failed. Only the staff member who asked for it sees it
// (jobs.service.ts); any other gets the 404 page.
import { useEffect } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { Route } from "./+types/job";
import { jobPending } from "#core/jobs.ts";
import { formatDate } from "#core/format-date.ts";
import { useT } from "#app/lib/i18n.tsx";
import { notFoundResponse, orNotFound } from "#app/lib/loader-errors.ts";
import { adminPath, staffContext } from "./guard.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";
import { jobFilePath, jobPath } from "./job-paths.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.job_title");

/** Where each kind's page sends back to. */
const BACK = { preparation_pdf: "/preparation", catalogue_import: "/catalogue/import" } as const;

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = staffContext(context);
  const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : null;
  if (id === null || !Number.isSafeInteger(id)) throw notFoundResponse();
  return orNotFound(context.services.jobs.view(ctx, id));
}

export default function AdminJob() {
  const { t, lang } = useT();
  const job = useLoaderData<typeof loader>();
  const { revalidate, state } = useRevalidator();
  const pending = jobPending(job.status);
  useEffect(() => {
    if (!pending || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [pending, state, revalidate, job.progress, job.status]);
  const here = jobPath(lang, job.id);
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <div>
        <PageTitle>
          {typeof job.params.date === "string"
            ? t(`admin.job_kind_${job.kind}_day`, { date: formatDate(job.params.date, lang, "long") })
            : t(`admin.job_kind_${job.kind}`)}
        </PageTitle>
        <p className="text-sm text-muted">{t("admin.job_asked_at", { date: formatDate(String(job.created_at), lang, "datetime") })}</p>
      </div>
      <section aria-labelledby="job-progress" data-job-status={job.status} className="rounded border border-line bg-white p-4">
        <h2 id="job-progress" className="mb-2 font-semibold">
          {t(`admin.job_status_${job.status}`)}
        </h2>
        <progress
          className="h-3 w-full"
          max={100}
          value={job.percent}
          aria-label={t("admin.job_progress_label")}
          aria-valuetext={t("admin.job_percent", { percent: job.percent })}
        />
        <p role="status" className="mt-2 text-sm">
          {job.total
            ? t("admin.job_progress", { percent: job.percent, done: job.progress, total: job.total })
            : t("admin.job_percent", { percent: job.percent })}
        </p>
        {pending && (
          <p className="mt-2 text-sm text-muted">
            {t("admin.job_wait")}{" "}
            <Link to={here} className="text-brand underline">
              {t("admin.job_refresh")}
            </Link>
          </p>
        )}
        {job.status === "done" && job.file_name && (
          <p className="mt-3 flex flex-col gap-1">
            <a
              href={jobFilePath(lang, job.id)}
              className="self-start rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
            >
              {t("admin.job_download", { name: job.file_name })}
            </a>
            <span className="text-sm text-muted">{t("admin.job_kept")}</span>
          </p>
        )}
        {job.status === "failed" && <Failure text={t(job.error_key ?? "admin.job_failed")} />}
      </section>
      <p>
        <Link
          to={adminPath(lang, typeof job.params.import === "number" ? `${BACK[job.kind]}/${job.params.import}` : BACK[job.kind])}
          className="text-brand underline"
        >
          {t(`admin.job_back_${job.kind}`)}
        </Link>
      </p>
    </div>
  );
}
