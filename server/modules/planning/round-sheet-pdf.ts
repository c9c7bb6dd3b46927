// The round sheet of one date and zone (decision 138): what the driver takes along. A4 landscape, the shop's font
// (documents/pdf-layout.ts, Chinese included); a header with the zone, the date and the round's totals, then one row
// per stop in zip order: order number and its confirmation, customer, address, phone, the receiving times of that
// weekday, pallets, parcels, appointment, toll, the buyer's note; page numbers on every page.
import { translate, type Lang } from "#core/i18n/messages.ts";
import { formatDate, weekdayName } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { SELLER } from "#core/documents/seller.ts";
import { addLoads, NO_LOAD, receivesOn, weekdayOf, type Load, type ReceivingDays } from "#core/planning/capacity.ts";
import { documentFonts, pdfText } from "#server/modules/documents/pdf-layout.ts";

export type RoundStop = {
  number: string;
  customer: string;
  /** The person to ask for, from the delivery address. */
  contact: string;
  lines: string[];
  phone: string;
  receiving: ReceivingDays | null;
  receiving_note: string | null;
  load: Load;
  rdv: boolean;
  toll_ht: string | null;
  /** The customer confirmed the date (else it still awaits their answer). */
  confirmed: boolean;
  note: string | null;
};

export type RoundSheet = { lang: Lang; date: string; zone: string; stops: RoundStop[] };

const PAGE = { width: 841.89, height: 595.28, margin: 32 };
const FOOTER_H = 22;
const GREY = "#555555";
const LINE = "#bbbbbb";
const HEAD_BG = "#eeeeee";
const ACCENT = "#1f4e79";

type Col = { label: string; width: number; align?: "left" | "right" | "center" };

/** The receiving times of the stop on the date's weekday, as the sheet says them. */
function receivingText(stop: RoundStop, date: string, t: (k: string, v?: Record<string, string | number>) => string): string {
  const open = (stop.receiving ?? []).filter((d) => d.morning || d.afternoon);
  let text: string;
  if (open.length === 0) text = t("sheet_receiving_unknown");
  else if (!receivesOn(stop.receiving, date)) text = t("sheet_receiving_closed");
  else {
    const day = open.find((d) => d.weekday === weekdayOf(date))!;
    text = [day.morning && t("sheet_morning"), day.afternoon && t("sheet_afternoon")].filter(Boolean).join(", ");
  }
  return stop.receiving_note ? `${text}\n${stop.receiving_note}` : text;
}

/** Renders the round sheet as a PDF. Deterministic for a given input. */
export async function renderRoundSheet(sheet: RoundSheet): Promise<Buffer> {
  const { lang, date, stops } = sheet;
  const t = (key: string, vars?: Record<string, string | number>) => pdfText(translate(lang, `planning.${key}`, vars));
  const title = t("sheet_title");
  const day = pdfText(`${weekdayName(weekdayOf(date), lang)} ${formatDate(date, lang, "long")}`);
  const { regular, bold } = documentFonts();
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    lang: lang === "zh" ? "zh-CN" : "fr-FR",
    info: {
      Title: `${title} ${sheet.zone} ${date}`,
      Author: SELLER.legalName,
      Creator: SELLER.name,
      Producer: SELLER.name,
      CreationDate: new Date(`${date}T06:00:00Z`),
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

  // ---- Header: shop, title, zone and date; the round's totals
  const total = stops.reduce((sum, s) => addLoads(sum, s.load), NO_LOAD);
  doc
    .font("B")
    .fontSize(13)
    .fillColor(ACCENT)
    .text(pdfText(SELLER.name), left, PAGE.margin, { width: width / 2 });
  doc
    .font("B")
    .fontSize(17)
    .fillColor("#000000")
    .text(`${title} — ${pdfText(sheet.zone)}`, left, doc.y + 4, { width });
  doc
    .font("R")
    .fontSize(11)
    .text(day, left, doc.y + 2, { width });
  doc
    .font("R")
    .fontSize(9.5)
    .fillColor(GREY)
    .text(t("sheet_totals", { stops: stops.length, pallets: total.pallets, parcels: total.parcels }), left, doc.y + 4, { width });
  let y = doc.y + 10;

  // ---- Stops
  const cols: Col[] = [
    { label: "#", width: 20, align: "right" },
    { label: t("sheet_order"), width: 82 },
    { label: t("sheet_customer"), width: 0 },
    { label: t("sheet_phone"), width: 82 },
    { label: t("sheet_receiving"), width: 120 },
    { label: t("sheet_pallets"), width: 44, align: "right" },
    { label: t("sheet_parcels"), width: 40, align: "right" },
    { label: t("sheet_rdv"), width: 40, align: "center" },
    { label: t("sheet_toll"), width: 72, align: "right" },
  ];
  cols[2].width = width - cols.reduce((s, c) => s + c.width, 0);
  const pad = 3;
  const size = 8.5;
  const heightOf = (cells: string[], font: "R" | "B") => {
    doc.font(font).fontSize(size);
    return Math.max(...cols.map((c, i) => doc.heightOfString(cells[i] || " ", { width: c.width - 2 * pad }))) + 2 * pad;
  };
  const drawRow = (cells: string[], font: "R" | "B", background?: string) => {
    const h = heightOf(cells, font);
    if (background) doc.rect(left, y, width, h).fill(background);
    let x = left;
    doc.font(font).fontSize(size).fillColor("#000000");
    cols.forEach((c, i) => {
      doc.text(cells[i], x + pad, y + pad, { width: c.width - 2 * pad, align: c.align ?? "left" });
      x += c.width;
    });
    y += h;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.4).strokeColor(LINE).stroke();
  };
  const header = cols.map((c) => c.label);
  drawRow(header, "B", HEAD_BG);
  if (stops.length === 0) {
    doc
      .font("R")
      .fontSize(10)
      .fillColor(GREY)
      .text(t("sheet_empty"), left, y + 8, { width });
  }
  stops.forEach((s, i) => {
    const customer = [s.customer, s.contact, ...s.lines, s.note ? `${t("sheet_note")} ${s.note}` : ""].filter(Boolean).join("\n");
    const cells = [
      String(i + 1),
      `${s.number}\n${t(s.confirmed ? "sheet_confirmed" : "sheet_unconfirmed")}`,
      pdfText(customer),
      pdfText(s.phone || "—"),
      pdfText(receivingText(s, date, t)),
      String(s.load.pallets),
      String(s.load.parcels),
      s.rdv ? t("sheet_yes") : "—",
      s.toll_ht ? pdfText(formatPrice(s.toll_ht, lang, "HT")) : "—",
    ];
    if (y + heightOf(cells, "R") > bottom) {
      doc.addPage();
      y = PAGE.margin;
      drawRow(header, "B", HEAD_BG);
    }
    drawRow(cells, "R");
  });

  // ---- Footer on every page: the round and the page number
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("R")
      .fontSize(7.5)
      .fillColor(GREY)
      .text(`${title} — ${pdfText(sheet.zone)} — ${day}`, left, PAGE.height - PAGE.margin - 10, { width: width / 2, lineBreak: false });
    doc.text(
      pdfText(translate(lang, "documents.page", { n: i - range.start + 1, total: range.count })),
      left + width / 2,
      PAGE.height - PAGE.margin - 10,
      {
        width: width / 2,
        align: "right",
        lineBreak: false,
      },
    );
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}
