import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isSiret, isVatNumber, siretSchema, vatNumberSchema } from "./company.ts";

describe("company identifiers", () => {
  it("checks SIRET numbers with Luhn", () => {
    expect(isSiret("732 829 320 00074")).toBe(true); // a real published SIRET
    expect(isSiret("73282932000075")).toBe(false);
    expect(isSiret("7328293200007")).toBe(false);
    expect(isSiret("ABCDEFGHIJKLMN")).toBe(false);
  });
  it("any single digit change breaks a valid SIRET", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const d = "73282932000074".split("");
        d[pos] = String((Number(d[pos]) + delta) % 10);
        return !isSiret(d.join(""));
      }),
    );
  });
  it("checks the French VAT key and other EU shapes", () => {
    expect(isVatNumber("FR 44 732829320")).toBe(true); // key (12 + 3 × (732829320 mod 97)) mod 97 = 44
    expect(isVatNumber("FR45732829320")).toBe(false);
    expect(isVatNumber("DE123456789")).toBe(true);
    expect(isVatNumber("US123456789")).toBe(false);
  });
  it("keeps both optional and normalises them", () => {
    expect(siretSchema.parse(undefined)).toBe("");
    expect(siretSchema.parse(" 732 829 320 00074 ")).toBe("73282932000074");
    expect(vatNumberSchema.parse("fr44732829320")).toBe("FR44732829320");
    expect(siretSchema.safeParse("123").error?.issues[0].message).toBe("validation.siret_invalid");
    expect(vatNumberSchema.safeParse("FR00").error?.issues[0].message).toBe("validation.vat_invalid");
  });
});
