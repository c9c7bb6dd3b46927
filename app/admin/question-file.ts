// A file of a question, either way (the customer's or the staff's), as a download for the back office:
// GET /admin/questions/<id>/fichiers/<file id>, for `questions:read` only (a visitor goes to the staff login, another
// role gets 403). The customer's download's headers: its checked type, never rendered as a page; unknown: 404 page.
import type { Route } from "./+types/question-file";
import { isDomainError } from "#core/domain-errors.ts";
import { attachmentRefSchema } from "#core/validation/questions.ts";
import { attachmentHeaders } from "#core/questions.ts";
import { requireStaff } from "./guard.ts";
import { documentNotFound } from "./document-file.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  requireStaff(context, "questions:read");
  const id = Number(params.id);
  const ref = attachmentRefSchema.safeParse({ id: params.file });
  if (!Number.isSafeInteger(id) || id < 1 || !ref.success) return documentNotFound(context.lang);
  try {
    const file = await context.services.staffQuestions.file(context.services.db, id, ref.data.id);
    return new Response(new Uint8Array(file.bytes), { headers: attachmentHeaders(file) });
  } catch (e) {
    if (isDomainError(e) && e.kind === "not_found") return documentNotFound(context.lang);
    throw e;
  }
}
