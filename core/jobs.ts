// Long work of the back office as jobs (DESIGN §9): a row of the jobs table that a worker takes, runs outside any
// request and reports on (progress, then a file or a failure); the staff member who asked follows it on its page.

/** What a job can be. Each kind has its handler (server/modules/jobs) and the permission to ask for it and read it. */
export const JOB_KINDS = ["preparation_pdf", "catalogue_import"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Tries of a job before it is given up: a job that kills its process is not tried for ever. */
export const JOB_MAX_ATTEMPTS = 3;
/** How long a running job is its worker's without news (each progress report renews it); past it, another takes it. */
export const JOB_LEASE_MS = 60_000;
/** How long a finished job's file is kept. */
export const JOB_KEEP_MS = 24 * 3_600_000;

/** The share done, 0–100, whole: nothing known is 0, never 100 before the job is done. */
export function jobPercent(status: JobStatus, progress: number, total: number | null): number {
  if (status === "done") return 100;
  if (!total || total <= 0 || progress <= 0) return 0;
  return Math.min(99, Math.floor((progress * 100) / total));
}

/** Whether the page should look again soon: the job is still waiting or running. */
export const jobPending = (status: JobStatus) => status === "queued" || status === "running";
