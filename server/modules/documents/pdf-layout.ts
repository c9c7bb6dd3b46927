// One A4 layout for every commercial document (invoice, credit note, quotation; decision 079): seller header
// with the legal details, document title/number/date, customer block, extra facts (order, payment, validity…),
// the lines table HT, VAT by rate, totals HT/TVA/TTC, notes, and a footer with the legal mentions and page
// numbers on every page. fr and zh; Noto Sans SC (from npm) for both languages so one font covers French
// accents, "€" and Chinese; its bytes are read once per process.
//
// Stable API (used by quotations too): renderDocumentPdf(input) → Promise<Buffer>. The back office's sheets (round
// sheets) print with the same font and text rule: documentFonts(), pdfText().
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { translate, unitName, type Lang } from "#core/i18n/messages.ts";
import { decOrZero } from "#core/money.ts";
import { formatPrice, formatUnitPrice, formatAmount } from "#core/price-format.ts";
import { formatRate } from "#core/vat.ts";
import { formatDate, type DateInput } from "#core/format-date.ts";
import { SELLER, formatSiret, type Seller } from "#core/documents/seller.ts";

export type DocumentKind = "invoice" | "credit_note" | "quotation";

export type DocumentCustomer = {
  /** Company (or person) name, first line of the block. */
  name: string;
  /** Address lines (and anything else to print under the name). */
  lines: readonly string[];
  clientNumber?: string | null;
  siret?: string | null;
};

export type DocumentLine = {
  reference: string;
  designation: string;
  quantity: number | string;
  unit: string;
  /** Unit price HT, up to 4 decimals. */
  unitPriceHt: string;
  /** Discount HT on the line (0 or absent: shown as "–"). */
  discountHt?: string | null;
  /** Line amount HT (net of its discount). */
  amountHt: string;
  /** VAT rate as a fraction: "0.2000". */
  vatRate: string;
};

/**
 * A charged line, followed by the units its promotion offers at no charge ("… (gratuit)"), as invoices and
 * quotations print them (decision 086): the delivery matches the document.
 */
export function chargedLineRows(lang: Lang, line: DocumentLine, giftedUnits: number): DocumentLine[] {
  if (giftedUnits <= 0) return [line];
  const gifted = {
    reference: line.reference,
    designation: translate(lang, "documents.gifted_line", { designation: line.designation }),
    quantity: giftedUnits,
    unit: line.unit,
    unitPriceHt: "0",
    amountHt: "0.00",
    vatRate: line.vatRate,
  };
  return [line, gifted];
}

export type DocumentTotals = {
  /** Optional rows before the totals: goods, freight, discount… (label already translated, amount HT). */
  rows?: readonly { label: string; amount: string }[];
  /** VAT by rate ({ rate fraction, base HT, vat }), e.g. vatBreakdown() of core/order-view.ts. */
  vat: readonly { rate: string; base: string; vat: string }[];
  ht: string;
  tva: string;
  ttc: string;
  /** Optional rows after TTC (credit note used, amount paid, remaining balance…), amounts TTC. */
  after?: readonly { label: string; amount: string; bold?: boolean }[];
};

export type DocumentInput = {
  kind: DocumentKind;
  lang: Lang;
  /** Defaults to SELLER (core/documents/seller.ts). */
  seller?: Seller;
  customer: DocumentCustomer;
  number: string;
  date: DateInput;
  lines: readonly DocumentLine[];
  totals: DocumentTotals;
  extra?: {
    /** Facts printed beside the customer block: [label, value] already translated. */
    facts?: readonly { label: string; value: string }[];
    /** A titled block under the totals (payment details…). */
    blocks?: readonly { title: string; rows: readonly { label: string; value: string }[] }[];
    /** Paragraphs at the end (terms, validity, legal mentions). */
    notes?: readonly string[];
    /** Overrides the title ("Facture", "Avoir", "Devis"). */
    title?: string;
  };
};

const FONT = "@expo-google-fonts/noto-sans-sc";
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The font bytes, read once per process (about 10 MB each; pdfkit embeds only the glyphs used). */
export function documentFonts(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = {
      regular: readFileSync(require.resolve(`${FONT}/400Regular/NotoSansSC_400Regular.ttf`)),
      bold: readFileSync(require.resolve(`${FONT}/700Bold/NotoSansSC_700Bold.ttf`)),
    };
  }
  return fonts;
}

// Noto Sans SC has no U+202F (French thousands separator): a no-break space prints the same.
export const pdfText = (s: string) => s.replace(/\u202f/g, "\u00a0");

/** A4 in points, the margins, and the colours every document shares (the back office's sheets too). */
export const PAGE = { width: 595.28, height: 841.89, margin: 42 };
const FOOTER_H = 40;
export const GREY = "#555555";
export const LINE = "#bbbbbb";
export const HEAD_BG = "#eeeeee";
export const ACCENT = "#1f4e79";

type Col = { key: keyof Row; label: string; width: number; align: "left" | "right" };
type Row = {
  reference: string;
  designation: string;
  quantity: string;
  unit: string;
  price: string;
  discount: string;
  vat: string;
  amount: string;
};

export function paymentMethodLabel(method: string | null | undefined, lang: Lang): string {
  const known = ["card", "credit_note", "transfer", "on_account"];
  return translate(lang, `documents.method_${method && known.includes(method) ? method : "other"}`);
}

/** Renders the document as a PDF. Deterministic for a given input (creation date = the document's date). */
export async function renderDocumentPdf(input: DocumentInput): Promise<Buffer> {
  const { lang } = input;
  const seller = input.seller ?? SELLER;
  const t = (key: string, vars?: Record<string, string | number>) => pdfText(translate(lang, `documents.${key}`, vars));
  const eur = (v: string) => pdfText(formatPrice(v, lang));
  const title = input.extra?.title ?? t(`title_${input.kind}`);
  const docDate = new Date(
    typeof input.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(input.date) ? `${input.date}T12:00:00Z` : input.date,
  );

  const { regular, bold } = documentFonts();
  // loaded at the first document, not at start: pdfkit and its font parser are ≈ 5 MB of heap (decision 095)
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    autoFirstPage: true,
    lang: lang === "zh" ? "zh-CN" : "fr-FR",
    info: {
      Title: `${title} ${input.number}`,
      Author: seller.legalName,
      Creator: seller.name,
      Producer: seller.name,
      CreationDate: Number.isNaN(docDate.getTime()) ? undefined : docDate,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("R", regular);
  doc.registerFont("B", bold);

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  const bottom = PAGE.height - PAGE.margin - FOOTER_H;

  // ---- Header: seller (left), title, number and date (right)
  let y = PAGE.margin;
  doc
    .font("B")
    .fontSize(15)
    .fillColor(ACCENT)
    .text(pdfText(seller.name), left, y, { width: width * 0.55 });
  doc.font("R").fontSize(8.5).fillColor(GREY);
  const sellerLines = [
    seller.legalName,
    ...seller.address,
    `${t("seller_phone")} ${seller.phone} – ${seller.email}`,
    `${t("seller_siret")} ${formatSiret(seller.siret)}`,
    `${t("seller_vat")} ${seller.vatNumber}`,
  ];
  doc.text(pdfText(sellerLines.join("\n")), left, doc.y + 2, { width: width * 0.55, lineGap: 1 });
  const sellerBottom = doc.y;

  doc
    .font("B")
    .fontSize(20)
    .fillColor("#000000")
    .text(title, left + width * 0.55, y, { width: width * 0.45, align: "right" });
  doc.font("R").fontSize(9.5);
  const head = [
    [t("number"), input.number],
    [t("date"), pdfText(formatDate(input.date, lang, "long"))],
  ];
  let hy = doc.y + 4;
  for (const [label, value] of head) {
    doc
      .font("R")
      .fillColor(GREY)
      .text(`${label} :`, left + width * 0.55, hy, { width: width * 0.45 - 120, align: "right" });
    doc
      .font("B")
      .fillColor("#000000")
      .text(value, right - 118, hy, { width: 118, align: "right" });
    hy = doc.y + 2;
  }
  y = Math.max(sellerBottom, hy) + 14;

  // ---- Customer block (right) and facts (left)
  const boxX = left + width * 0.52;
  const boxW = width * 0.48;
  const customerLines = [
    ...input.customer.lines,
    ...(input.customer.clientNumber ? [`${t("client_number")} : ${input.customer.clientNumber}`] : []),
    ...(input.customer.siret ? [`${t("customer_siret")} : ${formatSiret(input.customer.siret)}`] : []),
  ];
  doc
    .font("R")
    .fontSize(8)
    .fillColor(GREY)
    .text(t("customer").toUpperCase(), boxX + 8, y + 6, { width: boxW - 16 });
  doc
    .font("B")
    .fontSize(10)
    .fillColor("#000000")
    .text(pdfText(input.customer.name), boxX + 8, doc.y + 1, { width: boxW - 16 });
  doc
    .font("R")
    .fontSize(9)
    .text(pdfText(customerLines.join("\n")), boxX + 8, doc.y + 1, { width: boxW - 16, lineGap: 1 });
  const boxBottom = doc.y + 6;
  doc
    .lineWidth(0.7)
    .strokeColor(LINE)
    .rect(boxX, y, boxW, boxBottom - y)
    .stroke();

  let fy = y + 6;
  for (const f of input.extra?.facts ?? []) {
    doc
      .font("R")
      .fontSize(9)
      .fillColor(GREY)
      .text(`${pdfText(f.label)} :`, left, fy, { width: 110 });
    doc
      .font("B")
      .fillColor("#000000")
      .text(pdfText(f.value), left + 112, fy, { width: boxX - left - 122 });
    fy = Math.max(doc.y, fy + 12) + 2;
  }
  y = Math.max(boxBottom, fy) + 16;

  // ---- Lines table
  const cols: Col[] = [
    { key: "reference", label: t("col_reference"), width: 66, align: "left" },
    { key: "designation", label: t("col_designation"), width: 0, align: "left" },
    { key: "quantity", label: t("col_quantity"), width: 34, align: "right" },
    { key: "unit", label: t("col_unit"), width: 44, align: "left" },
    { key: "price", label: t("col_unit_price"), width: 58, align: "right" },
    { key: "discount", label: t("col_discount"), width: 50, align: "right" },
    { key: "vat", label: t("col_vat"), width: 36, align: "right" },
    { key: "amount", label: t("col_amount"), width: 66, align: "right" },
  ];
  cols[1].width = width - cols.reduce((s, c) => s + c.width, 0);
  const pad = 3;
  const tableFont = 8;

  const rowHeight = (r: Row, font: "R" | "B") => {
    doc.font(font).fontSize(tableFont);
    return Math.max(...cols.map((c) => doc.heightOfString(r[c.key] || " ", { width: c.width - 2 * pad }))) + 2 * pad;
  };
  const drawRow = (r: Row, font: "R" | "B", background?: string) => {
    const h = rowHeight(r, font);
    if (background) doc.rect(left, y, width, h).fill(background);
    let x = left;
    doc.font(font).fontSize(tableFont).fillColor("#000000");
    for (const c of cols) {
      doc.text(r[c.key], x + pad, y + pad, { width: c.width - 2 * pad, align: c.align });
      x += c.width;
    }
    y += h;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.4).strokeColor(LINE).stroke();
  };
  const headerRow = Object.fromEntries(cols.map((c) => [c.key, c.label])) as Row;
  const newPage = () => {
    doc.addPage();
    y = PAGE.margin;
  };
  const ensure = (h: number) => {
    if (y + h > bottom) newPage();
  };

  ensure(rowHeight(headerRow, "B") + 20);
  drawRow(headerRow, "B", HEAD_BG);
  for (const l of input.lines) {
    const r: Row = {
      reference: pdfText(l.reference),
      designation: pdfText(l.designation),
      quantity: pdfText(formatAmount(String(l.quantity), lang, { minDigits: 0, maxDigits: 3 })),
      // the unit agrees with the quantity: "10 cartons", "1 carton"
      unit: pdfText(unitName(lang, l.unit, Number(l.quantity))),
      price: pdfText(formatUnitPrice(l.unitPriceHt, lang)),
      discount: decOrZero(l.discountHt).sign() === 0 ? "–" : eur(l.discountHt!),
      vat: pdfText(formatRate(l.vatRate, lang)),
      amount: eur(l.amountHt),
    };
    const h = rowHeight(r, "R");
    if (y + h > bottom) {
      newPage();
      drawRow(headerRow, "B", HEAD_BG);
    }
    drawRow(r, "R");
  }
  y += 14;

  // ---- VAT by rate (left) and totals (right), side by side
  const vatW = width * 0.46;
  const totW = width * 0.46;
  const totX = right - totW;
  const totalRows: { label: string; amount: string; bold?: boolean; strong?: boolean }[] = [
    ...(input.totals.rows ?? []).map((r) => ({ label: pdfText(r.label), amount: eur(r.amount) })),
    { label: t("total_ht"), amount: eur(input.totals.ht), bold: true },
    { label: t("total_tva"), amount: eur(input.totals.tva) },
    { label: t("total_ttc"), amount: eur(input.totals.ttc), bold: true, strong: true },
    ...(input.totals.after ?? []).map((r) => ({ label: pdfText(r.label), amount: eur(r.amount), bold: r.bold })),
  ];
  const vatRows = input.totals.vat;
  const blockH = Math.max(16 * (vatRows.length + 2), 16 * totalRows.length + 8);
  // The totals, the blocks and the notes after them stay on one page when they fit on one: a page never holds the
  // terms alone, away from the amounts they are about.
  doc.font("R").fontSize(8.5);
  const notesH = (input.extra?.notes ?? []).reduce((h, n) => h + doc.heightOfString(pdfText(n), { width }) + 6, 0);
  const blocksH = (input.extra?.blocks ?? []).reduce((h, b) => h + 18 + 14 * b.rows.length + 10, 0);
  const tailH = blockH + 16 + blocksH + notesH;
  ensure(tailH <= bottom - PAGE.margin ? tailH : blockH);
  const top = y;

  doc.font("B").fontSize(9).fillColor("#000000").text(t("vat_title"), left, y, { width: vatW });
  let vy = doc.y + 3;
  const vcol = [vatW * 0.28, vatW * 0.38, vatW * 0.34];
  const vatLine = (cells: string[], font: "R" | "B", bg?: string) => {
    if (bg) doc.rect(left, vy, vatW, 15).fill(bg);
    doc.font(font).fontSize(8).fillColor("#000000");
    let x = left;
    cells.forEach((c, i) => {
      doc.text(c, x + pad, vy + 4, { width: vcol[i] - 2 * pad, align: i === 0 ? "left" : "right", lineBreak: false });
      x += vcol[i];
    });
    vy += 15;
    doc
      .moveTo(left, vy)
      .lineTo(left + vatW, vy)
      .lineWidth(0.4)
      .strokeColor(LINE)
      .stroke();
  };
  vatLine([t("vat_rate"), t("vat_base"), t("vat_amount")], "B", HEAD_BG);
  for (const v of vatRows) vatLine([pdfText(formatRate(v.rate, lang)), eur(v.base), eur(v.vat)], "R");

  let ty = top;
  for (const r of totalRows) {
    if (r.strong) doc.rect(totX, ty - 2, totW, 18).fill(HEAD_BG);
    doc
      .font(r.bold ? "B" : "R")
      .fontSize(r.strong ? 10.5 : 9)
      .fillColor("#000000");
    doc.text(r.label, totX + pad, ty + 2, { width: totW * 0.58, lineBreak: false });
    doc.text(r.amount, totX + totW * 0.58, ty + 2, { width: totW * 0.42 - pad, align: "right", lineBreak: false });
    ty += r.strong ? 20 : 16;
  }
  y = Math.max(vy, ty) + 16;

  // ---- Blocks (payment…) and notes
  for (const b of input.extra?.blocks ?? []) {
    ensure(18 + 14 * b.rows.length);
    doc.font("B").fontSize(9.5).fillColor(ACCENT).text(pdfText(b.title), left, y, { width });
    y = doc.y + 3;
    for (const r of b.rows) {
      doc
        .font("R")
        .fontSize(9)
        .fillColor(GREY)
        .text(`${pdfText(r.label)} :`, left, y, { width: 140 });
      doc
        .font("R")
        .fillColor("#000000")
        .text(pdfText(r.value), left + 142, y, { width: width - 142 });
      y = Math.max(doc.y, y + 12) + 2;
    }
    y += 10;
  }
  for (const n of input.extra?.notes ?? []) {
    doc.font("R").fontSize(8.5);
    const h = doc.heightOfString(pdfText(n), { width });
    ensure(h + 6);
    doc.fillColor(GREY).text(pdfText(n), left, y, { width });
    y = doc.y + 6;
  }

  // ---- Footer on every page: legal mentions, contact, page n/total
  const range = doc.bufferedPageRange();
  const legal = t("footer_legal", {
    legal: seller.legalName,
    capital: seller.capital,
    rcs: seller.rcs,
    siret: formatSiret(seller.siret),
    vat: seller.vatNumber,
  });
  const contact = t("footer_contact", {
    address: seller.address.join(", "),
    phone: seller.phone,
    email: seller.email,
    website: seller.website,
  });
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const fyTop = PAGE.height - PAGE.margin - FOOTER_H + 8;
    doc.moveTo(left, fyTop).lineTo(right, fyTop).lineWidth(0.5).strokeColor(LINE).stroke();
    // Writing below the bottom margin would open a new page: lift the margin while drawing the footer.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("R").fontSize(7).fillColor(GREY);
    doc.text(legal, left, fyTop + 4, { width, align: "center", lineBreak: false });
    doc.text(pdfText(contact), left, fyTop + 13, { width, align: "center", lineBreak: false });
    doc.text(t("page", { n: i - range.start + 1, total: range.count }), left, fyTop + 22, { width, align: "right", lineBreak: false });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}
