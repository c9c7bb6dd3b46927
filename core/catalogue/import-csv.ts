// The catalogue's CSV file, export and import alike (one format, so that a file exported then imported unchanged
// changes nothing): one line per model (a purchasable reference), keyed by its reference. Cells are read as a French
// Excel writes them: decimal comma (a point is accepted), spaces or a "€" / "%" around numbers, "oui" / "non".
// An empty cell leaves its field as it is. A line of an unknown reference is refused: the import updates the
// catalogue, it does not create models (their product, unit, weight and volume are set in the catalogue).
import { CSV_BOM, csvField, CSV_SEPARATOR } from "#core/csv.ts";

/** The fields of a line, in the file's order. `reference` is the key; `product` is checked, never changed. */
export const IMPORT_FIELDS = [
  "reference",
  "product",
  "label_fr",
  "label_zh",
  "price",
  "site_price",
  "vat",
  "stock",
  "purchasable_qty",
  "not_for_sale",
  "non_gls",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type UpdatableField = Exclude<ImportField, "reference" | "product">;
export const UPDATABLE_FIELDS = IMPORT_FIELDS.filter((f): f is UpdatableField => f !== "reference" && f !== "product");

/** The headers the export writes (French whatever the staff member's language: the file is the shop's). */
export const EXPORT_HEADERS: Readonly<Record<ImportField, string>> = {
  reference: "Référence",
  product: "Produit",
  label_fr: "Libellé FR",
  label_zh: "Libellé ZH",
  price: "Prix HT",
  site_price: "Prix site HT",
  vat: "TVA %",
  stock: "Stock",
  purchasable_qty: "Achat max",
  not_for_sale: "Hors vente",
  non_gls: "Non GLS",
};

/** A model as the catalogue holds it, each value in its canonical text (money 4 decimals, VAT as a fraction). */
export type ModelState = {
  reference: string;
  product: string;
  label_fr: string;
  label_zh: string;
  price: string;
  site_price: string;
  vat: string;
  stock: number;
  purchasable_qty: number;
  not_for_sale: boolean;
  non_gls: boolean;
};

/** A field's change: canonical texts before and after. */
export type FieldChange = { field: UpdatableField; old: string; new: string };
export type Refusal = { key: string; field?: ImportField; vars?: Record<string, string | number> };
export type LineStatus = "updated" | "unchanged" | "refused";
export type LinePlan = { line: number; reference: string; status: LineStatus; changes: FieldChange[]; reason?: Refusal };

/** Which field each column of the file fills ("" for a column left out). */
export type ColumnMapping = (ImportField | "")[];

const LABEL_MAX = 200;
const MONEY_MAX_DIGITS = 8; // numeric(12, 4)
const INT4_MAX = 2_147_483_647;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** csvField's guard against formulas: an apostrophe before a text starting like one (core/csv.ts). */
const GUARDED = /^'(?='*[=+\-@\t\r])/;

/** A header as compared: lower case, no accents, no punctuation. */
export function headerKey(h: string): string {
  return h
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const ALIASES: Record<string, ImportField> = {};
for (const f of IMPORT_FIELDS) ALIASES[headerKey(EXPORT_HEADERS[f])] = f;
Object.assign(ALIASES, {
  ref: "reference",
  "ref modele": "reference",
  "reference modele": "reference",
  sku: "reference",
  "ref produit": "product",
  "reference produit": "product",
  libelle: "label_fr",
  designation: "label_fr",
  nom: "label_fr",
  "nom fr": "label_fr",
  "nom zh": "label_zh",
  "libelle chinois": "label_zh",
  prix: "price",
  "prix ht": "price",
  "prix unitaire ht": "price",
  tva: "vat",
  "taux tva": "vat",
  "tva %": "vat",
  "quantite max": "purchasable_qty",
  "achat maximum": "purchasable_qty",
  "max achat": "purchasable_qty",
} satisfies Record<string, ImportField>);

/** The mapping guessed from the headers (the export's own, and common variants); each field on one column at most. */
export function guessMapping(header: readonly string[], preset?: Readonly<Record<string, string>>): ColumnMapping {
  const taken = new Set<string>();
  return header.map((h) => {
    const key = headerKey(h);
    const f = (preset?.[key] ?? ALIASES[key] ?? "") as ImportField | "";
    if (!f || !IMPORT_FIELDS.includes(f) || taken.has(f)) return "";
    taken.add(f);
    return f;
  });
}

/** A mapping as a preset keeps it: by header, so that it fits a file whose columns come in another order. */
export function presetOf(header: readonly string[], mapping: ColumnMapping): Record<string, ImportField> {
  const out: Record<string, ImportField> = {};
  header.forEach((h, i) => {
    const f = mapping[i];
    if (f) out[headerKey(h)] = f;
  });
  return out;
}

/** Why a mapping cannot run: a message key, or null. The reference must be mapped, each field once. */
export function mappingProblem(mapping: ColumnMapping): string | null {
  if (!mapping.includes("reference")) return "import_mapping_no_reference";
  const used = mapping.filter(Boolean);
  if (new Set(used).size !== used.length) return "import_mapping_twice";
  if (!used.some((f) => f !== "reference" && f !== "product")) return "import_mapping_nothing";
  return null;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; key: string; vars?: Record<string, string | number> };
const fail = (key: string, vars?: Record<string, string | number>): Parsed<never> => ({ ok: false, key, vars });

/** A text cell: trimmed, the formula guard undone, no control character, bounded. */
export function parseText(cell: string, max = LABEL_MAX): Parsed<string> {
  const v = cell.trim().replace(GUARDED, "");
  if (CONTROL.test(v)) return fail("import_bad_text");
  if (v.length > max) return fail("import_too_long", { max });
  return { ok: true, value: v };
}

/** A decimal as staff write it: "1 234,5", "12.50", "12,50 €", "20 %" → its digits and its fraction. */
function decimalParts(cell: string, strip: RegExp): { int: string; frac: string } | null {
  const v = cell.replace(/[\s\u00a0\u202f]/g, "").replace(strip, "");
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(v);
  return m ? { int: m[1].replace(/^0+(?=\d)/, ""), frac: m[2] ?? "" } : null;
}

/** A price HT: at most 4 decimals and 8 whole digits; "12,5" → "12.5000". */
export function parseMoney(cell: string): Parsed<string> {
  const d = decimalParts(cell, /€|EUR|HT$/gi);
  if (!d) return fail("import_bad_price");
  if (d.frac.length > 4) return fail("import_bad_decimals", { max: 4 });
  if (d.int.length > MONEY_MAX_DIGITS) return fail("import_bad_price");
  return { ok: true, value: `${d.int}.${d.frac.padEnd(4, "0")}` };
}

/** A VAT rate in percent ("20", "5,5", "2,1 %"): below 100, at most 2 decimals; "5,5" → "0.0550". */
export function parseVat(cell: string): Parsed<string> {
  const d = decimalParts(cell, /%/g);
  if (!d || d.int.length > 2) return fail("import_bad_vat");
  if (d.frac.length > 2) return fail("import_bad_vat");
  const hundredths = Number(d.int) * 100 + Number(d.frac.padEnd(2, "0"));
  return { ok: true, value: `0.${String(hundredths).padStart(4, "0")}` };
}

/** A whole count ≥ 0 within PostgreSQL's integer. */
export function parseCount(cell: string): Parsed<number> {
  const v = cell.replace(/[\s\u00a0\u202f]/g, "");
  if (!/^\d+$/.test(v)) return fail("import_bad_integer");
  const n = Number(v);
  if (n > INT4_MAX) return fail("import_bad_integer");
  return { ok: true, value: n };
}

const YES = new Set(["oui", "o", "yes", "y", "vrai", "true", "1", "x", "是"]);
const NO = new Set(["non", "n", "no", "faux", "false", "0", "否"]);

export function parseFlag(cell: string): Parsed<boolean> {
  const v = cell.trim().toLowerCase();
  if (YES.has(v)) return { ok: true, value: true };
  if (NO.has(v)) return { ok: true, value: false };
  return fail("import_bad_flag");
}

/** A field's value in canonical text (as FieldChange keeps it). */
function canonical(field: UpdatableField, cell: string): Parsed<string> {
  switch (field) {
    case "label_fr":
    case "label_zh":
      return parseText(cell);
    case "price":
    case "site_price":
      return parseMoney(cell);
    case "vat":
      return parseVat(cell);
    case "stock":
    case "purchasable_qty": {
      const r = parseCount(cell);
      return r.ok ? { ok: true, value: String(r.value) } : r;
    }
    case "not_for_sale":
    case "non_gls": {
      const r = parseFlag(cell);
      return r.ok ? { ok: true, value: String(r.value) } : r;
    }
  }
}

/** The canonical text of a model's field. */
export function stateValue(state: ModelState, field: UpdatableField): string {
  const v = state[field];
  return typeof v === "string" ? v : String(v);
}

/** A canonical value back in the model's type. */
export function typedValue(field: UpdatableField, value: string): string | number | boolean {
  if (field === "stock" || field === "purchasable_qty") return Number(value);
  if (field === "not_for_sale" || field === "non_gls") return value === "true";
  return value;
}

/**
 * What one line of the file does to the catalogue: refused (with its field and reason), unchanged, or updated
 * field by field (old → new). `models` finds a model by its reference; `seen` holds the lines' references read
 * so far (a reference twice in a file: the second is refused, its changes would silently undo the first's).
 */
export function planLine(
  row: { line: number; cells: readonly string[] },
  mapping: ColumnMapping,
  models: (reference: string) => ModelState | undefined,
  seen: Map<string, number>,
): LinePlan {
  const cellOf = (f: ImportField) => {
    const i = mapping.indexOf(f);
    return i < 0 ? undefined : (row.cells[i] ?? "");
  };
  const ref = parseText(cellOf("reference") ?? "", 40);
  const reference = ref.ok ? ref.value : (cellOf("reference") ?? "").trim().slice(0, 40);
  const refused = (reason: Refusal): LinePlan => ({ line: row.line, reference, status: "refused", changes: [], reason });
  if (!ref.ok) return refused({ key: ref.key, field: "reference", vars: ref.vars });
  if (!reference) return refused({ key: "import_no_reference", field: "reference" });
  const before = seen.get(reference);
  if (before !== undefined) return refused({ key: "import_duplicate", field: "reference", vars: { line: before } });
  seen.set(reference, row.line);
  const state = models(reference);
  if (!state) return refused({ key: "import_unknown_reference", field: "reference" });
  const product = cellOf("product")?.trim().replace(GUARDED, "");
  if (product && product !== state.product)
    return refused({ key: "import_other_product", field: "product", vars: { product: state.product } });
  const changes: FieldChange[] = [];
  for (const field of UPDATABLE_FIELDS) {
    const cell = cellOf(field);
    if (cell === undefined || cell.trim() === "") continue; // empty: left as it is
    const parsed = canonical(field, cell);
    if (!parsed.ok) return refused({ key: parsed.key, field, vars: parsed.vars });
    const old = stateValue(state, field);
    if (parsed.value !== old) changes.push({ field, old, new: parsed.value });
  }
  return { line: row.line, reference, status: changes.length ? "updated" : "unchanged", changes };
}

/** Plans every row; the counts of each outcome. */
export function planFile(
  rows: readonly { line: number; cells: readonly string[] }[],
  mapping: ColumnMapping,
  models: (reference: string) => ModelState | undefined,
): LinePlan[] {
  const seen = new Map<string, number>();
  return rows.map((r) => planLine(r, mapping, models, seen));
}

/** Money in the file: "12,5000" (4 decimals, decimal comma, no thousands separator). */
export const fileMoney = (v: string) => v.replace(".", ",");

/** A VAT fraction as the file's percent: "0.2000" → "20", "0.0550" → "5,5". */
export function filePercent(v: string): string {
  const m = /^(\d+)\.(\d{0,4})$/.exec(v);
  if (!m) return v;
  const hundredths = Number(m[1]) * 10_000 + Number(m[2].padEnd(4, "0"));
  const whole = Math.floor(hundredths / 100);
  const frac = String(hundredths % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return frac ? `${whole},${frac}` : String(whole);
}

/** A canonical value as the file writes it. */
export function fileValue(field: UpdatableField, value: string): string {
  switch (field) {
    case "price":
    case "site_price":
      return fileMoney(value);
    case "vat":
      return filePercent(value);
    case "not_for_sale":
    case "non_gls":
      return value === "true" ? "oui" : "non";
    default:
      return value;
  }
}

/** One model as a line of the file. */
export function exportCells(m: ModelState): string[] {
  return [m.reference, m.product, ...UPDATABLE_FIELDS.map((f) => fileValue(f, stateValue(m, f)))];
}

/** The header line and one line per model, CRLF, with the byte order mark (core/csv.ts). */
export function exportHeader(): string {
  return CSV_BOM + IMPORT_FIELDS.map((f) => csvField(EXPORT_HEADERS[f])).join(CSV_SEPARATOR) + "\r\n";
}

export function exportLine(m: ModelState): string {
  return exportCells(m).map(csvField).join(CSV_SEPARATOR) + "\r\n";
}
