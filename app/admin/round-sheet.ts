// A round sheet as a PDF download (decision 138): GET /admin/livraisons/tournee/<date>/<zone> (and under /zh, in
// Chinese), for the roles that see the board; an unknown date or zone is the 404 page. Never cached.
import type { Route } from "./+types/round-sheet";
import { isIsoDate } from "#core/aftersales/deliveries.ts";
import { notFoundResponse, orNotFound } from "#app/lib/loader-errors.ts";
import { requireStaff } from "./guard.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  requireStaff(context, "planning:read");
  if (!isIsoDate(params.date)) throw notFoundResponse();
  const { db, planning } = context.services;
  const { name, pdf } = await orNotFound(planning.roundSheet(db, params.date, params.zone, context.lang));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="tournee-${name}${context.lang === "zh" ? "-zh" : ""}.pdf"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
