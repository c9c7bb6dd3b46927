// A CSV file as a French Excel opens it by a double click: fields separated by ";", lines ended by CRLF, a UTF-8
// byte order mark first (else accents and Chinese come out garbled). A field holding the separator, a quote, a line
// break or surrounding spaces is quoted, its quotes doubled (RFC 4180). A text starting like a formula (= + - @, tab,
// CR) gets a leading apostrophe, so a customer's company name never runs as a formula in the spreadsheet.
export const CSV_SEPARATOR = ";";
export const CSV_BOM = "\ufeff";

export type CsvCell = string | number | null | undefined;

// an apostrophe already there is guarded too, so that reading the file back (core/csv-read.ts) drops exactly one
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** One field: numbers as they are, null and undefined empty, texts guarded and quoted when needed. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the byte order mark, then each row on its line (a header row is a row like the others). */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + rows.map((row) => row.map(csvField).join(CSV_SEPARATOR) + "\r\n").join("");
}
