import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatDocumentNumber, MAX_NUMBER_VALUE, NUMBER_KINDS, numberingYear, parseDocumentNumber } from "./numbering.ts";

describe("document numbers", () => {
  it("formats prefix, year and a value on six digits", () => {
    expect(formatDocumentNumber("order", 2026, 123)).toBe("CE2026-000123");
    expect(formatDocumentNumber("invoice", 2026, 1)).toBe("FA2026-000001");
    expect(formatDocumentNumber("credit_note", 2027, 7)).toBe("AV2027-000007");
    expect(formatDocumentNumber("quotation", 2026, 999_999)).toBe("DV2026-999999");
  });

  it("takes more digits past 999,999 and still fits the 20-character column", () => {
    expect(formatDocumentNumber("order", 2026, 1_234_567)).toBe("CE2026-1234567");
    expect(formatDocumentNumber("order", 9999, MAX_NUMBER_VALUE).length).toBeLessThanOrEqual(20);
  });

  it("refuses values and years no sequence gives", () => {
    for (const v of [0, -1, 1.5, Number.NaN, MAX_NUMBER_VALUE + 1])
      expect(() => formatDocumentNumber("order", 2026, v)).toThrow(RangeError);
    for (const y of [999, 10_000, 2026.5]) expect(() => formatDocumentNumber("order", y, 1)).toThrow(RangeError);
  });

  it("parses what it formats, and nothing else", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NUMBER_KINDS),
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: MAX_NUMBER_VALUE }),
        (kind, year, value) => {
          const text = formatDocumentNumber(kind, year, value);
          expect(parseDocumentNumber(text)).toEqual({ kind, year, value });
          expect(text.length).toBeLessThanOrEqual(20);
        },
      ),
    );
    for (const bad of [
      "",
      "CE2026-00123",
      "XX2026-000123",
      "CE2026-000000",
      "ce2026-000123",
      "CE2026-0001234",
      "CE26-000123",
      " CE2026-000123",
      "CE2026-1000000000",
    ]) {
      expect(parseDocumentNumber(bad)).toBeNull();
    }
  });

  it("numbers by the calendar year in Paris: New Year's Eve 23:30 UTC is already the next year", () => {
    expect(numberingYear(new Date("2026-12-31T22:59:59Z"))).toBe(2026);
    expect(numberingYear(new Date("2026-12-31T23:00:00Z"))).toBe(2027);
    expect(numberingYear(new Date("2027-01-01T00:30:00Z"), "UTC")).toBe(2027);
    expect(() => numberingYear("not a date")).toThrow(RangeError);
  });
});
