import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SERVICE_CARD_REFUND_LIMIT, checkReceived, mayRefundReturn, refundWaysOf, refundableLeft, restock } from "./return-desk.ts";

describe("return desk rules", () => {
  it("checks what came back: every asked line once, 0 … asked, at least one unit", () => {
    const asked = [
      { line_id: 1, num: 3 },
      { line_id: 2, num: 1 },
    ];
    expect(
      checkReceived(
        [
          { line_id: 1, received: 3, resaleable: true },
          { line_id: 2, received: 0, resaleable: false },
        ],
        asked,
      ),
    ).toEqual([]);
    expect(
      checkReceived(
        [
          { line_id: 1, received: 4, resaleable: true },
          { line_id: 2, received: 0, resaleable: true },
        ],
        asked,
      ),
    ).toEqual([{ line_id: 1, key: "over_quantity" }]);
    expect(checkReceived([{ line_id: 1, received: 1, resaleable: true }], asked)).toEqual([{ line_id: 2, key: "missing_line" }]);
    expect(
      checkReceived(
        [
          { line_id: 1, received: 1, resaleable: true },
          { line_id: 1, received: 1, resaleable: true },
          { line_id: 2, received: 1, resaleable: true },
        ],
        asked,
      ),
    ).toEqual([{ line_id: 1, key: "duplicate_line" }]);
    expect(
      checkReceived(
        [
          { line_id: 9, received: 1, resaleable: true },
          { line_id: 1, received: 1, resaleable: true },
          { line_id: 2, received: 1, resaleable: true },
        ],
        asked,
      ),
    ).toEqual([{ line_id: 9, key: "unknown_line" }]);
    expect(
      checkReceived(
        [
          { line_id: 1, received: 0, resaleable: true },
          { line_id: 2, received: 0, resaleable: true },
        ],
        asked,
      ),
    ).toEqual([{ line_id: null, key: "nothing_received" }]);
    expect(
      checkReceived(
        [
          { line_id: 1, received: 1.5, resaleable: true },
          { line_id: 2, received: 1, resaleable: true },
        ],
        asked,
      )[0].key,
    ).toBe("over_quantity");
  });

  it("gives back to stock only the received units of resaleable lines, by model in id order", () => {
    expect(
      restock([
        { model_id: 7, received: 2, resaleable: true },
        { model_id: 3, received: 5, resaleable: false },
        { model_id: 3, received: 1, resaleable: true },
        { model_id: 7, received: 1, resaleable: true },
        { model_id: null, received: 4, resaleable: true },
        { model_id: 5, received: 0, resaleable: true },
      ]),
    ).toEqual([
      { model_id: 3, num: 1 },
      { model_id: 7, num: 3 },
    ]);
  });

  it("never gives back more than received (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ model_id: fc.integer({ min: 1, max: 5 }), received: fc.nat(50), resaleable: fc.boolean() })),
        (lines) => {
          const back = restock(lines);
          const total = back.reduce((s, b) => s + b.num, 0);
          expect(total).toBe(lines.filter((l) => l.resaleable).reduce((s, l) => s + l.received, 0));
          expect(back.map((b) => b.model_id)).toEqual([...back.map((b) => b.model_id)].sort((a, b) => a - b));
        },
      ),
    );
  });

  it("lets a role refund by the way and amount it may", () => {
    expect(mayRefundReturn(["customer_service"], "credit_note", "5000")).toBe(true);
    expect(mayRefundReturn(["customer_service"], "card", SERVICE_CARD_REFUND_LIMIT)).toBe(true);
    expect(mayRefundReturn(["customer_service"], "card", "300.01")).toBe(false);
    expect(mayRefundReturn(["accountant"], "card", "5000")).toBe(true);
    expect(mayRefundReturn(["accountant"], "credit_note", "5000")).toBe(true);
    expect(mayRefundReturn(["warehouse"], "credit_note", "1")).toBe(false);
    expect(mayRefundReturn(["warehouse"], "card", "1")).toBe(false);
    expect(mayRefundReturn(["planner", "catalogue"], "card", "1")).toBe(false);
    expect(refundWaysOf(["customer_service"], "400")).toEqual(["credit_note"]);
    expect(refundWaysOf(["owner"], "400")).toEqual(["credit_note", "card"]);
  });

  it("bounds what an order may still give back by what it was paid", () => {
    const o = { paid: true, cancelled: false, total_ttc: "120.00", balance_due: "0", credited: "0", refunded: "0" };
    expect(refundableLeft(o)).toBe("120.00");
    expect(refundableLeft({ ...o, balance_due: "20.00", credited: "30.00", refunded: "10.00" })).toBe("60.00");
    expect(refundableLeft({ ...o, credited: "100.00", refunded: "50.00" })).toBe("0.00");
    expect(refundableLeft({ ...o, paid: false })).toBe("0.00");
    expect(refundableLeft({ ...o, cancelled: true })).toBe("0.00");
  });
});
