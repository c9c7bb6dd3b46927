import { describe, expect, it } from "vitest";
import { renderDocumentPdf, type DocumentInput } from "./pdf-layout.ts";
import { pdfPages, pdfToText } from "#server/test/pdf-text.ts";

const base = (lang: "fr" | "zh", n = 3): DocumentInput => ({
  kind: "invoice",
  lang,
  customer: { name: "Boulangerie Dupont SARL", lines: ["15 avenue du Général-Leclerc", "94700 Maisons-Alfort"], clientNumber: "C100001" },
  number: "FA2026-000045",
  date: "2026-09-10",
  lines: Array.from({ length: n }, (_, i) => ({
    reference: `SAC-${1000 + i}`,
    designation: i === 0 ? "Sac à pain kraft 1 kg – paquet de 1 000" : `Article ${i} 包装盒`,
    quantity: 4,
    unit: "paquet",
    unitPriceHt: "12.5000",
    discountHt: i === 1 ? "1.00" : "0",
    amountHt: i === 1 ? "49.00" : "50.00",
    vatRate: i === 2 ? "0.0550" : "0.2000",
  })),
  totals: {
    vat: [
      { rate: "0.2000", base: "1234.50", vat: "246.90" },
      { rate: "0.0550", base: "50.00", vat: "2.75" },
    ],
    ht: "1284.50",
    tva: "249.65",
    ttc: "1534.15",
  },
});

describe("renderDocumentPdf", () => {
  it("prints the seller's legal details, the customer, the lines, VAT by rate and the totals (fr)", async () => {
    const pdf = await renderDocumentPdf(base("fr"));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfToText(pdf);
    expect(text).toContain("Facture");
    expect(text).toContain("FA2026-000045");
    expect(text).toContain("10 septembre 2026");
    expect(text).toContain("Comptoir de l'Emballage SAS");
    expect(text).toContain("SIRET 852 419 738 00004");
    expect(text).toContain("FR17852419738");
    expect(text).toContain("Boulangerie Dupont SARL");
    expect(text).toContain("Sac à pain kraft 1 kg – paquet de 1 000");
    expect(text).toContain("12,50 €");
    expect(text).toContain("5,5 %");
    expect(text).toContain("1 234,50 €");
    expect(text).toContain("Total TTC");
    expect(text).toContain("1 534,15 €");
    expect(text).toContain("Page 1/1");
  });

  it("names the unit in the plural the quantity asks for", async () => {
    const doc = base("fr", 2);
    const lines = [
      { ...doc.lines[0], quantity: 10, unit: "carton" },
      { ...doc.lines[1], quantity: 1, unit: "rouleau" },
    ];
    const text = await pdfToText(await renderDocumentPdf({ ...doc, lines }));
    expect(text).toContain("cartons");
    expect(text).not.toMatch(/\bcarton\b/);
    expect(text).toMatch(/\brouleau\b/);
    expect(text).not.toContain("rouleaux");
  });

  it("writes Chinese with the embedded CJK font (zh)", async () => {
    const text = await pdfToText(await renderDocumentPdf(base("zh")));
    expect(text).toContain("发票");
    expect(text).toContain("含税总计");
    expect(text).toContain("€1,534.15");
    expect(text).toContain("包装盒");
    expect(text).toContain("第 1 页，共 1 页");
    // the unit code a line keeps ("paquet") named in the document's language: only the designation says "paquet"
    expect(text.match(/paquet/g)).toHaveLength(1);
    expect(text).toMatch(/4\s+包\s/);
    expect(text).not.toContain("\ufffd");
  });

  it("reads back text the font sets as ligatures (a payment id with ff in it)", async () => {
    // The CJK font joins "ff" into one glyph mapped to two code points: every id must still read back whole.
    for (const lang of ["zh", "fr"] as const) {
      const input = base(lang);
      const id = "txn_sbx_c3bc7be2acdc9bdfffda";
      const pdf = await renderDocumentPdf({
        ...input,
        extra: { blocks: [{ title: "Paiement", rows: [{ label: "Transaction", value: id }] }] },
      });
      const text = await pdfToText(pdf);
      expect(text).toContain(id);
      expect(text).not.toContain("\ufffd");
    }
  });

  it("keeps the terms on the page of the totals, whatever the number of lines", async () => {
    const terms = "Pas d'escompte pour paiement anticipé. En cas de retard de paiement : pénalités de retard.";
    for (let n = 1; n <= 70; n += 3) {
      const pdf = await renderDocumentPdf({ ...base("fr", n), extra: { notes: [terms] } });
      // each page's text ends with its footer's "Page k/N"
      const pages = (await pdfToText(pdf)).split(/Page \d+\/\d+/);
      const withTerms = pages.find((p) => p.includes("pénalités de retard"));
      expect(withTerms, `${n} lines`).toContain("Total TTC");
    }
  });

  it("breaks long tables over pages, with the footer on each", async () => {
    const pdf = await renderDocumentPdf(base("fr", 60));
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = await pdfToText(pdf);
    expect(text).toContain(`Page ${pages}/${pages}`);
    expect(text).toContain("SAC-1059");
  });
});
