// The newsletter's subscribers as a CSV file for Excel (core/csv.ts): address, date of subscription (the shop's
// calendar day), language; the header row in the staff member's language.
import { csvText } from "#core/csv.ts";
import { calendarDate } from "#core/format-date.ts";
import { translate } from "#core/i18n/translate.ts";
import type { Lang } from "#core/lang.ts";

export type Subscriber = { email: string; lang: string; created_at: Date | string };

export function subscribersCsv(rows: readonly Subscriber[], lang: Lang): string {
  const head = ["email", "date", "lang"].map((k) => translate(lang, `admin.newsletter_csv_${k}`));
  return csvText([head, ...rows.map((r) => [r.email, calendarDate(r.created_at), r.lang])]);
}
