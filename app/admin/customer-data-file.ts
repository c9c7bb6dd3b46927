// A customer's data as a JSON file (decision 147): posted by the customer page's form (customers:write; the export is
// audited, hence a POST), saved by the browser. Never cached; an unknown customer is the 404 page.
import type { Route } from "./+types/customer-data-file";
import { isDomainError } from "#core/domain-errors.ts";
import { staffContext } from "./guard.ts";
import { documentNotFound, fileAttachment } from "./document-file.ts";

export async function action({ context, params }: Route.ActionArgs) {
  const ctx = staffContext(context, "customers:write");
  try {
    const data = await context.services.customerPrivacy.exportData(ctx, params.clientNumber);
    const json = Buffer.from(JSON.stringify(data, null, 2));
    return fileAttachment(json, `client-${data.account.clientNumber}.json`, "application/json; charset=utf-8");
  } catch (e) {
    if (isDomainError(e) && e.kind === "not_found") return documentNotFound(context.lang);
    throw e;
  }
}
