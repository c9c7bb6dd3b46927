// Long work of the back office as jobs (core/jobs.ts, DESIGN §9). A staff member asks for one (an audited write); a
// worker of any process takes it, runs it outside every request and reports its progress; the staff member follows it
// on its page and downloads its file. Only the one who asked sees a job, and only while they hold its kind's
// permission.
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/index.ts";
import { forbidden, notFound } from "#core/domain-errors.ts";
import { can, type Permission } from "#core/staff/permissions.ts";
import { jobPercent, type JobKind, type JobStatus } from "#core/jobs.ts";
import type { Lang } from "#core/lang.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";

/** A job as its handler gets it. */
export type RunningJob = { id: number; kind: JobKind; staffId: number; lang: Lang; params: Record<string, unknown> };

/** What a job ends with: its file, or why there is none (a message key staff read). */
export type JobOutcome = { file: Buffer; name: string; type: string } | { failure: string };

/** A kind of job: who may ask for it and read it, and what it does (`report` renews its lease: call it often). */
export type JobSpec = {
  permission: Permission;
  run: (job: RunningJob, report: (done: number, total: number) => Promise<void>) => Promise<JobOutcome>;
};
export type JobSpecs = Record<JobKind, JobSpec>;

/** A job as its page shows it. */
export type JobView = {
  id: number;
  kind: JobKind;
  /** What was asked (the page names the job with it). */
  params: Record<string, unknown>;
  status: JobStatus;
  percent: number;
  progress: number;
  total: number | null;
  error_key: string | null;
  file_name: string | null;
  created_at: Date;
  finished_at: Date | null;
};

type Wake = () => void;
const waiting = new Set<Wake>();
/** This process's workers, woken when a job is queued here (other processes' jobs are found by polling). */
export function onJobQueued(cb: Wake): () => void {
  waiting.add(cb);
  return () => waiting.delete(cb);
}

/** Wakes this process's workers: after the commit of a job queued inside a larger write (`insertJob`). */
export function wakeJobWorkers() {
  for (const wake of waiting) wake();
}

/** Queues a job inside the caller's transaction (its audit row is the caller's); wake the workers after the commit. */
export async function insertJob(db: Db, staffId: number, lang: Lang, kind: JobKind, params: Record<string, unknown>): Promise<number> {
  const [row] = await db.insert(jobs).values({ kind, staffId, lang, params }).returning({ id: jobs.id });
  return row.id;
}

export function createJobs(specs: JobSpecs) {
  /** Queues a job of `kind` for the staff member of `ctx`, audited; its id. */
  async function enqueue(ctx: StaffContext, kind: JobKind, params: Record<string, unknown>): Promise<number> {
    if (!can(ctx.staff.roles, specs[kind].permission)) throw forbidden("admin.permission_denied");
    const id = await staffWrite(ctx, async ({ db }, audit) => {
      const jobId = await insertJob(db, ctx.staff.id, ctx.lang, kind, params);
      await audit({ entity: "job", id: jobId, action: "queue", after: { kind, ...params } });
      return jobId;
    });
    wakeJobWorkers();
    return id;
  }

  /** The caller's own job of a kind they may read; another's, or one they may no longer read: not found. */
  async function own(q: Db, ctx: Pick<StaffContext, "staff">, id: number) {
    const [row] = await q
      .select({
        id: jobs.id,
        kind: jobs.kind,
        params: jobs.params,
        status: jobs.status,
        progress: jobs.progress,
        total: jobs.total,
        error_key: jobs.errorKey,
        file_name: jobs.fileName,
        created_at: jobs.createdAt,
        finished_at: jobs.finishedAt,
      })
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.staffId, ctx.staff.id)));
    const spec = row && specs[row.kind as JobKind];
    if (!spec || !can(ctx.staff.roles, spec.permission)) throw notFound("admin.job_not_found");
    return row as typeof row & { kind: JobKind; status: JobStatus };
  }

  async function view(ctx: StaffContext, id: number): Promise<JobView> {
    const row = await own(ctx.db, ctx, id);
    return { ...row, percent: jobPercent(row.status, row.progress, row.total) };
  }

  /** The file of the caller's finished job; none (not finished, failed, or past its keeping): not found. */
  async function file(ctx: StaffContext, id: number): Promise<{ bytes: Buffer; name: string; type: string }> {
    await own(ctx.db, ctx, id);
    const [row] = await ctx.db
      .select({ bytes: jobs.file, name: jobs.fileName, type: jobs.fileType })
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.status, "done")));
    if (!row?.bytes || !row.name || !row.type) throw notFound("admin.job_not_found");
    return { bytes: row.bytes, name: row.name, type: row.type };
  }

  return { enqueue, view, file, specs };
}

export type JobsService = ReturnType<typeof createJobs>;
