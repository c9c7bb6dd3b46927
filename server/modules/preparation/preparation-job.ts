// A whole day's preparation papers as a job (core/jobs.ts): a day of several hundred orders takes seconds to draw,
// never inside a request. The job's params are the preparation page's choice (which papers, the day, a mode).
import type { Db } from "#server/db/client.ts";
import { preparationFileName, preparationJobSchema } from "#core/validation/preparation.ts";
import type { JobSpec } from "#server/modules/jobs/jobs.service.ts";
import type { PreparationService } from "./preparation.service.ts";

export const preparationJob = (db: Db, preparation: PreparationService): JobSpec => ({
  permission: "preparation:read",
  async run(job, report) {
    const asked = preparationJobSchema.safeParse(job.params);
    if (!asked.success) return { failure: "admin.prep_selection_invalid" };
    const { file, date, mode } = asked.data;
    const found = await preparation.pdf(db, file, { date, mode }, job.lang, { step: report });
    if (!found) return { failure: "admin.prep_nothing_found" };
    return { file: found.pdf, name: preparationFileName(file, date, job.lang), type: "application/pdf" };
  },
});
