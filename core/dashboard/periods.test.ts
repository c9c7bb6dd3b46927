import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addMonths, chartBuckets, currentPeriods, mondayOf, parisToday, topProductsRange, CHART_GRAINS, CHART_LENGTH } from "./periods.ts";
import { addDays } from "../aftersales/deliveries.ts";

describe("dashboard periods (Europe/Paris)", () => {
  it("takes today in Paris: 23:30 UTC is already tomorrow in Paris, in winter and in summer", () => {
    expect(parisToday(new Date("2026-01-14T22:59:00Z"))).toBe("2026-01-14");
    expect(parisToday(new Date("2026-01-14T23:00:00Z"))).toBe("2026-01-15");
    expect(parisToday(new Date("2026-07-14T21:59:00Z"))).toBe("2026-07-14");
    expect(parisToday(new Date("2026-07-14T22:00:00Z"))).toBe("2026-07-15");
    // the night summer time starts: 01:30 UTC is 03:30 in Paris
    expect(parisToday(new Date("2026-03-29T01:30:00Z"))).toBe("2026-03-29");
  });

  it("runs the week from Monday to Sunday", () => {
    expect(currentPeriods("2026-11-28")).toEqual({
      today: { from: "2026-11-28", to: "2026-11-28" },
      week: { from: "2026-11-23", to: "2026-11-29" },
    });
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(currentPeriods("2026-01-01").week).toEqual({ from: "2025-12-29", to: "2026-01-04" });
  });

  it("adds months across years", () => {
    expect(addMonths("2026-01-31", -1)).toBe("2025-12-01");
    expect(addMonths("2026-11-28", 2)).toBe("2027-01-01");
    expect(addMonths("2026-03-15", -14)).toBe("2025-01-01");
  });

  it("cuts the chart into the last 30 days, 12 weeks, 12 months, the last bucket ending today", () => {
    const days = chartBuckets("day", "2026-03-01");
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ from: "2026-01-31", to: "2026-01-31" });
    expect(days.at(-1)).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    const weeks = chartBuckets("week", "2026-11-28");
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ from: "2026-11-23", to: "2026-11-28" });
    expect(weeks.at(-2)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    const months = chartBuckets("month", "2026-02-10");
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ from: "2025-03-01", to: "2025-03-31" });
    expect(months.at(-2)).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(months.at(-1)).toEqual({ from: "2026-02-01", to: "2026-02-10" });
    expect(topProductsRange("2026-03-01")).toEqual({ from: "2026-01-31", to: "2026-03-01" });
  });

  it("covers each day of the chart's span once, buckets in order and contiguous (property)", () => {
    const day = fc
      .date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.constantFrom(...CHART_GRAINS), (today, grain) => {
        const b = chartBuckets(grain, today);
        expect(b).toHaveLength(CHART_LENGTH[grain]);
        expect(b.at(-1)!.to).toBe(today);
        for (let i = 0; i < b.length; i++) {
          expect(b[i].from <= b[i].to).toBe(true);
          if (i > 0) expect(b[i].from).toBe(addDays(b[i - 1].to, 1));
        }
      }),
    );
  });
});
