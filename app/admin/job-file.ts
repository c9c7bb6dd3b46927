// The file a back-office job made (admin/job.tsx), for the staff member who asked for it only: an unknown job,
// another's, one not finished or past its keeping is the 404 page. Never cached.
import type { Route } from "./+types/job-file";
import { isDomainError } from "#core/domain-errors.ts";
import { staffContext } from "./guard.ts";
import { documentNotFound, fileAttachment } from "./document-file.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = staffContext(context);
  if (!/^[1-9]\d{0,15}$/.test(params.id)) return documentNotFound(context.lang);
  try {
    const { bytes, name, type } = await context.services.jobs.file(ctx, Number(params.id));
    return fileAttachment(bytes, name, type);
  } catch (e) {
    if (isDomainError(e) && e.kind === "not_found") return documentNotFound(context.lang);
    throw e;
  }
}
