import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { calendarDate, calendarParts, formatDate, weekdayName } from "./format-date.ts";

const moment = "2025-11-22T13:05:00Z"; // 14:05 in Paris (winter time)

describe("formatDate", () => {
  it("formats for fr-FR", () => {
    expect(formatDate(moment, "fr")).toBe("22/11/2025");
    expect(formatDate(moment, "fr", "long")).toBe("22 novembre 2025");
    expect(formatDate(moment, "fr", "datetime")).toBe("22/11/2025 14:05");
    expect(formatDate(moment, "fr", "time")).toBe("14:05");
    expect(formatDate("2025-08-01", "fr", "long")).toBe("1 août 2025");
  });

  it("formats for zh-CN", () => {
    expect(formatDate(moment, "zh")).toBe("2025/11/22");
    expect(formatDate(moment, "zh", "long")).toBe("2025年11月22日");
    expect(formatDate(moment, "zh", "datetime")).toBe("2025/11/22 14:05");
  });

  it("uses the shop's time zone, including summer time", () => {
    expect(formatDate("2025-07-01T22:30:00Z", "fr", "datetime")).toBe("02/07/2025 00:30");
    expect(formatDate("2025-07-01T22:30:00Z", "fr", "datetime", "UTC")).toBe("01/07/2025 22:30");
  });

  it("keeps date-only texts on their calendar date", () => {
    expect(formatDate("2025-01-01", "fr")).toBe("01/01/2025");
    expect(formatDate("2025-01-01", "zh", "short", "Pacific/Honolulu")).toBe("2025/01/01");
  });

  it("gives an empty text for invalid input", () => {
    expect(formatDate("n'importe quoi", "fr")).toBe("");
    expect(formatDate("2025-02-30", "fr")).toBe("");
    expect(formatDate(null, "fr")).toBe("");
  });

  it("agrees with Intl for any moment", () => {
    const fr = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" });
    const zhLong = new Intl.DateTimeFormat("zh-CN", { timeZone: "Europe/Paris", dateStyle: "long" });
    fc.assert(
      fc.property(fc.date({ min: new Date("1990-01-01"), max: new Date("2090-01-01"), noInvalidDate: true }), (d) => {
        expect(formatDate(d, "fr")).toBe(fr.format(d));
        expect(formatDate(d.getTime(), "zh", "long")).toBe(zhLong.format(d));
      }),
    );
  });
});

describe("weekdays and calendar days", () => {
  it("names weekdays from Monday", () => {
    expect(weekdayName(1, "fr")).toBe("lundi");
    expect(weekdayName(7, "zh")).toBe("星期日");
    expect(calendarParts("2025-11-22")?.weekday).toBe(6);
    expect(calendarParts(moment)?.weekday).toBe(6);
  });

  it("gives the calendar date in Paris, not in UTC", () => {
    expect(calendarDate("2025-11-21T23:10:00Z")).toBe("2025-11-22");
    expect(calendarDate("2025-11-22T22:50:00Z")).toBe("2025-11-22");
    expect(calendarDate("2025-11-22T23:10:00Z")).toBe("2025-11-23");
    expect(calendarDate("garbage")).toBe("");
  });
});
