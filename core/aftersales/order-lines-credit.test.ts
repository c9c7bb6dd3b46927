import { describe, expect, it } from "vitest";
import { orderLinesCredit } from "./return-desk.ts";

const lines = [
  { id: 1, line_ht: "100.00", num: 4, tva: "0.2000" },
  { id: 2, line_ht: "12.34", num: 3, tva: "0.0550" },
];
const none = { discount_amount: "0" };

describe("orderLinesCredit", () => {
  it("credits a line's price × quantity TTC at 20 %", () => {
    expect(orderLinesCredit(lines, [{ line_id: 1, num: 2 }], none)).toEqual({ ttc: "60.00", lines: [{ line_id: 1, num: 2 }] });
  });

  it("credits at 5.5 %, HT to the cent then VAT to the cent", () => {
    // 12.34 / 3 = 4.11 HT; 4.11 × 5.5 % = 0.226 → 0.23 VAT
    expect(orderLinesCredit(lines, [{ line_id: 2, num: 1 }], none)?.ttc).toBe("4.34");
  });

  it("sums both rates, leaves zero quantities out", () => {
    const r = orderLinesCredit(
      lines,
      [
        { line_id: 1, num: 2 },
        { line_id: 2, num: 1 },
      ],
      none,
    );
    expect(r?.ttc).toBe("64.34");
    expect(
      orderLinesCredit(
        lines,
        [
          { line_id: 1, num: 0 },
          { line_id: 2, num: 3 },
        ],
        none,
      )?.lines,
    ).toEqual([{ line_id: 2, num: 3 }]);
  });

  it("gives the whole goods back TTC when every line is chosen whole", () => {
    // 100.00 + 20.00 VAT, 12.34 + 0.68 VAT
    const all = orderLinesCredit(
      lines,
      lines.map((l) => ({ line_id: l.id, num: l.num })),
      none,
    );
    expect(all?.ttc).toBe("133.02");
  });

  it("takes the line's share of the order's discount off", () => {
    // 10 × 100 / 112.34 = 8.90 off → 91.10 HT → 109.32 TTC
    expect(orderLinesCredit(lines, [{ line_id: 1, num: 4 }], { discount_amount: "10.00" })?.ttc).toBe("109.32");
  });

  it("refuses unknown, repeated, out-of-range or empty choices", () => {
    expect(orderLinesCredit(lines, [{ line_id: 9, num: 1 }], none)).toBeNull();
    expect(orderLinesCredit(lines, [{ line_id: 1, num: 5 }], none)).toBeNull();
    expect(orderLinesCredit(lines, [{ line_id: 1, num: -1 }], none)).toBeNull();
    expect(orderLinesCredit(lines, [{ line_id: 1, num: 1.5 }], none)).toBeNull();
    expect(
      orderLinesCredit(
        lines,
        [
          { line_id: 1, num: 1 },
          { line_id: 1, num: 1 },
        ],
        none,
      ),
    ).toBeNull();
    expect(orderLinesCredit(lines, [{ line_id: 1, num: 0 }], none)).toBeNull();
    expect(orderLinesCredit(lines, [], none)).toBeNull();
  });
});
