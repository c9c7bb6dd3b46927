// The dashboard's figures as a CSV file for Excel (decision 153): the same parts the staff member's page shows, the
// chart by the grain asked for. A download, not a page; never cached.
import type { Route } from "./+types/dashboard-export";
import { dashboardParts } from "#core/dashboard/figures.ts";
import { isChartGrain } from "#core/dashboard/periods.ts";
import { calendarDate } from "#core/format-date.ts";
import { requireStaff } from "./guard.ts";
import { fileAttachment } from "./document-file.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "dashboard:read");
  const asked = new URL(request.url).searchParams.get("chart");
  const { dashboard, db } = context.services;
  const figures = await dashboard.figures(db, {
    parts: dashboardParts(staff.roles),
    now: new Date(),
    grain: isChartGrain(asked) ? asked : "day",
    lang: context.lang,
  });
  const csv = dashboard.csv(figures, context.lang);
  return fileAttachment(Buffer.from(csv), `tableau-de-bord-${calendarDate(new Date())}.csv`, "text/csv; charset=utf-8");
}
