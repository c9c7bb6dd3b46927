// The newsletter's subscribers as a CSV file for Excel (decision 147): posted by the customers list's form
// (customers:read; audited with the count), saved by the browser. Never cached.
import type { Route } from "./+types/newsletter-export";
import { calendarDate } from "#core/format-date.ts";
import { staffContext } from "./guard.ts";
import { fileAttachment } from "./document-file.ts";

export async function action({ context }: Route.ActionArgs) {
  const ctx = staffContext(context, "customers:read");
  const csv = await context.services.customerPrivacy.newsletterCsv(ctx);
  return fileAttachment(Buffer.from(csv), `newsletter-${calendarDate(new Date())}.csv`, "text/csv; charset=utf-8");
}
