// A job's addresses: its page, and the file it made (admin/job.tsx, admin/job-file.ts).
import type { Lang } from "#core/lang.ts";
import { adminPath } from "./guard.ts";

export const jobPath = (lang: Lang, id: number) => adminPath(lang, `/travaux/${id}`);
export const jobFilePath = (lang: Lang, id: number) => adminPath(lang, `/travaux/${id}/fichier`);
