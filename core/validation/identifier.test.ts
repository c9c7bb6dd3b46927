import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { identifierKind, identifierSchema, loginSchema } from "./identifier.ts";
import { isFrenchPhone, normalizeFrenchPhone } from "./phone.ts";
import { fieldMessages, messages } from "./test-helpers.test-support.ts";

describe("identifier", () => {
  it("accepts a client number, an e-mail or a phone", () => {
    expect(identifierKind("C001234")).toBe("client_number");
    expect(identifierKind(" achat@comptoir.fr ")).toBe("email");
    expect(identifierKind("06 12 34 56 78")).toBe("phone");
    expect(identifierKind("+33 6 12 34 56 78")).toBe("phone");
    expect(identifierSchema.parse("  C001234 ")).toBe("C001234");
  });
  it("says required when empty and incorrect otherwise", () => {
    expect(messages(identifierSchema, "  ")).toEqual(["validation.identifier_required"]);
    expect(messages(identifierSchema, undefined)).toEqual(["validation.identifier_required"]);
    for (const bad of ["ab", "achat@", "C-00 12", "x".repeat(21), "<script>"]) {
      expect(messages(identifierSchema, bad)).toEqual(["validation.identifier_invalid"]);
    }
  });
  it("login needs both fields, without password rules", () => {
    expect(loginSchema.safeParse({ identifier: "C001234", password: "x" }).success).toBe(true);
    expect(fieldMessages(loginSchema, { identifier: "", password: "" })).toEqual({
      identifier: ["validation.identifier_required"],
      password: ["validation.password_required"],
    });
  });
  it("accepts every alphanumeric client number of 3 to 20 characters", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{3,20}$/), (id) => {
        expect(identifierSchema.safeParse(id).success).toBe(true);
      }),
    );
  });
});

describe("French phone numbers", () => {
  it("normalises to E.164", () => {
    expect(normalizeFrenchPhone("01.23.45.67.89")).toBe("+33123456789");
    expect(normalizeFrenchPhone("0033 6 12 34 56 78")).toBe("+33612345678");
    expect(normalizeFrenchPhone("+262 692 12 34 56")).toBe("+262692123456");
    expect(normalizeFrenchPhone("00 12 34 56 78")).toBeNull();
    expect(normalizeFrenchPhone("06 12 34 56")).toBeNull();
    expect(isFrenchPhone("+44 20 7946 0958")).toBe(false);
  });
  it("accepts every 0X + 8 digits number in any grouping", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{8}$/), fc.constantFrom("", " ", ".", "-"), (x, rest, sep) => {
        const grouped = `0${x}${sep}${rest.match(/\d\d/g)!.join(sep)}`;
        expect(normalizeFrenchPhone(grouped)).toBe(`+33${x}${rest}`);
      }),
    );
  });
});
