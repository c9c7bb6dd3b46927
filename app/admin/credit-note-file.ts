// A credit note as a PDF download for the back office: GET /admin/avoirs/<number>.pdf (and under /zh, in Chinese),
// for `credit_notes:read` only (a visitor goes to the staff login, another role gets 403). The very document the
// customer downloads (same renderer, same file name); a name that is no credit note's number is the 404 page.
import type { Route } from "./+types/credit-note-file";
import { requireStaff } from "./guard.ts";
import { creditNoteNumberOf } from "./document-paths.ts";
import { documentDownload, documentNotFound } from "./document-file.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  requireStaff(context, "credit_notes:read");
  const number = creditNoteNumberOf(params.file);
  if (!number) return documentNotFound(context.lang);
  const { db, documents } = context.services;
  return documentDownload(context.lang, documents.staffCreditNotePdf(db, number, context.lang));
}
