import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { StaffRole } from "../staff/permissions.ts";
import { staffOrderParams, staffOrderQuerySchema } from "../validation/staff-orders.ts";
import { SALES_STATUSES, chartTop, dashboardParts, fillSeries, salesQuery, sumAmounts } from "./figures.ts";

describe("dashboard figures", () => {
  it("counts paid orders not cancelled as sales", () => {
    expect(SALES_STATUSES).not.toContain("unpaid");
    expect(SALES_STATUSES).not.toContain("cancelled");
    expect(SALES_STATUSES).toContain("processing");
    expect(SALES_STATUSES).toContain("delivered");
    expect(SALES_STATUSES).toContain("picked_up");
  });

  it("opens to each role only its parts: sales need orders and the accounts, the catalogue sees stock alone", () => {
    const of = (r: StaffRole) => [...dashboardParts([r])].sort();
    expect(of("owner")).toEqual(["deliveries", "low_stock", "questions", "returns", "sales", "to_prepare"]);
    expect(of("manager")).toEqual(["deliveries", "low_stock", "questions", "returns", "sales", "to_prepare"]);
    expect(of("warehouse")).toEqual(["to_prepare"]);
    expect(of("planner")).toEqual(["deliveries", "to_prepare"]);
    expect(of("customer_service")).toEqual(["low_stock", "questions", "returns"]);
    expect(of("catalogue")).toEqual(["low_stock"]);
    expect(of("accountant")).toEqual(["returns", "sales"]);
    expect([...dashboardParts(["warehouse", "catalogue"])].sort()).toEqual(["low_stock", "to_prepare"]);
    expect(dashboardParts([]).size).toBe(0);
  });

  it("fills the chart's empty buckets with zero, in the buckets' order", () => {
    const buckets = [
      { from: "2026-11-01", to: "2026-11-01" },
      { from: "2026-11-02", to: "2026-11-02" },
      { from: "2026-11-03", to: "2026-11-03" },
    ];
    expect(
      fillSeries(buckets, [
        { bucket: "2026-11-03", orders: 2, revenue_ht: "10.5" },
        { bucket: "2026-10-01", orders: 9, revenue_ht: "1" },
      ]),
    ).toEqual([
      { from: "2026-11-01", to: "2026-11-01", orders: 0, revenue_ht: "0.00" },
      { from: "2026-11-02", to: "2026-11-02", orders: 0, revenue_ht: "0.00" },
      { from: "2026-11-03", to: "2026-11-03", orders: 2, revenue_ht: "10.50" },
    ]);
  });

  it("adds amounts exactly in cents", () => {
    expect(sumAmounts(["0.10", "0.20", 0.3])).toBe("0.60");
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 })), (cents) => {
        expect(sumAmounts(cents.map((c) => (c / 100).toFixed(2)))).toBe((cents.reduce((s, c) => s + c, 0) / 100).toFixed(2));
      }),
    );
  });

  it("tops the chart at a round value at or above the largest", () => {
    expect(chartTop(0)).toBe(1);
    expect(chartTop(7)).toBe(10);
    expect(chartTop(1234)).toBe(2000);
    expect(chartTop(4800)).toBe(5000);
    expect(chartTop(5000)).toBe(5000);
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e9, noNaN: true }), (m) => {
        const top = chartTop(m);
        expect(top).toBeGreaterThanOrEqual(m);
        expect(top).toBeLessThanOrEqual(m * 5.0001);
      }),
    );
  });

  it("links a sales figure to the order queue filtered on the very orders it counts", () => {
    const q = salesQuery({ from: "2026-11-23", to: "2026-11-29" });
    const parsed = staffOrderQuerySchema.parse(staffOrderParams(new URLSearchParams(q)));
    expect(parsed.placed_from).toBe("2026-11-23");
    expect(parsed.placed_to).toBe("2026-11-29");
    expect(parsed.status).toEqual([...SALES_STATUSES]);
  });
});
