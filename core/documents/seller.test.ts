import { describe, expect, it } from "vitest";
import { SELLER, formatSiret, frenchVatNumber, luhnValid } from "./seller.ts";

describe("seller legal details", () => {
  it("SIRET and SIREN pass the Luhn check; the VAT number's key matches the SIREN", () => {
    const siren = SELLER.siret.slice(0, 9);
    expect(SELLER.siret).toMatch(/^\d{14}$/);
    expect(luhnValid(siren)).toBe(true);
    expect(luhnValid(SELLER.siret)).toBe(true);
    expect(SELLER.vatNumber).toBe(frenchVatNumber(siren));
  });
  it("Luhn refuses a changed digit and non-digits", () => {
    expect(luhnValid("85241973800005")).toBe(false);
    expect(luhnValid("8524197380000a")).toBe(false);
  });
  it("formats a SIRET in groups", () => {
    expect(formatSiret(SELLER.siret)).toBe("852 419 738 00004");
  });
});
