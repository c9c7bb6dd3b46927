// A round sheet as a PDF download (decision 138): GET /admin/livraisons/tournee/<date>/<zone> (and under /zh, in
// Chinese), for the roles that see the board; an unknown date or zone is the 404 page. Never cached.
import type { Route } from "./+types/round-sheet";
import { isIsoDate } from "#core/aftersales/deliveries.ts";
import { requireStaff } from "./guard.ts";
import { documentNotFound, pdfDownload } from "./document-file.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  requireStaff(context, "planning:read");
  if (!isIsoDate(params.date)) return documentNotFound(context.lang);
  const { db, planning } = context.services;
  const zh = context.lang === "zh" ? "-zh" : "";
  const sheet = planning.roundSheet(db, params.date, params.zone, context.lang);
  return pdfDownload(
    context.lang,
    sheet.then(({ name, pdf }) => ({ pdf, fileName: `tournee-${name}${zh}.pdf` })),
  );
}
