// The quotation PDF in fr or zh (issue 12 item 2; decision 080), drawn with pdfkit. Chinese text needs a CJK
// font: Noto Sans SC from npm (@expo-google-fonts/noto-sans-sc), embedded as a subset. The layout is
// `drawDocument` below, a small "document = header, parties, table, totals, note" shape, so that switching
// to the shared documents layout (server/modules/documents, h-docs) replaces one call.
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice, formatUnitPrice } from "#core/money.ts";
import type { QuotationDetail } from "./quotations.service.ts";

const require = createRequire(import.meta.url);
/** Resolved once; a missing font is a deployment error, reported at the first Chinese document. */
const CJK_FONT = (() => {
  try {
    return require.resolve("@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf");
  } catch {
    return null;
  }
})();

export type PdfParty = { lines: string[] };
export type PdfDocumentModel = {
  lang: Lang;
  title: string;
  number: string;
  meta: string[];
  seller: PdfParty;
  buyer: PdfParty & { heading: string };
  columns: { label: string; width: number; align?: "left" | "right" }[];
  rows: string[][];
  totals: [string, string][];
  note: string;
  pageLabel: (page: number, count: number) => string;
};

/** Spaces a PDF font may lack (narrow no-break space of French prices) become plain spaces. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

/** Draws a document and resolves with the PDF bytes. */
export function drawDocument(m: PdfDocumentModel): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 40, bufferPages: true, info: { Title: `${m.title} ${m.number}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  if (m.lang === "zh") {
    if (!CJK_FONT) throw new Error("CJK font missing: @expo-google-fonts/noto-sans-sc");
    doc.registerFont("body", CJK_FONT);
    doc.registerFont("bold", CJK_FONT);
  } else {
    doc.registerFont("body", "Helvetica");
    doc.registerFont("bold", "Helvetica-Bold");
  }
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // Header: seller on the left, title and number on the right.
  doc
    .font("bold")
    .fontSize(14)
    .fillColor("#0b3d5c")
    .text(plain(m.seller.lines[0] ?? ""), left, 40, { width: width / 2 });
  doc.font("body").fontSize(9).fillColor("#333333");
  for (const l of m.seller.lines.slice(1)) doc.text(plain(l), { width: width / 2 });
  doc
    .font("bold")
    .fontSize(20)
    .fillColor("#0b3d5c")
    .text(plain(`${m.title} ${m.number}`), left + width / 2, 40, { width: width / 2, align: "right" });
  doc.font("body").fontSize(10).fillColor("#333333");
  for (const l of m.meta) doc.text(plain(l), left + width / 2, undefined, { width: width / 2, align: "right" });

  // Buyer.
  const y = Math.max(doc.y, 120) + 16;
  doc
    .font("bold")
    .fontSize(10)
    .text(plain(m.buyer.heading), left + width / 2, y, { width: width / 2 });
  doc.font("body");
  for (const l of m.buyer.lines) doc.text(plain(l), left + width / 2, undefined, { width: width / 2 });

  // Table.
  let rowY = doc.y + 20;
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? "bold" : "body").fontSize(8.5);
    const heights = cells.map((c, i) => doc.heightOfString(plain(c), { width: m.columns[i].width - 6 }));
    const h = Math.max(...heights) + 6;
    if (rowY + h > doc.page.height - doc.page.margins.bottom - 30) {
      doc.addPage();
      rowY = doc.page.margins.top;
    }
    let x = left;
    cells.forEach((c, i) => {
      const col = m.columns[i];
      doc.text(plain(c), x + 3, rowY + 3, { width: col.width - 6, align: col.align ?? "left" });
      x += col.width;
    });
    rowY += h;
    doc
      .moveTo(left, rowY)
      .lineTo(left + width, rowY)
      .strokeColor(bold ? "#0b3d5c" : "#cccccc")
      .lineWidth(bold ? 1 : 0.5)
      .stroke();
  };
  drawRow(
    m.columns.map((c) => c.label),
    true,
  );
  for (const r of m.rows) drawRow(r, false);

  // Totals.
  rowY += 12;
  for (const [label, value] of m.totals) {
    if (rowY + 16 > doc.page.height - doc.page.margins.bottom - 30) {
      doc.addPage();
      rowY = doc.page.margins.top;
    }
    doc
      .font("bold")
      .fontSize(10)
      .text(plain(label), left + width / 2, rowY, { width: width / 4, align: "right" });
    doc.font("body").text(plain(value), left + (3 * width) / 4, rowY, { width: width / 4, align: "right" });
    rowY += 16;
  }
  doc
    .font("body")
    .fontSize(8.5)
    .fillColor("#555555")
    .text(plain(m.note), left, rowY + 16, { width });

  // Page numbers.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.height - doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("body")
      .fontSize(8)
      .fillColor("#777777")
      .text(plain(m.pageLabel(i + 1, range.count)), left, bottom + 10, { width, align: "center" });
  }
  doc.end();
  return done;
}

export type PdfShop = { brand: string; address: string; phone: string; email: string };
export type PdfCustomer = { name: string; company: string | null; clientNumber: string; email: string };

/** The quotation as a PDF document model in `lang`. */
export function quotationDocument(qt: QuotationDetail, customer: PdfCustomer, shop: PdfShop, lang: Lang): PdfDocumentModel {
  const t = (k: string, v?: Record<string, string | number>) => translate(lang, `quotations.${k}`, v);
  const day = (d: string | null) => (d ? formatDate(d, lang) : "—");
  return {
    lang,
    title: t("pdf_title"),
    number: qt.number,
    meta: [t("date", { date: day(qt.created_at) }), t("valid_until", { date: day(qt.valid_until) })],
    seller: { lines: [shop.brand, shop.address, shop.phone, shop.email] },
    buyer: {
      heading: t("pdf_customer"),
      lines: [customer.company, customer.name, t("pdf_client_number", { number: customer.clientNumber }), customer.email].filter(
        (x): x is string => !!x,
      ),
    },
    columns: [
      { label: t("col_reference"), width: 126 },
      { label: t("col_designation"), width: 124 },
      { label: t("col_unit_price"), width: 62, align: "right" },
      { label: t("col_quantity"), width: 42, align: "right" },
      { label: t("col_remise"), width: 50, align: "right" },
      { label: t("col_vat"), width: 33, align: "right" },
      { label: t("col_amount"), width: 78, align: "right" },
    ],
    rows: qt.lines.map((l) => [
      l.reference,
      l.designation,
      formatUnitPrice(l.price, lang),
      String(l.num),
      l.remise === "0.00" ? "—" : formatPrice(l.remise, lang),
      `${(Number(l.tva) * 100).toLocaleString(lang === "zh" ? "zh-CN" : "fr-FR", { maximumFractionDigits: 2 })} %`,
      formatPrice(l.amount, lang),
    ]),
    totals: [
      [t("total_ht"), formatPrice(qt.total_ht, lang, "HT")],
      [t("total_tva"), formatPrice(qt.total_tva, lang)],
      [t("total_ttc"), formatPrice(qt.total_ttc, lang, "TTC")],
    ],
    note: t("pdf_validity_note", { date: day(qt.valid_until) }),
    pageLabel: (page, count) => t("pdf_page", { page, count }),
  };
}

export function quotationPdf(qt: QuotationDetail, customer: PdfCustomer, shop: PdfShop, lang: Lang): Promise<Buffer> {
  return drawDocument(quotationDocument(qt, customer, shop, lang));
}
