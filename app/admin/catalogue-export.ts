// The catalogue as a CSV (decision 152): GET /admin/catalogue/export.csv answers every model in the import's format,
// so that staff edit it in Excel and import it back (a file imported unchanged changes nothing). A download, no page;
// for `catalogue:import`. Made in the request: one query over the catalogue (≈ 8,000 models, well under a second).
import type { Route } from "./+types/catalogue-export";
import { calendarDate } from "#core/format-date.ts";
import { requireStaff } from "./guard.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, "catalogue:import");
  const csv = await context.services.catalogueImport.exportCsv(context.services.db);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="catalogue-${calendarDate(new Date())}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
