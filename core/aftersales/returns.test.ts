import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { RETURN_PERIOD_DAYS, RETURN_STATUSES, canMoveReturn, checkReturnLines, returnWindow, returnable } from "./returns.ts";

const DAY = 86_400_000;

describe("returnWindow (SPEC §9: 15 days)", () => {
  const delivered = "2026-11-10T09:00:00.000Z";
  it("is open from the delivery to 15 × 24 h later, that moment included", () => {
    expect(RETURN_PERIOD_DAYS).toBe(15);
    expect(returnWindow({ status: "delivered", delivered_at: delivered }, new Date("2026-11-10T09:00:00Z")).open).toBe(true);
    const end = new Date("2026-11-25T09:00:00Z");
    expect(returnWindow({ status: "delivered", delivered_at: delivered }, end)).toEqual({ open: true, ends_at: end, reason: null });
    expect(returnWindow({ status: "delivered", delivered_at: delivered }, new Date(end.getTime() + 1))).toMatchObject({
      open: false,
      reason: "expired",
    });
  });
  it("has no window for an order that is not delivered", () => {
    for (const status of ["unpaid", "processing", "planned", "shipped", "cancelled"])
      expect(returnWindow({ status, delivered_at: delivered }, new Date(delivered)).reason).toBe("not_delivered");
    expect(returnWindow({ status: "delivered", delivered_at: null }, new Date()).open).toBe(false);
    expect(returnWindow({ status: "delivered", delivered_at: "garbage" }, new Date()).open).toBe(false);
  });
  it("is open exactly when now − delivery ≤ 15 days (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: -10 * DAY, max: 40 * DAY }), (t, dt) => {
        const w = returnWindow({ status: "delivered", delivered_at: new Date(t) }, new Date(t + dt));
        expect(w.open).toBe(dt <= RETURN_PERIOD_DAYS * DAY);
        expect(w.ends_at!.getTime() - t).toBe(RETURN_PERIOD_DAYS * DAY);
      }),
    );
  });
});

describe("checkReturnLines", () => {
  const lines = [
    { id: 1, delivered: 5, returned: 0 },
    { id: 2, delivered: 3, returned: 3 },
    { id: 3, delivered: 4, returned: 1 },
  ];
  it("accepts 1 … delivered − already returned on the order's own lines", () => {
    expect(
      checkReturnLines(
        [
          { line_id: 1, num: 5 },
          { line_id: 3, num: 3 },
        ],
        lines,
      ),
    ).toEqual([]);
  });
  it("refuses more than returnable, zero, unknown and repeated lines", () => {
    expect(checkReturnLines([{ line_id: 3, num: 4 }], lines)).toEqual([{ line_id: 3, key: "over_quantity", max: 3 }]);
    expect(checkReturnLines([{ line_id: 2, num: 1 }], lines)).toEqual([{ line_id: 2, key: "over_quantity", max: 0 }]);
    expect(checkReturnLines([{ line_id: 1, num: 0 }], lines)[0].key).toBe("over_quantity");
    expect(checkReturnLines([{ line_id: 9, num: 1 }], lines)[0].key).toBe("unknown_line");
    expect(
      checkReturnLines(
        [
          { line_id: 1, num: 1 },
          { line_id: 1, num: 1 },
        ],
        lines,
      ),
    ).toEqual([{ line_id: 1, key: "duplicate_line", max: 5 }]);
  });
  it("never lets the total asked on a line exceed what was delivered (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.array(fc.integer({ min: -2, max: 60 }), { maxLength: 8 }), (delivered, requests) => {
        // successive requests on one line, each checked against what the earlier accepted ones hold
        let returned = 0;
        for (const num of requests) {
          const ok = checkReturnLines([{ line_id: 1, num }], [{ id: 1, delivered, returned }]).length === 0;
          if (ok) returned += num;
          expect(ok).toBe(num >= 1 && num <= delivered - (returned - (ok ? num : 0)));
        }
        expect(returned).toBeLessThanOrEqual(delivered);
        expect(returnable({ id: 1, delivered, returned })).toBe(delivered - returned);
      }),
    );
  });
});

describe("return statuses", () => {
  it("follow requested → accepted|refused, accepted → received → refunded only", () => {
    const allowed = RETURN_STATUSES.flatMap((a) => RETURN_STATUSES.filter((b) => canMoveReturn(a, b)).map((b) => `${a}>${b}`));
    expect(allowed).toEqual(["requested>accepted", "requested>refused", "accepted>received", "received>refunded"]);
  });
});
