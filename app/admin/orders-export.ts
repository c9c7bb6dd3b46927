// The order queue's export: the ticked orders as a CSV file for Excel, sent by the queue's form straight to this
// address (a download, not a page). Reading orders is enough (core/orders/bulk.ts); a refused form gets its message
// as text.
import type { Route } from "./+types/orders-export";
import { BULK_PERMISSION } from "#core/orders/bulk.ts";
import { orderBulkSchema } from "#core/validation/order-bulk.ts";
import { calendarDate } from "#core/format-date.ts";
import { translate } from "#core/i18n/translate.ts";
import { requireStaff } from "./guard.ts";
import { formFields } from "./form.ts";

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, BULK_PERMISSION.export);
  const parsed = orderBulkSchema.safeParse({ ...(await formFields(request)), intent: "export" });
  if (!parsed.success)
    return new Response(translate(context.lang, parsed.error.issues[0].message), {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const csv = await context.services.orderBulk.exportCsv(context.services.db, parsed.data.order, context.lang);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="commandes-${calendarDate(new Date())}.csv"`,
    },
  });
}
