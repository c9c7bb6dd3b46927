// The warehouse's papers as PDF downloads (`/admin/preparation/liste.pdf`, `bons.pdf`, `dossier.pdf`), in the staff
// member's language, for `preparation:read` only: a visitor or a customer's session goes to the staff login, another
// role gets 403. The orders are the ticked ones (admin/preparation-paths.ts; a whole day is a job's, preparation.tsx);
// a selection refused or without any order to print goes back to the page, which says why. Never cached.
import { redirect } from "react-router";
import type { Route } from "./+types/preparation-file";
import { calendarDate } from "#core/format-date.ts";
import { preparationFileName, preparationParams, preparationSelectionSchema } from "#core/validation/preparation.ts";
import { adminPath, requireStaff } from "./guard.ts";
import { preparationFileOf } from "./preparation-paths.ts";
import { documentNotFound, pdfAttachment } from "./document-file.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  requireStaff(context, "preparation:read");
  const file = preparationFileOf(params.file);
  const { lang } = context;
  if (!file) return documentNotFound(lang);
  const search = new URL(request.url).searchParams;
  /** Back to the page with its filters and the refusal's key. */
  const back = (key: string) => {
    const q = new URLSearchParams();
    for (const k of ["date", "mode"]) if (search.get(k)) q.set(k, search.get(k)!);
    q.set("refused", key);
    return redirect(`${adminPath(lang, "/preparation")}?${q}`);
  };
  const parsed = preparationSelectionSchema.safeParse(preparationParams(search));
  if (!parsed.success) throw back(parsed.error.issues[0].message);
  const selection = parsed.data;
  // a whole day is made by a job (never inside a request): its page asks for it
  if ("date" in selection) throw back("admin.prep_day_by_job");
  const found = await context.services.preparation.pdf(context.services.db, file, selection, lang);
  if (!found) throw back("admin.prep_nothing_found");
  const about = found.numbers.length === 1 ? found.numbers[0] : calendarDate(new Date());
  return pdfAttachment(found.pdf, preparationFileName(file, about, lang));
}
