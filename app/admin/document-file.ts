// The answers of the back office's PDF downloads (invoices, credit notes, preparation papers, round sheets): the PDF
// as an attachment, or the 404 page in the staff member's language. Never cached.
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

/** A file to save under `fileName` (a name the server made: no quote or line break in it). */
export const fileAttachment = (bytes: Buffer, fileName: string, type: string) =>
  new Response(new Uint8Array(bytes), {
    headers: { "content-type": type, "content-disposition": `attachment; filename="${fileName}"`, ...NEVER_CACHED },
  });

/** A PDF to save under `fileName`. */
export const pdfAttachment = (pdf: Buffer, fileName: string) => fileAttachment(pdf, fileName, "application/pdf");

/** The rendered PDF as a download; its service's not_found is the 404 page. */
export async function pdfDownload(lang: Lang, rendering: Promise<{ pdf: Buffer; fileName: string }>): Promise<Response> {
  try {
    const { pdf, fileName } = await rendering;
    return pdfAttachment(pdf, fileName);
  } catch (e) {
    if (isDomainError(e) && e.kind === "not_found") return documentNotFound(lang);
    throw e;
  }
}

/** An invoice or a credit note, named as the customer's copy. */
export const documentDownload = (lang: Lang, rendering: Promise<{ number: string; pdf: Buffer }>) =>
  pdfDownload(
    lang,
    rendering.then(({ number, pdf }) => ({ pdf, fileName: pdfFileName(number, lang) })),
  );
