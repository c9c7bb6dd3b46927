// The warehouse's papers as one A4 PDF (DESIGN §9), in the staff member's language, with the customer documents'
// font, page size and colours (documents/pdf-layout.ts): the picking list (the batch summed over the orders, then
// each order's lines, both in walking order, each order with its pallets and parcels, recorded or estimated) and a
// delivery slip per order (no prices; a box for the receiver's signature). Each cell holds one line, cut to its
// column with "…": a row's height is fixed, so a list of thousands of lines is laid out without measuring
// paragraphs.
import { translate, unitName, type Lang } from "#core/i18n/messages.ts";
import { formatAmount } from "#core/price-format.ts";
import { formatDate, weekdayName } from "#core/format-date.ts";
import { deliveryModeKey } from "#core/order-view.ts";
import { batchLines, type Packing } from "#core/preparation/picking.ts";
import { SELLER } from "#core/documents/seller.ts";
import { ACCENT, documentFonts, GREY, HEAD_BG, LINE, PAGE, pdfText } from "#server/modules/documents/pdf-layout.ts";
import type { SheetOrder, SheetScope } from "./preparation.service.ts";

export type PreparationPart = "picking" | "slips";

export type PreparationPdfInput = {
  lang: Lang;
  parts: readonly PreparationPart[];
  orders: readonly SheetOrder[];
  scope: SheetScope;
  /** When the file is made (printed on it). */
  at: Date;
  /**
   * Told after each order drawn (`done` of `total`, an order counting once per part): a job reports its progress
   * there, and gives the event loop its turn between orders.
   */
  step?: (done: number, total: number) => Promise<void>;
};

const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const WIDTH = RIGHT - LEFT;
const FOOTER_H = 24;
const BOTTOM = PAGE.height - PAGE.margin - FOOTER_H;
const ROW_H = 15;
const PAD = 3;
const FONT_SIZE = 8.5;
const BOX = 7;

type Align = "left" | "right";
/** A column: `box` draws a box to tick; `shrink` sets a text too wide in a smaller size rather than cut it (a reference). */
type Col<R> = { label: string; width: number; align?: Align; value: (r: R) => string; box?: boolean; shrink?: boolean };
const MIN_SIZE = 6;

/** A page cursor over pdfkit: pages with their footer's label, one-line cells, tables whose header follows page breaks. */
class Sheet {
  y = PAGE.margin;
  readonly labels: string[] = [];
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly t: (key: string, vars?: Record<string, string | number>) => string,
  ) {}

  page(label: string) {
    this.doc.addPage();
    this.labels.push(label);
    this.y = PAGE.margin;
  }

  /** A new page (with the same label) unless `h` more points fit on this one; true when it turned. */
  room(h: number): boolean {
    if (this.y + h <= BOTTOM) return false;
    this.page(this.labels[this.labels.length - 1]);
    return true;
  }

  /** The font size set last. */
  size = FONT_SIZE;

  font(bold: boolean, size: number, colour = "#000000") {
    this.size = size;
    this.doc
      .font(bold ? "B" : "R")
      .fontSize(size)
      .fillColor(colour);
  }

  /**
   * `text` cut with "…" to fit `width` in the current font: after its last whole word that fits, else after as many
   * characters as fit. pdfkit shapes a text word by word and keeps each word's shape for the document, so whole
   * words cost nothing more to measure; a cut inside a word is shaped anew at each try.
   */
  fit(text: string, width: number): string {
    const s = pdfText(text);
    const whole = this.doc.widthOfString(s);
    if (whole <= width) return s;
    const room = width - this.doc.widthOfString("…");
    const words = s.split(/(?<=[ \t])/);
    let used = 0;
    let k = 0;
    while (k < words.length && used + this.doc.widthOfString(words[k]) <= room) used += this.doc.widthOfString(words[k++]);
    if (k > 0) return `${words.slice(0, k).join("")}…`;
    let n = Math.floor((s.length * Math.max(0, room)) / whole);
    while (n > 0 && this.doc.widthOfString(s.slice(0, n)) > room) n--;
    return `${s.slice(0, n)}…`;
  }

  /** One line of text in a box of `width` from `x`, cut to fit (or first set smaller, down to 6 pt), on the line at `y`. */
  cell(text: string, x: number, y: number, width: number, align: Align = "left", shrink = false) {
    const { size } = this;
    const wide = shrink ? this.doc.widthOfString(pdfText(text)) : 0;
    const set = wide > width ? Math.max(MIN_SIZE, (size * width) / wide) : size;
    if (set !== size) this.doc.fontSize(set);
    const s = this.fit(text, width);
    const dx = align === "right" ? width - this.doc.widthOfString(s) : 0;
    this.doc.text(s, x + dx, y + (size - set) / 2, { lineBreak: false });
    if (set !== size) this.doc.fontSize(size);
  }

  /** A line of text across the page, then the cursor below it. */
  line(text: string, bold: boolean, size: number, colour?: string, gap = 3) {
    this.font(bold, size, colour);
    this.cell(text, LEFT, this.y, WIDTH);
    this.y += size * 1.35 + gap;
  }

  /** A paragraph across the page, wrapped, kept on one page. */
  paragraph(text: string, size: number, colour?: string, gap = 4) {
    this.font(false, size, colour);
    const s = pdfText(text);
    const h = this.doc.heightOfString(s, { width: WIDTH });
    this.room(h);
    this.doc.text(s, LEFT, this.y, { width: WIDTH });
    this.y += h + gap;
  }

  /** A table of one-line rows; its header again at the top of each new page, after `heading` when given. */
  table<R>(cols: Col<R>[], rows: readonly R[], heading?: () => void) {
    const flex = cols.find((c) => c.width === 0);
    if (flex) flex.width = WIDTH - cols.reduce((s, c) => s + c.width, 0);
    const header = () => {
      this.doc.rect(LEFT, this.y, WIDTH, ROW_H).fill(HEAD_BG);
      this.font(true, FONT_SIZE);
      let x = LEFT;
      for (const c of cols) {
        this.cell(c.label, x + PAD, this.y + 3.5, c.width - 2 * PAD, c.align, true);
        x += c.width;
      }
      this.y += ROW_H;
    };
    header();
    this.font(false, FONT_SIZE);
    for (const r of rows) {
      if (this.room(ROW_H)) {
        heading?.();
        header();
        this.font(false, FONT_SIZE);
      }
      let x = LEFT;
      for (const c of cols) {
        if (c.box)
          this.doc
            .lineWidth(0.6)
            .strokeColor("#000000")
            .rect(x + PAD, this.y + 4, BOX, BOX)
            .stroke();
        else this.cell(c.value(r), x + PAD, this.y + 3.5, c.width - 2 * PAD, c.align, c.shrink);
        x += c.width;
      }
      this.y += ROW_H;
      this.doc.moveTo(LEFT, this.y).lineTo(RIGHT, this.y).lineWidth(0.4).strokeColor(LINE).stroke();
    }
  }
}

/** pdfkit's font of a document as far as the sharing below reads it (not in its types). */
type EmbeddedFont = { font?: unknown; layoutCache?: Record<string, unknown> };
const shared: Record<"R" | "B", { font?: unknown; words: Record<string, unknown> }> = {
  R: { words: Object.create(null) },
  B: { words: Object.create(null) },
};
const WORDS_KEPT = 50_000;

/**
 * Selects the documents' fonts, parsed once and with the shapes of the words already laid out: pdfkit parses a font
 * and shapes each word anew for every document, a third of a big picking list's time. A word's shape is the font's,
 * not the document's (each document still embeds its own glyphs), so the shapes are kept for the process; past
 * 50,000 words (more than the catalogue's vocabulary) they start over.
 */
function sharedFonts(doc: PDFKit.PDFDocument, fonts: { regular: Buffer; bold: Buffer }) {
  for (const [name, bytes] of [
    ["R", fonts.regular],
    ["B", fonts.bold],
  ] as const) {
    const kept = shared[name];
    doc.registerFont(name, (kept.font ?? bytes) as Buffer);
    doc.font(name);
    const embedded = (doc as unknown as { _font?: EmbeddedFont })._font;
    if (!embedded?.font || !embedded.layoutCache) continue; // another pdfkit: nothing shared
    kept.font ??= embedded.font;
    if (Object.keys(kept.words).length > WORDS_KEPT) kept.words = Object.create(null);
    embedded.layoutCache = kept.words;
  }
}

export async function renderPreparationPdf(input: PreparationPdfInput): Promise<Buffer> {
  const { lang } = input;
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  // loaded at the first document, not at start (decision 095)
  const { default: PDFDocument } = await import("pdfkit");
  const title = t(input.parts.includes("picking") ? "admin.prep_picking_title" : "admin.prep_slip_title");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: 0, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    autoFirstPage: false,
    lang: lang === "zh" ? "zh-CN" : "fr-FR",
    info: { Title: title, Author: SELLER.legalName, Creator: SELLER.name, Producer: SELLER.name, CreationDate: input.at },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  sharedFonts(doc, documentFonts());
  const sheet = new Sheet(doc, t);
  const total = input.parts.length * input.orders.length;
  let drawn = 0;
  const step = async () => input.step?.(++drawn, total);
  for (const part of input.parts) {
    if (part === "picking") await pickingList(sheet, input, step);
    else
      for (const o of input.orders) {
        deliverySlip(sheet, input, o);
        await step();
      }
  }
  // the footer of every page: what it is, and its place in the file
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const y = PAGE.height - PAGE.margin - FOOTER_H + 8;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(LINE).stroke();
    sheet.font(false, 7, GREY);
    sheet.cell(sheet.labels[i], LEFT, y + 5, WIDTH * 0.75);
    sheet.cell(t("documents.page", { n: i + 1, total: range.count }), LEFT + WIDTH * 0.75, y + 5, WIDTH * 0.25, "right");
  }
  doc.end();
  return done;
}

/** A label and its value as each language writes them: "N° client : C100001", "客户编号：C100001". */
const labelled = (label: string, value: string, lang: Lang) => `${label}${lang === "fr" ? " : " : "："}${value}`;

const quantity = (n: number, lang: Lang) => formatAmount(String(n), lang, { minDigits: 0, maxDigits: 0 });

function packingText(p: Packing, lang: Lang): string {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  return t(p.estimated ? "admin.prep_packing_estimated" : "admin.prep_packing_recorded", {
    pallets: t("admin.prep_pallets", { count: p.pallets }),
    parcels: t("admin.prep_parcels", { count: p.parcels }),
    weight: t("admin.prep_weight", { weight: formatAmount(p.weight_kg, lang, { minDigits: 1, maxDigits: 1 }) }),
  });
}

/** Where the order goes: its delivery mode and planned day, or the store it is collected at. */
function destination(o: SheetOrder, lang: Lang): string {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  if (o.pickup) return t("admin.orders_pickup_at", { shop: o.shop_name ?? "" });
  const mode = t(deliveryModeKey({ pickup_method: 1, delivery_mode: o.delivery_mode }));
  const place = [o.address?.zip_code, o.address?.city].filter(Boolean).join(" ");
  const when = o.planned_date ? t("admin.prep_planned_on", { date: formatDate(o.planned_date, lang) }) : t("admin.prep_not_planned");
  return [mode, place, when].filter(Boolean).join(" · ");
}

async function pickingList(sheet: Sheet, input: PreparationPdfInput, step: () => Promise<void>) {
  const { lang, orders, scope } = input;
  const t = sheet.t;
  const batch = batchLines(orders);
  const title = t("admin.prep_picking_title");
  sheet.page(`${title} – ${t("admin.prep_made_at", { date: formatDate(input.at, lang, "datetime") })}`);
  sheet.line(title, true, 16, ACCENT, 4);
  const mode = scope.mode ? t(scope.mode === "pickup" ? "orders.delivery_mode_pickup" : `orders.delivery_mode_${scope.mode}`) : null;
  sheet.line(
    scope.date
      ? [t("admin.prep_scope_day", { date: formatDate(scope.date, lang, "long") }), mode].filter(Boolean).join(" – ")
      : t("admin.prep_scope_selection"),
    true,
    10.5,
  );
  const units = batch.reduce((s, l) => s + l.quantity, 0);
  sheet.line(
    [
      t("admin.orders_count", { count: orders.length }),
      t("admin.prep_references", { count: batch.length }),
      t("admin.prep_units", { count: units }),
      t("admin.prep_made_at", { date: formatDate(input.at, lang, "datetime") }),
    ].join(" · "),
    false,
    9,
  );
  sheet.paragraph(t("admin.prep_estimate_note"), 7.5, GREY, 8);

  const location = (l: { location: string | null }) => l.location ?? "—";
  const check: Col<unknown> = { label: "", width: 16, box: true, value: () => "" };
  sheet.line(t("admin.prep_batch_title"), true, 12, ACCENT, 4);
  sheet.table(
    [
      check,
      { label: t("admin.prep_col_location"), width: 56, value: location },
      { label: t("admin.prep_col_reference"), width: 122, value: (l) => l.reference, shrink: true },
      { label: t("admin.prep_col_designation"), width: 0, value: (l) => l.name },
      { label: t("admin.prep_col_quantity"), width: 44, align: "right", value: (l) => quantity(l.quantity, lang) },
      { label: t("admin.prep_col_unit"), width: 52, value: (l) => unitName(lang, l.unit, l.quantity) },
      { label: t("admin.prep_col_orders"), width: 50, align: "right", value: (l) => quantity(l.orders, lang) },
    ],
    batch,
  );
  sheet.y += 16;

  sheet.room(60);
  sheet.line(t("admin.prep_by_order_title"), true, 12, ACCENT, 6);
  for (const o of orders) {
    const head = `${o.number} – ${o.customer.name} (${o.customer.client_number})`;
    sheet.room(44 + 2 * ROW_H);
    sheet.line(head, true, 10, undefined, 1);
    sheet.line(destination(o, lang), false, 8.5, undefined, 1);
    sheet.line(packingText(o.packing, lang), false, 8.5, GREY, 3);
    sheet.table(
      [
        check,
        { label: t("admin.prep_col_location"), width: 56, value: location },
        { label: t("admin.prep_col_reference"), width: 122, value: (l) => l.reference, shrink: true },
        { label: t("admin.prep_col_designation"), width: 0, value: (l) => l.name },
        { label: t("admin.prep_col_quantity"), width: 44, align: "right", value: (l) => quantity(l.quantity, lang) },
        { label: t("admin.prep_col_unit"), width: 52, value: (l) => unitName(lang, l.unit, l.quantity) },
      ],
      o.lines,
      () => sheet.line(t("admin.prep_continued", { number: o.number }), true, 9, undefined, 2),
    );
    sheet.y += 12;
    await step();
  }
}

function deliverySlip(sheet: Sheet, input: PreparationPdfInput, o: SheetOrder) {
  const { lang } = input;
  const t = sheet.t;
  const { doc } = sheet;
  const title = t("admin.prep_slip_title");
  sheet.page(`${title} ${o.number}`);

  // seller (left), title, number and dates (right)
  const top = sheet.y;
  sheet.font(true, 14, ACCENT);
  sheet.cell(SELLER.name, LEFT, top, WIDTH * 0.5);
  sheet.font(false, 8, GREY);
  const seller = [SELLER.legalName, ...SELLER.address, `${t("documents.seller_phone")} ${SELLER.phone} – ${SELLER.email}`];
  seller.forEach((s, i) => sheet.cell(s, LEFT, top + 20 + i * 11, WIDTH * 0.5));
  sheet.font(true, 18);
  sheet.cell(title, LEFT + WIDTH * 0.5, top, WIDTH * 0.5, "right");
  const facts: [string, string][] = [
    [t("documents.number"), o.number],
    [t("documents.date"), formatDate(o.planned_date ?? input.at, lang, "long")],
    [t("admin.prep_slip_order_date"), formatDate(o.placed_at, lang, "long")],
  ];
  facts.forEach(([label, value], i) => {
    const y = top + 26 + i * 13;
    sheet.font(false, 9, GREY);
    sheet.cell(labelled(label, "", lang).trimEnd(), LEFT + WIDTH * 0.5, y, WIDTH * 0.5 - 130, "right");
    sheet.font(true, 9);
    sheet.cell(value, RIGHT - 125, y, 125, "right");
  });
  sheet.y = top + 26 + Math.max(seller.length * 11, facts.length * 13) + 14;

  // customer (left) and delivery address (right), then receiving times and delivery mode
  const half = (WIDTH - 12) / 2;
  const blocks: { x: number; title: string; lines: string[] }[] = [
    {
      x: LEFT,
      title: t("documents.customer"),
      lines: [
        o.customer.name,
        ...(o.customer.contact ? [o.customer.contact] : []),
        labelled(t("documents.client_number"), o.customer.client_number, lang),
        ...(o.customer.phone ? [`${t("documents.seller_phone")} ${o.customer.phone}`] : []),
      ],
    },
    { x: LEFT + half + 12, title: t(o.pickup ? "orders.delivery_mode_pickup" : "admin.prep_slip_address"), lines: addressLines(o) },
  ];
  const boxTop = sheet.y;
  const lines = Math.max(...blocks.map((b) => b.lines.length));
  const boxH = 22 + lines * 12;
  for (const b of blocks) {
    doc.lineWidth(0.7).strokeColor(LINE).rect(b.x, boxTop, half, boxH).stroke();
    sheet.font(false, 7.5, GREY);
    sheet.cell(b.title.toUpperCase(), b.x + 8, boxTop + 6, half - 16);
    b.lines.forEach((l, i) => {
      sheet.font(i === 0, 9.5);
      sheet.cell(l, b.x + 8, boxTop + 18 + i * 12, half - 16);
    });
  }
  sheet.y = boxTop + boxH + 10;
  if (!o.pickup) {
    sheet.paragraph(labelled(t("admin.order_receiving"), receivingText(o, lang), lang), 9, undefined, 1);
    if (o.receiving?.note) sheet.paragraph(o.receiving.note, 8.5, GREY, 1);
  }
  sheet.line(destination(o, lang), false, 9, undefined, 10);

  // the lines, no prices: what was ordered, then what the promotion offers on top (said first: a long name is cut)
  const rows = o.lines.flatMap((l) => {
    const ordered = { reference: l.reference, name: l.name, unit: l.unit, quantity: l.quantity - l.gifted };
    if (l.gifted <= 0) return [ordered];
    return [ordered, { ...ordered, name: t("admin.prep_gifted", { designation: l.name }), quantity: l.gifted }];
  });
  sheet.table(
    [
      { label: t("admin.prep_col_reference"), width: 130, value: (l) => l.reference, shrink: true },
      { label: t("admin.prep_col_designation"), width: 0, value: (l) => l.name },
      { label: t("admin.prep_col_quantity"), width: 56, align: "right", value: (l) => quantity(l.quantity, lang) },
      { label: t("admin.prep_col_unit"), width: 64, value: (l) => unitName(lang, l.unit, l.quantity) },
    ],
    rows,
    () => sheet.line(t("admin.prep_continued", { number: o.number }), true, 9, undefined, 2),
  );
  sheet.y += 12;

  // parcels, pallets and weight as recorded, or blanks to fill in; the receiver's box
  sheet.room(150);
  const recorded = !o.packing.estimated;
  const blank = "……………";
  const packing: [string, string][] = [
    [t("admin.order_parcels"), recorded ? quantity(o.packing.parcels, lang) : blank],
    [t("admin.order_pallets"), recorded ? quantity(o.packing.pallets, lang) : blank],
    [t("admin.order_weight"), recorded ? formatAmount(o.packing.weight_kg, lang, { minDigits: 1, maxDigits: 1 }) : blank],
  ];
  packing.forEach(([label, value], i) => {
    const x = LEFT + (i * WIDTH) / 3;
    sheet.font(false, 9, GREY);
    sheet.cell(labelled(label, "", lang).trimEnd(), x, sheet.y, 70);
    sheet.font(true, 10);
    sheet.cell(value, x + 72, sheet.y, WIDTH / 3 - 80);
  });
  sheet.y += 22;
  const signTop = sheet.y;
  const signH = 96;
  doc.lineWidth(0.8).strokeColor("#000000").rect(LEFT, signTop, half, signH).stroke();
  doc.rect(LEFT + half + 12, signTop, half, signH).stroke();
  sheet.font(true, 9);
  sheet.cell(t("admin.prep_slip_received"), LEFT + 8, signTop + 6, half - 16);
  sheet.cell(t("admin.prep_slip_reserves"), LEFT + half + 20, signTop + 6, half - 16);
  sheet.font(false, 8, GREY);
  sheet.cell(t("admin.prep_slip_received_on"), LEFT + 8, signTop + 22, half - 16);
  sheet.cell(t("admin.prep_slip_signature"), LEFT + 8, signTop + 38, half - 16);
  sheet.y = signTop + signH + 10;
  sheet.paragraph(t("admin.prep_slip_no_prices"), 7.5, GREY);
}

function addressLines(o: SheetOrder): string[] {
  if (o.pickup) return [o.shop_name ?? ""];
  const a = o.address;
  if (!a) return [];
  const who = [a.first_name, a.last_name].filter(Boolean).join(" ");
  return [
    (a.company as string | null | undefined) || who,
    ...(a.company && who ? [who] : []),
    ...[a.line1, a.line2].filter(Boolean).map(String),
    [a.zip_code, a.city].filter(Boolean).join(" "),
    ...(a.phone ? [String(a.phone)] : []),
  ].filter(Boolean);
}

/** The days the customer receives goods: "lundi : matin, après-midi ; mardi : matin", or that none is given. */
function receivingText(o: SheetOrder, lang: Lang): string {
  const t = (key: string) => translate(lang, key);
  const days = (o.receiving?.days ?? []).filter((d) => d.morning || d.afternoon);
  if (!days.length) return t("admin.order_receiving_none");
  return days
    .map((d) =>
      labelled(
        weekdayName(d.weekday, lang),
        [d.morning && t("admin.order_morning"), d.afternoon && t("admin.order_afternoon")]
          .filter(Boolean)
          .join(lang === "fr" ? ", " : "、"),
        lang,
      ),
    )
    .join(lang === "fr" ? " ; " : "；");
}
