// The warehouse's papers as PDF downloads (`/admin/preparation/liste.pdf`, `bons.pdf`, `dossier.pdf`), in the staff
// member's language, for `preparation:read` only: a visitor or a customer's session goes to the staff login, another
// role gets 403. The orders are the ticked ones or a whole day (admin/preparation-paths.ts); a selection refused or
// without any order to print goes back to the page, which says why. Never cached.
import { redirect } from "react-router";
import type { Route } from "./+types/preparation-file";
import { calendarDate } from "#core/format-date.ts";
import { preparationParams, preparationSelectionSchema, type PreparationFile } from "#core/validation/preparation.ts";
import { adminPath, requireStaff } from "./guard.ts";
import { preparationFileOf } from "./preparation-paths.ts";
import { documentNotFound, pdfAttachment } from "./document-file.ts";

const FILE_PREFIX: Record<PreparationFile, string> = { picking: "liste-de-preparation", slips: "bons-de-livraison", all: "preparation" };

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
  const found = await context.services.preparation.pdf(context.services.db, file, parsed.data, lang);
  if (!found) throw back("admin.prep_nothing_found");
  const selection = parsed.data;
  const about = "date" in selection ? selection.date : found.numbers.length === 1 ? found.numbers[0] : calendarDate(new Date());
  return pdfAttachment(found.pdf, `${FILE_PREFIX[file]}-${about}${lang === "zh" ? "-zh" : ""}.pdf`);
}
