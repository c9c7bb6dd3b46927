// Back-office jobs (core/jobs.ts): asked for by a staff member (audited, their kind's permission), run once by one
// worker outside any request, their progress and file kept; a failure tried again then given up; a job whose worker
// died taken again when its lease runs out, and a worker that lost its lease writing nothing. On PostgreSQL, two
// workers on separate connections share the queue without running a job twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStaff } from "#server/test/staff.ts";
import { eq, sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { auditLog, jobs } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { JOB_MAX_ATTEMPTS } from "#core/jobs.ts";
import { createJobs, type JobOutcome, type JobSpecs, type RunningJob } from "./jobs.service.ts";
import { createJobWorker } from "./jobs.worker.ts";

const quiet = { warn: () => undefined, error: () => undefined };

describe.each(testDbKinds())("back-office jobs (%s)", (kind) => {
  let d: Database;
  /** What the test's job does: its runs counted by job id. */
  let behaviour: (job: RunningJob, report: (done: number, total: number) => Promise<void>) => Promise<JobOutcome>;
  const runs = new Map<number, number>();
  const specs: JobSpecs = {
    preparation_pdf: {
      permission: "preparation:read",
      run: async (job, report) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        return behaviour(job, report);
      },
    },
    catalogue_import: { permission: "catalogue:import", run: async () => ({ failure: "admin.job_failed" }) },
  };
  const service = createJobs(specs);
  const worker = () => createJobWorker(d.db, specs, { log: quiet, reportMs: 0 });

  const ctxOf = (who: string) => demoStaff(d.db, who);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const row = async (id: number) => (await d.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const makes = (text: string) => async (_: RunningJob, report: (done: number, total: number) => Promise<void>) => {
    for (let i = 1; i <= 4; i++) await report(i, 4);
    return { file: Buffer.from(text), name: "fichier.txt", type: "text/plain" };
  };

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
  }, 120_000);
  afterAll(async () => {
    await d?.close();
  });

  it("is asked for by its kind's permission, audited, and seen by its asker only; run once, its progress and file kept", async () => {
    const warehouse = await ctxOf("entrepot");
    const planner = await ctxOf("planning");
    expect(await refusal(service.enqueue(await ctxOf("catalogue"), "preparation_pdf", { date: "2031-03-04" }))).toBe(
      "admin.permission_denied",
    );
    const id = await service.enqueue(warehouse, "preparation_pdf", { file: "picking", date: "2031-03-04" });
    const [audit] = await d.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit).toMatchObject({ entity: "job", action: "queue", staffId: warehouse.staff.id });
    expect(await service.view(warehouse, id)).toMatchObject({ status: "queued", percent: 0, file_name: null });
    // another staff member, even one who may read the kind, does not see it
    expect(await refusal(service.view(planner, id))).toBe("admin.job_not_found");
    expect(await refusal(service.file(warehouse, id))).toBe("admin.job_not_found");

    behaviour = makes("la liste");
    expect(await worker().runDue()).toBe(true);
    expect(runs.get(id)).toBe(1);
    expect(await service.view(warehouse, id)).toMatchObject({
      status: "done",
      percent: 100,
      progress: 4,
      total: 4,
      file_name: "fichier.txt",
    });
    const file = await service.file(warehouse, id);
    expect(file).toMatchObject({ name: "fichier.txt", type: "text/plain" });
    expect(file.bytes.toString()).toBe("la liste");
    expect(await refusal(service.file(planner, id))).toBe("admin.job_not_found");
    expect(await worker().runDue()).toBe(false); // nothing left
    expect(runs.get(id)).toBe(1);
  });

  it("ends without a file with the reason its handler gives", async () => {
    const warehouse = await ctxOf("entrepot");
    const id = await service.enqueue(warehouse, "preparation_pdf", {});
    behaviour = async () => ({ failure: "admin.prep_nothing_found" });
    await worker().runDue();
    expect(await service.view(warehouse, id)).toMatchObject({ status: "failed", error_key: "admin.prep_nothing_found" });
    expect(await refusal(service.file(warehouse, id))).toBe("admin.job_not_found");
  });

  it("tries a failing job again, then gives it up with a message that says nothing of the error", async () => {
    const warehouse = await ctxOf("entrepot");
    const id = await service.enqueue(warehouse, "preparation_pdf", {});
    behaviour = async () => {
      throw new Error("secret internals");
    };
    await worker().runDue();
    expect(runs.get(id)).toBe(JOB_MAX_ATTEMPTS);
    expect(await row(id)).toMatchObject({ status: "failed", errorKey: "admin.job_failed", attempts: JOB_MAX_ATTEMPTS, lockedUntil: null });
  });

  it("takes again a job whose worker died once its lease ran out, never one still leased", async () => {
    const warehouse = await ctxOf("entrepot");
    const id = await service.enqueue(warehouse, "preparation_pdf", {});
    // claimed by a process that died: running, leased for a while yet
    await query(d.db, sql`update jobs set status = 'running', attempts = 1, locked_until = now() + interval '1 minute' where id = ${id}`);
    behaviour = makes("repris");
    await worker().runDue();
    expect(runs.get(id)).toBeUndefined();
    await query(d.db, sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`);
    await worker().runDue();
    expect(runs.get(id)).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
    expect((await service.file(warehouse, id)).bytes.toString()).toBe("repris");
  });

  it("a worker whose job was taken by another (its lease ran out) stops at its next report and writes nothing", async () => {
    const warehouse = await ctxOf("entrepot");
    const id = await service.enqueue(warehouse, "preparation_pdf", {});
    behaviour = async (job, report) => {
      await report(1, 3);
      // meanwhile another worker claimed it (its lease having run out)
      await query(d.db, sql`update jobs set attempts = attempts + 1, progress = 0 where id = ${job.id}`);
      await report(2, 3);
      return { file: Buffer.from("perdu"), name: "x.txt", type: "text/plain" };
    };
    await worker().runDue();
    expect(await row(id)).toMatchObject({ status: "running", progress: 0, file: null, fileName: null });
  });

  it("two workers sharing the queue run each job exactly once", async () => {
    const warehouse = await ctxOf("entrepot");
    await query(d.db, sql`update jobs set status = 'failed' where status in ('queued', 'running')`);
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => service.enqueue(warehouse, "preparation_pdf", {})));
    behaviour = async (job, report) => {
      for (let i = 1; i <= 3; i++) {
        await query(d.db, sql`select pg_sleep(0.01)`);
        await report(i, 3);
      }
      return { file: Buffer.from(`job ${job.id}`), name: "f.txt", type: "text/plain" };
    };
    await Promise.all([worker().runDue(), worker().runDue()]);
    for (const id of ids) {
      expect(runs.get(id)).toBe(1);
      expect(await row(id)).toMatchObject({ status: "done", attempts: 1 });
    }
  });
});
