import { describe, expect, it } from "vitest";
import { orderCreditSchema } from "./return-desk.ts";

const base = { intent: "credit", kind: "amount", reason: "Casse" };

describe("orderCreditSchema", () => {
  it("reads an amount (the form without scope), the whole order, or lines; by credit note unless the card is asked", () => {
    expect(orderCreditSchema.parse({ ...base, amount: "12,5" })).toEqual({
      way: "credit_note",
      kind: "amount",
      reason: "Casse",
      scope: "amount",
      amount: "12.50",
    });
    expect(orderCreditSchema.parse({ ...base, way: "card", scope: "whole", amount: "n'importe", qty: "x" })).toEqual({
      way: "card",
      kind: "amount",
      reason: "Casse",
      scope: "whole",
    });
    expect(orderCreditSchema.parse({ ...base, scope: "lines", amount: "", line_id: ["4", "7"], qty: ["0", "2"] })).toMatchObject({
      scope: "lines",
      lines: [
        { line_id: 4, num: 0 },
        { line_id: 7, num: 2 },
      ],
    });
  });

  it("refuses lines without a unit, with a bad quantity, or not paired; an amount scope without an amount", () => {
    const issue = (v: object) => orderCreditSchema.safeParse({ ...base, ...v }).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issue({ scope: "lines", line_id: ["4"], qty: ["0"] })).toEqual([["qty", "admin.order_credit_lines_invalid"]]);
    expect(issue({ scope: "lines", line_id: ["4"], qty: ["-1"] })).toEqual([["qty", "admin.order_credit_lines_invalid"]]);
    expect(issue({ scope: "lines", line_id: ["4", "5"], qty: ["1"] })).toEqual([["qty", "admin.order_credit_lines_invalid"]]);
    expect(issue({ scope: "amount", amount: "" })).toEqual([["amount", "admin.order_credit_amount_invalid"]]);
    expect(issue({ scope: "tout", amount: "1" })).toEqual([["scope", "admin.order_credit_scope_required"]]);
    expect(issue({ way: "cheque", amount: "1" })).toEqual([["way", "admin.order_credit_way_required"]]);
  });
});
