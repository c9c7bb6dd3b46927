// The accounting export's file (decision 146): GET /admin/comptabilite/export?from=…&to=… answers the period's journal
// entries as a CSV for the accountant's software (a download, no page). For `accounting:export` only; a refused period
// gets its message as text.
import type { Route } from "./+types/accounting-export";
import { accountingPeriodSchema } from "#core/validation/accounting.ts";
import { isDomainError } from "#core/domain-errors.ts";
import { translate } from "#core/i18n/translate.ts";
import { requireStaff } from "./guard.ts";

const refusal = (text: string) => new Response(text, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, "accounting:export");
  const params = new URL(request.url).searchParams;
  const parsed = accountingPeriodSchema.safeParse({ from: params.get("from") ?? "", to: params.get("to") ?? "" });
  if (!parsed.success) return refusal(translate(context.lang, parsed.error.issues[0].message));
  const { from, to } = parsed.data;
  try {
    const csv = await context.services.accounting.csv(context.services.db, parsed.data);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="ecritures-${from}-${to}.csv"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return refusal(translate(context.lang, e.key, e.vars));
  }
}
