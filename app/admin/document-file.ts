// The answers of the back office's document downloads (admin/order-invoice.ts, admin/credit-note-file.ts): the PDF
// as an attachment named as the customer's copy, or the 404 page in the staff member's language. Never cached.
import { isDomainError } from "#core/domain-errors.ts";
import { pdfFileName } from "#core/documents/pdf-url.ts";
import { errorPage } from "#core/error-page.ts";
import type { Lang } from "#core/lang.ts";

const NEVER_CACHED = { "cache-control": "private, no-store", "x-content-type-options": "nosniff" };

/** The 404 page: an unknown document, or a name that cannot be one. */
export const documentNotFound = (lang: Lang) =>
  new Response(errorPage(lang, 404), {
    status: 404,
    statusText: "Not Found",
    headers: { "content-type": "text/html; charset=utf-8", ...NEVER_CACHED },
  });

/** The rendered document as a download; its service's not_found is the 404 page. */
export async function documentDownload(lang: Lang, rendering: Promise<{ number: string; pdf: Buffer }>): Promise<Response> {
  try {
    const { number, pdf } = await rendering;
    return new Response(new Uint8Array(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${pdfFileName(number, lang)}"`,
        ...NEVER_CACHED,
      },
    });
  } catch (e) {
    if (isDomainError(e) && e.kind === "not_found") return documentNotFound(lang);
    throw e;
  }
}
