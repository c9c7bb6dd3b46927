import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { csvText } from "./csv.ts";
import { CSV_READ_MAX_CELL, CSV_READ_MAX_COLUMNS, CsvReadError, decodeCsv, detectSeparator, parseCsv, readCsv } from "./csv-read.ts";

const bytes = (s: string) => new TextEncoder().encode(s);
const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof CsvReadError ? { key: e.key, vars: e.vars } : e;
  }
  return null;
};

describe("decodeCsv", () => {
  it("reads UTF-8, with or without its byte order mark", () => {
    expect(decodeCsv(bytes("\ufeffRéférence;标签"))).toEqual({ text: "Référence;标签", encoding: "utf-8" });
    expect(decodeCsv(bytes("Prix HT;Libellé"))).toEqual({ text: "Prix HT;Libellé", encoding: "utf-8" });
  });

  it("reads Windows-1252 (a French Excel's CSV) when the bytes are not UTF-8", () => {
    // "Référence;Prix € ;œuf" in Windows-1252: é = E9, € = 80, œ = 9C
    const w = Uint8Array.from([0x52, 0xe9, 0x66, 0xe9, 0x72, 0x65, 0x6e, 0x63, 0x65, 0x3b, 0x80, 0x3b, 0x9c, 0x75, 0x66]);
    expect(decodeCsv(w)).toEqual({ text: "Référence;€;œuf", encoding: "windows-1252" });
  });

  it("refuses a file over the size limit before decoding it", () => {
    expect(errorOf(() => decodeCsv(new Uint8Array(5 * 1024 * 1024 + 1)))).toEqual({ key: "import_file_too_big", vars: { max: 5 } });
  });
});

describe("detectSeparator", () => {
  it("takes the separator of the header line, quotes ignored", () => {
    expect(detectSeparator("a;b;c\n1,5;2;3")).toBe(";");
    expect(detectSeparator("a,b,c\n1;2")).toBe(",");
    expect(detectSeparator('"a;b",c,d')).toBe(",");
    expect(detectSeparator("a\tb\tc")).toBe("\t");
    expect(detectSeparator("reference")).toBe(";");
  });
});

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, line breaks inside quotes, CRLF / LF / CR, and numbers each row's line", () => {
    const t = parseCsv('Réf;Libellé\r\nA1;"Carton; ""double"""\r\nA2;"deux\r\nlignes"\nA3;x\rA4;  \r\n\r\n;;\r\n', ";");
    expect(t.header).toEqual(["Réf", "Libellé"]);
    expect(t.rows).toEqual([
      { line: 2, cells: ["A1", 'Carton; "double"'] },
      { line: 3, cells: ["A2", "deux\r\nlignes"] },
      { line: 5, cells: ["A3", "x"] },
      { line: 6, cells: ["A4", "  "] },
    ]);
  });

  it("keeps a decimal comma inside a quoted field of a comma-separated file", () => {
    expect(parseCsv('ref,prix\nA1,"12,50"\n', ",").rows[0].cells).toEqual(["A1", "12,50"]);
  });

  it("names the line of an unclosed quote, and bounds columns and cells", () => {
    expect(errorOf(() => parseCsv('a;b\nx;"open\nmore', ";"))).toEqual({ key: "import_unclosed_quote", vars: { line: 2 } });
    expect(errorOf(() => parseCsv(`a\n${";".repeat(CSV_READ_MAX_COLUMNS)}x`, ";"))).toEqual({
      key: "import_too_many_columns",
      vars: { line: 2, max: CSV_READ_MAX_COLUMNS },
    });
    expect(errorOf(() => parseCsv(`a\n${"x".repeat(CSV_READ_MAX_CELL + 1)}`, ";"))).toEqual({
      key: "import_cell_too_long",
      vars: { line: 2, max: CSV_READ_MAX_CELL },
    });
    expect(errorOf(() => parseCsv("\r\n ; \r\n", ";"))).toEqual({ key: "import_file_empty", vars: {} });
  });

  it("refuses more than 20,000 data lines", () => {
    expect(errorOf(() => parseCsv("ref\n" + "x\n".repeat(20_001), ";"))).toEqual({ key: "import_too_many_lines", vars: { max: 20_000 } });
    expect(parseCsv("ref\n" + "x\n".repeat(20_000), ";").rows).toHaveLength(20_000);
  });

  it("reads back what csvText writes, whatever the texts (property)", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "é", "中", ";", ",", '"', "\r\n", " ", "=", "-", "'", "1"), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const all = [["h1", "h2"], ...rows];
        const read = readCsv(new TextEncoder().encode(csvText(all)));
        const unguard = (c: string) => (/^'+[=+\-@\t\r]/.test(c) || /^'*[=+\-@\t\r]/.test(c.slice(1)) ? c.replace(/^'/, "") : c);
        // a blank line is skipped, but a cell the formula guard wrote an apostrophe before ("\r\n" → "'\r\n") is not blank
        const kept = rows.filter((r) => r.some((c) => c.trim() !== "" || /^[=+\-@\t\r]/.test(c)));
        expect(read.rows.map((r) => r.cells.map(unguard))).toEqual(kept);
      }),
    );
  });
});
