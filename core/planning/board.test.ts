import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays, isWorkingDay } from "../aftersales/deliveries.ts";
import { BOARD_DAYS, DELIVERY_FLOWS, boardDay, boardSpan, deliveryFlow } from "./board.ts";
import { weekdayOf } from "./capacity.ts";

const dateArb = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2032, 0, 1) }).map((t) => new Date(t).toISOString().slice(0, 10));

describe("the board's two weeks", () => {
  it("start on the Monday of the day asked and hold their working days", () => {
    const span = boardSpan("2026-11-11"); // a Wednesday, Armistice
    expect(span.from).toBe("2026-11-09");
    expect(span.dates).toEqual([
      "2026-11-09",
      "2026-11-10",
      "2026-11-12",
      "2026-11-13",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(span.previous).toBe("2026-10-26");
    expect(span.next).toBe("2026-11-23");
    expect(boardDay("2026-02-30", "2026-11-19")).toBe("2026-11-19");
    expect(boardDay(null, "2026-11-19")).toBe("2026-11-19");
    expect(boardDay("2026-12-01", "2026-11-19")).toBe("2026-12-01");
  });

  it("hold every working day of the fortnight, in order, whatever the day asked", () => {
    fc.assert(
      fc.property(dateArb, (day) => {
        const span = boardSpan(day);
        expect(weekdayOf(span.from)).toBe(1);
        expect(span.from <= day && day < span.next).toBe(true);
        const all = Array.from({ length: BOARD_DAYS }, (_, i) => addDays(span.from, i));
        expect(span.dates).toEqual(all.filter(isWorkingDay));
        expect(boardSpan(span.next).previous).toBe(span.from);
      }),
    );
  });
});

describe("where a delivery stands", () => {
  it("follows the customer's answer, and tells a date the shop moved without one", () => {
    expect(deliveryFlow({ delivery_status: "awaiting_confirmation", rescheduled: false })).toBe("awaiting");
    expect(deliveryFlow({ delivery_status: "awaiting_confirmation", rescheduled: true })).toBe("rescheduled");
    expect(deliveryFlow({ delivery_status: "confirmed", rescheduled: true })).toBe("confirmed");
    expect(deliveryFlow({ delivery_status: "reschedule_requested", rescheduled: false })).toBe("unavailable");
    expect(deliveryFlow({ delivery_status: "cancelled", rescheduled: false })).toBe("cancelled");
    expect(deliveryFlow({ delivery_status: null, rescheduled: false })).toBeNull();
    expect(DELIVERY_FLOWS).toHaveLength(5);
  });
});
