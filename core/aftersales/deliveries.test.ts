import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  PROPOSE_MAX_DAYS,
  addDays,
  canReply,
  isProposableDate,
  isWorkingDay,
  nextWorkingDay,
  proposableDates,
  publicHolidays,
  replyDeadline,
  rescheduledDate,
  shopToday,
} from "./deliveries.ts";

const dateArb = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((t) => new Date(t).toISOString().slice(0, 10));

describe("working days", () => {
  it("are Monday to Friday without French public holidays", () => {
    expect(isWorkingDay("2026-11-23")).toBe(true); // Monday
    expect(isWorkingDay("2026-11-21")).toBe(false); // Saturday
    expect(isWorkingDay("2026-11-22")).toBe(false); // Sunday
    expect(isWorkingDay("2026-11-11")).toBe(false); // Armistice, a Wednesday
    expect(isWorkingDay("2026-12-25")).toBe(false);
    expect(isWorkingDay("2026-04-06")).toBe(false); // Easter Monday 2026
    expect(isWorkingDay("2026-05-14")).toBe(false); // Ascension 2026
    expect(isWorkingDay("2026-05-25")).toBe(false); // Whit Monday 2026
    expect(publicHolidays(2026).size).toBe(11);
    expect(isWorkingDay("2026-02-30")).toBe(false);
    expect(nextWorkingDay("2026-11-20")).toBe("2026-11-23");
  });
});

describe("reply deadline and rescheduling", () => {
  it("asks for a reply by 10:00 UTC on the working day before the delivery", () => {
    expect(replyDeadline("2026-11-24").toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(replyDeadline("2026-11-23").toISOString()).toBe("2026-11-20T10:00:00.000Z");
  });
  it("moves a delivery without reply to a working day after the old one and ≥ 2 working days ahead", () => {
    expect(rescheduledDate("2026-11-24", "2026-11-23")).toBe("2026-11-25");
    expect(rescheduledDate("2026-11-24", "2026-11-20")).toBe("2026-11-25");
    expect(rescheduledDate("2026-11-20", "2026-11-21")).toBe("2026-11-24");
  });
  it("always gives a later working day whose own deadline is still ahead (property)", () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -5, max: 20 }), (today, offset) => {
        const planned = addDays(today, offset);
        const next = rescheduledDate(planned, today);
        expect(isWorkingDay(next)).toBe(true);
        expect(next > planned).toBe(true);
        expect(next > today).toBe(true);
        // the new deadline is at the earliest on the next working day after today
        expect(replyDeadline(next).toISOString().slice(0, 10) >= nextWorkingDay(today)).toBe(true);
      }),
    );
  });
});

describe("proposable dates", () => {
  it("are working days after today, up to 60 days", () => {
    expect(isProposableDate("2026-11-23", "2026-11-22")).toBe(true);
    expect(isProposableDate("2026-11-22", "2026-11-22")).toBe(false);
    expect(isProposableDate("2026-11-28", "2026-11-22")).toBe(false);
    expect(isProposableDate(addDays("2026-11-22", PROPOSE_MAX_DAYS + 1), "2026-11-22")).toBe(false);
    expect(isProposableDate("not a date", "2026-11-22")).toBe(false);
  });
  it("match the picker's list (property)", () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -3, max: 70 }), (today, k) => {
        const d = addDays(today, k);
        expect(proposableDates(today).includes(d)).toBe(isProposableDate(d, today));
      }),
      { numRuns: 60 },
    );
  });
  it("use the shop's calendar day", () => {
    expect(shopToday(new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-23"); // Paris is UTC+1
  });
});

describe("canReply", () => {
  const o = { status: "planned", delivery_status: "awaiting_confirmation", delivery_reply_by: "2026-11-23T10:00:00Z" };
  it("only while awaiting a confirmation, before the deadline", () => {
    expect(canReply(o, new Date("2026-11-23T09:59:59Z"))).toBe(true);
    expect(canReply(o, new Date("2026-11-23T10:00:00Z"))).toBe(false);
    expect(canReply({ ...o, delivery_status: "confirmed" }, new Date("2026-11-22T00:00:00Z"))).toBe(false);
    expect(canReply({ ...o, status: "processing" }, new Date("2026-11-22T00:00:00Z"))).toBe(false);
  });
});
