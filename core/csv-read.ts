// Reading a CSV file as staff send it: saved by Excel in UTF-8 (with or without its byte order mark) or in
// Windows-1252 (a French Excel's "CSV (séparateur : point-virgule)"), fields separated by ";" or "," (or a tab),
// quoted as RFC 4180 (a quoted field may hold the separator, doubled quotes and line breaks), lines ended by CRLF,
// LF or CR. Bounded before anything is kept: bytes, lines, columns and the length of a field.

export const CSV_READ_MAX_BYTES = 5 * 1024 * 1024;
/** Data lines (the header line not counted). */
export const CSV_READ_MAX_LINES = 20_000;
export const CSV_READ_MAX_COLUMNS = 40;
export const CSV_READ_MAX_CELL = 2_000;

export type CsvEncoding = "utf-8" | "windows-1252";
export type CsvSeparator = ";" | "," | "\t";

/** Why a file cannot be read: a message key of the `admin` namespace and its values. */
export class CsvReadError extends Error {
  constructor(
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** The text of the file: UTF-8 when its bytes are valid UTF-8 (its byte order mark dropped), else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes.length > CSV_READ_MAX_BYTES) throw new CsvReadError("import_file_too_big", { max: CSV_READ_MAX_BYTES / 1024 / 1024 });
  try {
    // fatal: an invalid sequence throws instead of becoming U+FFFD; ignoreBOM false: the mark is dropped
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}

/** Windows-1252's 0x80–0x9F (€, œ, curly quotes…); undefined bytes stay as their code. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Every byte is a character: ISO-8859-1 but for 0x80–0x9F (Node's own decoder, without full ICU, reads it as Latin-1). */
function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const codes = Array.from(bytes.subarray(i, i + 8192), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}

/** The separator of the first line: the most frequent of ";", ",", tab outside quotes (";" on a tie, or none). */
export function detectSeparator(text: string): CsvSeparator {
  const counts = { ";": 0, ",": 0, "\t": 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && (c === ";" || c === "," || c === "\t")) counts[c]++;
  }
  if (counts[","] > counts[";"] && counts[","] >= counts["\t"]) return ",";
  if (counts["\t"] > counts[";"] && counts["\t"] > counts[","]) return "\t";
  return ";";
}

export type CsvRow = { /** The file's line number where the row starts (1 = the header). */ line: number; cells: string[] };
export type CsvTable = { header: string[]; rows: CsvRow[] };

/**
 * The header and the data rows of a text. Cells are kept as written (quotes removed, doubled quotes undone);
 * blank rows (every cell empty, as Excel leaves after the data) are skipped. A quote left open, too many lines,
 * columns or characters in a cell: a CsvReadError naming the line.
 */
export function parseCsv(text: string, separator: CsvSeparator): CsvTable {
  const rows: CsvRow[] = [];
  let line = 1;
  let start = 1;
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    if (field.length > CSV_READ_MAX_CELL) throw new CsvReadError("import_cell_too_long", { line: start, max: CSV_READ_MAX_CELL });
    row.push(field);
    if (row.length > CSV_READ_MAX_COLUMNS) throw new CsvReadError("import_too_many_columns", { line: start, max: CSV_READ_MAX_COLUMNS });
    field = "";
    wasQuoted = false;
  };
  const endRow = () => {
    endField();
    if (row.some((c) => c.trim() !== "")) {
      if (rows.length > CSV_READ_MAX_LINES) throw new CsvReadError("import_too_many_lines", { max: CSV_READ_MAX_LINES });
      rows.push({ line: start, cells: row });
    }
    row = [];
  };
  const body = text.startsWith("\ufeff") ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n" || (c === "\r" && body[i + 1] !== "\n")) line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && !wasQuoted && field.trim() === "") {
      // an opening quote (spaces before it, as some tools write, are dropped)
      quoted = true;
      wasQuoted = true;
      field = "";
    } else if (c === separator) endField();
    else if (c === "\r" || c === "\n") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      endRow();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw new CsvReadError("import_unclosed_quote", { line: start });
  if (field !== "" || row.length > 0) endRow();
  if (rows.length === 0) throw new CsvReadError("import_file_empty");
  const [header, ...data] = rows;
  return { header: header.cells.map((h) => h.trim()), rows: data };
}

/** Decodes, finds the separator and parses: what an upload becomes. */
export function readCsv(bytes: Uint8Array): CsvTable & { encoding: CsvEncoding; separator: CsvSeparator; text: string } {
  if (bytes.length === 0) throw new CsvReadError("import_file_empty");
  const { text, encoding } = decodeCsv(bytes);
  const separator = detectSeparator(text.startsWith("\ufeff") ? text.slice(1) : text);
  return { ...parseCsv(text, separator), encoding, separator, text };
}
