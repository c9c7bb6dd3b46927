// Ordering by reference (decision 081): pasted or uploaded `reference;quantity` lines, parsed
// the same way in the browser (preview of the file) and on the server (which resolves the references).
// Pure: no catalogue here. Messages are "area.*" keys.

/** At most this many data lines (a header line not counted); more refuses the whole input. */
export const QUICK_ORDER_MAX_LINES = 500;
/** At most this many characters of text (a file is refused above this many bytes): stays under the API body limit. */
export const QUICK_ORDER_MAX_CHARS = 40_000;
/** The largest quantity of one line (the cart's own ceiling, core/cart/availability.ts). */
export const QUICK_ORDER_MAX_QTY = 100_000;
/** A reference is at most this long (models.reference). */
export const QUICK_ORDER_MAX_REF = 40;

type QuickOrderRefusal = "area.qo_missing_reference" | "area.qo_bad_quantity" | "area.qo_reference_too_long";

/** A valid entry: one reference (upper case), its total quantity, and the input lines it came from. */
export type QuickOrderEntry = { line: number; reference: string; quantity: number; merged: number[] };
/** A line refused while parsing, with its reason. */
export type QuickOrderRefused = { line: number; text: string; reference: string; key: QuickOrderRefusal };

export type QuickOrderParse =
  | { ok: true; entries: QuickOrderEntry[]; refused: QuickOrderRefused[]; header: boolean }
  | { ok: false; key: "area.qo_empty" | "area.qo_too_many_lines" | "area.qo_too_long"; vars: Record<string, number> };

const HEADER_WORDS = ["ref", "reference", "référence", "réf", "code", "article", "sku", "参考", "编号", "型号", "货号"];

/** The first field separator of the line: `;`, then tab, then `,`. */
function split(line: string): string[] {
  const sep = line.includes(";") ? ";" : line.includes("\t") ? "\t" : ",";
  return line.split(sep).map((f) => unquote(f.trim()));
}

/** A CSV field's surrounding double quotes go ("" inside is one quote). */
function unquote(f: string): string {
  return f.length >= 2 && f.startsWith('"') && f.endsWith('"') ? f.slice(1, -1).replaceAll('""', '"').trim() : f;
}

function isHeader(fields: string[]): boolean {
  const first = (fields[0] ?? "").toLowerCase();
  const qty = fields[1] ?? "";
  return !/^\d+$/.test(qty) && HEADER_WORDS.some((w) => first.startsWith(w));
}

/** "12", " 12 " and "12.0"/"12,0" are 12; anything else (0, negative, fraction, text, too large) is null. */
export function parseQuantity(text: string): number | null {
  const t = text.trim().replace(/[.,]0+$/, "");
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= QUICK_ORDER_MAX_QTY ? n : null;
}

/**
 * Reads the lines. Empty lines are skipped; a first line naming the columns (Référence;Quantité) is a header;
 * a line with a reference only means quantity 1; the same reference twice (any case) is one entry with the
 * quantities added, the entry keeping its first line. Line numbers are the input's (1-based).
 */
export function parseQuickOrder(text: string): QuickOrderParse {
  if (text.length > QUICK_ORDER_MAX_CHARS) return { ok: false, key: "area.qo_too_long", vars: { max: QUICK_ORDER_MAX_CHARS } };
  const raw = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const entries: QuickOrderEntry[] = [];
  const refused: QuickOrderRefused[] = [];
  const byRef = new Map<string, QuickOrderEntry>();
  let header = false;
  let data = 0;
  let first = true;
  for (let i = 0; i < raw.length; i++) {
    const content = raw[i].trim();
    if (!content) continue;
    const fields = split(content);
    if (first) {
      first = false;
      if (isHeader(fields)) {
        header = true;
        continue;
      }
    }
    if (++data > QUICK_ORDER_MAX_LINES) return { ok: false, key: "area.qo_too_many_lines", vars: { max: QUICK_ORDER_MAX_LINES } };
    const line = i + 1;
    const reference = (fields[0] ?? "").toUpperCase();
    const qtyText = fields.length > 1 ? fields[1] : "1";
    const refuse = (key: QuickOrderRefusal) => refused.push({ line, text: content, reference, key });
    if (!reference) refuse("area.qo_missing_reference");
    else if (reference.length > QUICK_ORDER_MAX_REF) refuse("area.qo_reference_too_long");
    else {
      const quantity = parseQuantity(qtyText);
      if (quantity === null) refuse("area.qo_bad_quantity");
      else {
        const seen = byRef.get(reference);
        if (seen) {
          seen.quantity += quantity; // above QUICK_ORDER_MAX_QTY: the resolution refuses it
          seen.merged.push(line);
        } else {
          const entry = { line, reference, quantity, merged: [] };
          byRef.set(reference, entry);
          entries.push(entry);
        }
      }
    }
  }
  if (data === 0) return { ok: false, key: "area.qo_empty", vars: {} };
  return { ok: true, entries, refused, header };
}
