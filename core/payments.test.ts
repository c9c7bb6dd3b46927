// Card checks of the sandbox's hosted page and amounts in cents (decision 077).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cardErrors, expiryPast, luhnValid, parseExpiry, testCardBehaviour } from "./payments.ts";
import { fromCents, toCents } from "./money.ts";

/** Appends the Luhn check digit to a digit string. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error("no check digit");
}

describe("Luhn", () => {
  it("accepts the test cards and spaced numbers, refuses a changed digit", () => {
    for (const n of ["4242424242424242", "4000 0000 0000 0002", "4000-0000-0000-9995", "4000000000003220", "5555555555554444"])
      expect(luhnValid(n), n).toBe(true);
    for (const n of ["4242424242424241", "1234567812345678", "", "4242", "42424242424242424242", "4242 4242 4242 424a"])
      expect(luhnValid(n), n).toBe(false);
  });

  it("exactly one check digit completes any number, and changing one digit breaks it", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, pos, delta) => {
        const n = withCheckDigit(body);
        expect([...Array(10).keys()].filter((d) => luhnValid(body + d))).toHaveLength(1);
        const i = pos % n.length;
        const changed = n.slice(0, i) + ((Number(n[i]) + delta) % 10) + n.slice(i + 1);
        expect(luhnValid(changed)).toBe(false);
      }),
    );
  });
});

describe("expiry and CVC", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("parses MM/YY and MM/YYYY and refuses the rest", () => {
    expect(parseExpiry("12/29")).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry(" 1 / 2030 ")).toEqual({ month: 1, year: 2030 });
    for (const v of ["13/29", "00/29", "1229", "12-29", "12/291", ""]) expect(parseExpiry(v), v).toBeNull();
  });
  it("a card is valid through its expiry month", () => {
    expect(expiryPast({ month: 11, year: 2026 }, now)).toBe(false);
    expect(expiryPast({ month: 10, year: 2026 }, now)).toBe(true);
    expect(expiryPast({ month: 1, year: 2027 }, now)).toBe(false);
    expect(expiryPast({ month: 12, year: 2025 }, now)).toBe(true);
  });
  it("gives one message key per wrong field", () => {
    expect(cardErrors({ name: "J. Martin", number: "4242 4242 4242 4242", expiry: "11/26", cvc: "123" }, now)).toEqual({});
    expect(cardErrors({ name: " ", number: "4242 4242 4242 4241", expiry: "10/26", cvc: "12a" }, now)).toEqual({
      name: "payment.card_name_required",
      number: "payment.card_number_invalid",
      expiry: "payment.card_expired",
      cvc: "payment.card_cvc_invalid",
    });
    expect(cardErrors({ name: "x", number: "", expiry: "", cvc: "" }, now)).toEqual({
      number: "payment.card_number_required",
      expiry: "payment.card_expiry_required",
      cvc: "payment.card_cvc_required",
    });
    expect(cardErrors({ name: "x", number: "4242424242424242", expiry: "14/30", cvc: "1234" }, now)).toEqual({
      expiry: "payment.card_expiry_invalid",
    });
  });
  it("knows the test cards", () => {
    expect(testCardBehaviour("4242 4242 4242 4242")).toBe("success");
    expect(testCardBehaviour("4000000000000002")).toBe("declined");
    expect(testCardBehaviour("4000 0000 0000 9995")).toBe("insufficient_funds");
    expect(testCardBehaviour("4000 0000 0000 3220")).toBe("challenge");
    expect(testCardBehaviour("5555555555554444")).toBe("unknown");
  });
});

describe("cents", () => {
  it("converts two-decimal amounts exactly, both ways", () => {
    expect(toCents("122.40")).toBe(12240);
    expect(toCents("0.10")).toBe(10);
    expect(toCents("1234567.89")).toBe(123456789);
    expect(fromCents(12240)).toBe("122.40");
    expect(() => toCents("1.005")).toThrow(RangeError);
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (c) => toCents(fromCents(c)) === c));
  });
});
