import { describe, expect, it } from "vitest";
import { DOCUMENT_KINDS, documentPdfPath, documentPdfRoute, pdfFileName } from "./pdf-url.ts";

describe("document PDF paths and file names", () => {
  it("builds /documents/<kind>/<ref>.pdf, ?lang=zh for Chinese, the ref escaped", () => {
    expect(documentPdfPath("invoice", 12)).toBe("/documents/invoice/12.pdf");
    expect(documentPdfPath("credit-note", 3, "fr")).toBe("/documents/credit-note/3.pdf");
    expect(documentPdfPath("quotation", "DV2026-000012", "zh")).toBe("/documents/quotation/DV2026-000012.pdf?lang=zh");
    expect(documentPdfPath("quotation", "a/b")).toBe("/documents/quotation/a%2Fb.pdf");
  });

  it("routes each kind at the paths it builds", () => {
    for (const kind of DOCUMENT_KINDS) expect(documentPdfPath(kind, 1).replace(/[^/]+\.pdf$/, ":file")).toBe(documentPdfRoute(kind));
  });

  it("names the file after the number, -zh for the Chinese copy", () => {
    expect(pdfFileName("FA2026-000045", "fr")).toBe("FA2026-000045.pdf");
    expect(pdfFileName("FA2026-000045", "zh")).toBe("FA2026-000045-zh.pdf");
  });
});
