// Runs the jobs (core/jobs.ts), one at a time per process. A job is claimed in one statement (FOR UPDATE SKIP LOCKED,
// then a lease): two processes never run the same job. Its progress reports renew the lease, and each report is
// checked against the claim: a worker whose lease ran out (another took the job) stops at its next report and its
// result is not written. A process that dies leaves its lease to run out; the job is then taken again from the start
// (its handlers make files, which a second run makes the same), at most JOB_MAX_ATTEMPTS times. Files are kept
// JOB_KEEP_MS, then dropped (the row stays, as history).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { JOB_KEEP_MS, JOB_LEASE_MS, JOB_MAX_ATTEMPTS, type JobKind } from "#core/jobs.ts";
import type { Lang } from "#core/lang.ts";
import { onJobQueued, type JobSpecs, type RunningJob } from "./jobs.service.ts";

/** Thrown from a report when the job is no longer this worker's. */
class LeaseLost extends Error {}

type Claimed = { id: number; kind: JobKind; staff_id: number; lang: Lang; params: Record<string, unknown>; attempts: number };

export type JobWorkerOptions = {
  pollMs?: number;
  leaseMs?: number;
  /** Least time between two progress writes (a report in between only yields to the event loop). */
  reportMs?: number;
  log?: { warn: (o: object, msg: string) => void; error: (o: object, msg: string) => void };
};

export function createJobWorker(db: Db, specs: JobSpecs, opts: JobWorkerOptions = {}) {
  const { pollMs = 2_000, leaseMs = JOB_LEASE_MS, reportMs = 250 } = opts;
  const log = opts.log ?? { warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };
  const lease = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let running: Promise<boolean> | undefined;
  let again = false;
  let stopped = false;

  const claim = async () =>
    (
      await query<Claimed>(
        db,
        sql`update jobs j set status = 'running', attempts = j.attempts + 1, locked_until = ${lease},
              started_at = coalesce(j.started_at, now())
            from (select id from jobs
                  where status = 'queued' or (status = 'running' and locked_until <= now())
                  order by id limit 1 for update skip locked) due
            where j.id = due.id
            returning j.id, j.kind, j.staff_id, j.lang, j.params, j.attempts`,
      )
    )[0];

  /** This claim still holds the job (same attempt, still running). */
  const mine = (j: Claimed) => sql`id = ${j.id} and status = 'running' and attempts = ${j.attempts}`;

  async function settle(j: Claimed, set: ReturnType<typeof sql>) {
    await query(db, sql`update jobs set ${set}, locked_until = null, finished_at = now() where ${mine(j)}`);
  }

  async function run(j: Claimed) {
    if (j.attempts > JOB_MAX_ATTEMPTS) {
      // its earlier tries died with their process
      await settle(j, sql`status = 'failed', error_key = 'admin.job_failed'`);
      return;
    }
    let last = 0;
    const report = async (done: number, total: number) => {
      await new Promise((resolve) => setImmediate(resolve)); // the requests' turn
      if (stopped) throw new LeaseLost();
      const now = Date.now();
      if (now - last < reportMs && done < total) return;
      last = now;
      const renewed = await query(
        db,
        sql`update jobs set progress = ${Math.max(0, done)}, total = ${Math.max(0, total)}, locked_until = ${lease} where ${mine(j)} returning id`,
      );
      if (renewed.length === 0) throw new LeaseLost();
    };
    const job: RunningJob = { id: j.id, kind: j.kind, staffId: j.staff_id, lang: j.lang, params: j.params };
    try {
      const outcome = await specs[j.kind].run(job, report);
      if ("failure" in outcome) await settle(j, sql`status = 'failed', error_key = ${outcome.failure}`);
      else
        await settle(
          j,
          sql`status = 'done', progress = greatest(progress, coalesce(total, 0)), file = ${outcome.file},
              file_name = ${outcome.name}, file_type = ${outcome.type}`,
        );
    } catch (e) {
      if (e instanceof LeaseLost) {
        // stopping: the job goes back to the queue at once, this try not counted; else another worker has it
        if (stopped) await query(db, sql`update jobs set status = 'queued', locked_until = null, attempts = attempts - 1 where ${mine(j)}`);
        return;
      }
      log.error({ job: j.id, kind: j.kind, attempts: j.attempts, err: String((e as Error)?.message ?? e).slice(0, 300) }, "job failed");
      // tried again by the next claim, until its attempts are spent
      if (j.attempts >= JOB_MAX_ATTEMPTS) await settle(j, sql`status = 'failed', error_key = 'admin.job_failed'`);
      else await query(db, sql`update jobs set status = 'queued', locked_until = null where ${mine(j)}`);
    }
  }

  /** Runs the jobs due now, one after the other; whether any ran. */
  async function runDue(): Promise<boolean> {
    let any = false;
    for (let j = await claim(); j && !stopped; j = await claim()) {
      any = true;
      await run(j);
    }
    await query(
      db,
      sql`update jobs set file = null where file is not null and finished_at < now() - make_interval(secs => ${JOB_KEEP_MS / 1000})`,
    );
    return any;
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDue()
      .catch((e) => {
        log.error({ err: String((e as Error)?.message ?? e) }, "jobs: a pass failed");
        return false;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  }

  return {
    /** Whether it polls (the readiness check's). */
    started: () => !stopped && timer !== undefined,
    /** Polls, and wakes at once when this process queues a job. */
    start() {
      stopped = false;
      unsubscribe = onJobQueued(tick);
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    /** Stops taking jobs; a running job stops at its next report and goes back to the queue. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await running;
    },
    runDue,
  };
}
