// The customer's PDF documents (invoice, credit note, quotation): their download path and file name, the same
// for the server's routes, lists, e-mails and the browser's links (decision 130).
// Path: /documents/<kind>/<ref>.pdf, `?lang=zh` for the Chinese copy. The ref is the order id for an invoice,
// the note's id for a credit note, the id or the number for a quotation.
import type { Lang } from "#core/lang.ts";

export const DOCUMENT_KINDS = ["invoice", "credit-note", "quotation"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The route of a kind's downloads, with the file name (`<ref>.pdf`) as the `:file` parameter. */
export const documentPdfRoute = (kind: DocumentKind) => `/documents/${kind}/:file`;

/** The download path of a document, in `lang` (French without a query). */
export const documentPdfPath = (kind: DocumentKind, ref: number | string, lang: Lang = "fr") =>
  `/documents/${kind}/${encodeURIComponent(String(ref))}.pdf${lang === "zh" ? "?lang=zh" : ""}`;

/** The file name of a document: its number, with `-zh` for the Chinese copy (both can sit in one folder). */
export const pdfFileName = (number: string, lang: Lang) => `${number}${lang === "zh" ? "-zh" : ""}.pdf`;
