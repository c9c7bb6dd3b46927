import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CSV_BOM, csvField, csvText } from "./csv.ts";

/** RFC 4180 read back with ";": the rows of a file written by csvText, without its byte order mark. */
function parse(file: string): string[][] {
  const text = file.slice(CSV_BOM.length);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") endField();
    else if (c === "\r" && text[i + 1] === "\n") {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  return rows;
}

describe("csv", () => {
  it("writes the byte order mark, ';' between fields and CRLF after each row", () => {
    expect(
      csvText([
        ["N°", "Société"],
        ["CE2026-000123", "Boulangerie Dupont"],
      ]),
    ).toBe("\ufeffN°;Société\r\nCE2026-000123;Boulangerie Dupont\r\n");
    expect(csvText([])).toBe("\ufeff");
  });

  it("quotes a field with the separator, a quote, a line break or surrounding spaces; empties null", () => {
    expect(csvField('Dupont; "fils"')).toBe('"Dupont; ""fils"""');
    expect(csvField("a\nb")).toBe('"a\nb"');
    expect(csvField(" a")).toBe('" a"');
    expect(csvField(null)).toBe("");
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField("12,50")).toBe("12,50");
  });

  it("never lets a text start as a formula", () => {
    for (const t of ['=HYPERLINK("x")', "+33 1", "-2", "@SUM(A1)", "\tx"]) expect(csvField(t).replace(/^"/, "")).toMatch(/^'/);
  });

  it("reads back every text as written (a formula-like one with its apostrophe)", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 5 }), { maxLength: 5 }), (rows) => {
        const guarded = rows.map((r) => r.map((v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v)));
        expect(parse(csvText(rows))).toEqual(guarded);
      }),
    );
  });
});
