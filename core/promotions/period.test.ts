import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { daysOf, periodOf, periodState, shopDayStart } from "./period.ts";
import { addDays } from "../aftersales/deliveries.ts";

describe("shop days as instants", () => {
  it("starts a day at midnight in Paris, in winter and in summer", () => {
    expect(shopDayStart("2026-12-01").toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(shopDayStart("2026-07-14").toISOString()).toBe("2026-07-13T22:00:00.000Z");
    // the days of the changes of offset
    expect(shopDayStart("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(shopDayStart("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z");
  });

  it("stores from … to as [start of from, start of the day after to), open-ended without to", () => {
    const p = periodOf("2026-12-01", "2026-12-31");
    expect(p.startsAt.toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(p.endsAt!.toISOString()).toBe("2026-12-31T23:00:00.000Z");
    expect(periodOf("2026-12-01", null).endsAt).toBeNull();
  });

  it("gives back the days it was made of, and a one-day period ends after it starts", () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays("2024-01-01", n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (from, len) => {
        const to = addDays(from, len);
        const p = periodOf(from, to);
        expect(p.endsAt!.getTime()).toBeGreaterThan(p.startsAt.getTime());
        expect(daysOf({ starts_at: p.startsAt, ends_at: p.endsAt })).toEqual({ from, to });
      }),
    );
  });

  it("tells upcoming, running and ended", () => {
    const p = { starts_at: "2026-12-01T00:00:00Z", ends_at: "2026-12-10T00:00:00Z" };
    expect(periodState(p, new Date("2026-11-30T23:59:59Z"))).toBe("upcoming");
    expect(periodState(p, new Date("2026-12-01T00:00:00Z"))).toBe("running");
    expect(periodState(p, new Date("2026-12-10T00:00:00Z"))).toBe("ended");
    expect(periodState({ ...p, ends_at: null }, new Date("2030-01-01"))).toBe("running");
  });
});

describe("percentages shown and pre-filled", async () => {
  const { percentOf, percentText } = await import("./display.ts");
  it("turns the stored fraction back into what the form reads, and into the page's language", () => {
    expect(percentOf("0.1250")).toBe("12.5");
    expect(percentOf("1.0000")).toBe("100");
    expect(percentOf("0.0800")).toBe("8");
    expect(percentText("0.1250", "fr")).toBe("12,5\u00a0%");
    expect(percentText("0.0800", "zh")).toBe("8%");
  });
});
