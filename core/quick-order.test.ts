import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseQuantity, parseQuickOrder, QUICK_ORDER_MAX_CHARS, QUICK_ORDER_MAX_LINES, type QuickOrderParse } from "./quick-order.ts";

const ok = (r: QuickOrderParse) => {
  if (!r.ok) throw new Error(`refused: ${r.key}`);
  return r;
};

describe("parseQuickOrder", () => {
  it("reads reference;quantity lines with ; , or tab, skipping empty lines", () => {
    const r = ok(parseQuickOrder("SAC-01;3\n\nbox-2,10\r\nGANT-3\t4\n"));
    expect(r.entries).toEqual([
      { line: 1, reference: "SAC-01", quantity: 3, merged: [] },
      { line: 3, reference: "BOX-2", quantity: 10, merged: [] },
      { line: 4, reference: "GANT-3", quantity: 4, merged: [] },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.header).toBe(false);
  });

  it("skips a header line, a BOM and CSV quotes", () => {
    const r = ok(parseQuickOrder('\uFEFFRéférence;Quantité\n"SAC-01";"2"\n'));
    expect(r.header).toBe(true);
    expect(r.entries).toEqual([{ line: 2, reference: "SAC-01", quantity: 2, merged: [] }]);
    expect(ok(parseQuickOrder("参考,数量\nA,1")).header).toBe(true);
    expect(ok(parseQuickOrder("reference\tqty\nA\t1")).header).toBe(true);
  });

  it("a first line with a numeric quantity is data, not a header", () => {
    const r = ok(parseQuickOrder("REF-1;2"));
    expect(r.header).toBe(false);
    expect(r.entries).toHaveLength(1);
  });

  it("a reference alone means one", () => {
    expect(ok(parseQuickOrder("SAC-01")).entries[0].quantity).toBe(1);
  });

  it("refuses bad quantities and missing references line by line", () => {
    const r = ok(parseQuickOrder("A;0\nB;-2\nC;1.5\nD;abc\n;4\nE;2\nF;100001\n" + "X".repeat(41) + ";1"));
    expect(r.entries.map((e) => e.reference)).toEqual(["E"]);
    expect(r.refused.map((x) => [x.line, x.key])).toEqual([
      [1, "area.qo_bad_quantity"],
      [2, "area.qo_bad_quantity"],
      [3, "area.qo_bad_quantity"],
      [4, "area.qo_bad_quantity"],
      [5, "area.qo_missing_reference"],
      [7, "area.qo_bad_quantity"],
      [8, "area.qo_reference_too_long"],
    ]);
  });

  it("merges duplicates (any case) into the first line", () => {
    const r = ok(parseQuickOrder("sac-01;2\nB;1\nSAC-01;5"));
    expect(r.entries[0]).toEqual({ line: 1, reference: "SAC-01", quantity: 7, merged: [3] });
  });

  it("refuses empty input, more than 500 lines and too long a text", () => {
    expect(parseQuickOrder(" \n\n")).toMatchObject({ ok: false, key: "area.qo_empty" });
    expect(parseQuickOrder("Référence;Quantité\n")).toMatchObject({ ok: false, key: "area.qo_empty" });
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `R${i};1`).join("\n");
    expect(ok(parseQuickOrder(lines(QUICK_ORDER_MAX_LINES))).entries).toHaveLength(500);
    expect(ok(parseQuickOrder(`ref;qty\n${lines(500)}`)).entries).toHaveLength(500);
    expect(parseQuickOrder(lines(QUICK_ORDER_MAX_LINES + 1))).toMatchObject({
      ok: false,
      key: "area.qo_too_many_lines",
      vars: { max: 500 },
    });
    expect(parseQuickOrder("A;1\n" + " ".repeat(QUICK_ORDER_MAX_CHARS))).toMatchObject({ ok: false, key: "area.qo_too_long" });
  });

  it("parseQuantity", () => {
    expect(parseQuantity(" 12 ")).toBe(12);
    expect(parseQuantity("12,0")).toBe(12);
    expect(parseQuantity("1e3")).toBeNull();
    expect(parseQuantity("")).toBeNull();
  });
});

describe("parseQuickOrder properties", () => {
  const ref = fc.stringMatching(/^[A-Z][A-Z0-9-]{0,11}$/);
  const row = fc.record({ reference: ref, quantity: fc.integer({ min: 1, max: 999 }), sep: fc.constantFrom(";", ",", "\t") });

  it("every valid line ends in exactly one entry, quantities summed per reference", () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 60 }), (rows) => {
        const r = ok(parseQuickOrder(rows.map((x) => `${x.reference.toLowerCase()}${x.sep}${x.quantity}`).join("\n")));
        expect(r.refused).toEqual([]);
        const expected = new Map<string, number>();
        for (const x of rows) expected.set(x.reference, (expected.get(x.reference) ?? 0) + x.quantity);
        expect(new Map(r.entries.map((e) => [e.reference, e.quantity]))).toEqual(expected);
        expect(r.entries.reduce((n, e) => n + 1 + e.merged.length, 0)).toBe(rows.length);
      }),
    );
  });

  it("never throws; every non-empty line is an entry line, a merged line, a refused line or the header", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const r = parseQuickOrder(text);
        if (!r.ok) return;
        const nonEmpty = text
          .replace(/^\uFEFF/, "")
          .split(/\r\n|\r|\n/)
          .filter((l) => l.trim()).length;
        const counted = r.entries.reduce((n, e) => n + 1 + e.merged.length, 0) + r.refused.length + (r.header ? 1 : 0);
        expect(counted).toBe(nonEmpty);
        for (const e of r.entries) expect(e.quantity).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
