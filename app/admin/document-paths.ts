// The order's documents as the back office downloads them (admin/order-invoice.ts, admin/credit-note-file.ts): the
// customer's very PDFs, under the staff member's language prefix.
import type { Lang } from "#core/lang.ts";
import { adminPath } from "./guard.ts";

/** An order's invoice: `/admin/commandes/CE2026-000123/facture.pdf`. */
export const adminInvoicePath = (lang: Lang, orderNumber: string) =>
  adminPath(lang, `/commandes/${encodeURIComponent(orderNumber)}/facture.pdf`);

/** A credit note by its number: `/admin/avoirs/AV2026-000007.pdf`. */
export const adminCreditNotePath = (lang: Lang, number: string) => adminPath(lang, `/avoirs/${encodeURIComponent(number)}.pdf`);

/** The credit note's number a file name (`<number>.pdf`) names, or null. */
export const creditNoteNumberOf = (file: string | undefined): string | null => /^([A-Za-z0-9-]{1,40})\.pdf$/.exec(file ?? "")?.[1] ?? null;
