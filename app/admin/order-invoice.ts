// An order's invoice as a PDF download for the back office: GET /admin/commandes/<number>/facture.pdf (and under /zh,
// in Chinese), for `invoices:read` only (a visitor goes to the staff login, another role gets 403). The very
// document the customer downloads (same renderer over the frozen contents, same file name); an unknown order or one
// not invoiced yet is the 404 page.
import type { Route } from "./+types/order-invoice";
import { requireStaff } from "./guard.ts";
import { documentDownload } from "./document-file.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  requireStaff(context, "invoices:read");
  const { db, documents } = context.services;
  return documentDownload(context.lang, documents.staffInvoicePdf(db, params.number, context.lang));
}
