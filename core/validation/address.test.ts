import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addressSchema, isFrenchZip } from "./address.ts";
import { identitySchema, registrationSchema } from "./account.ts";
import { fieldMessages } from "./test-helpers.test-support.ts";

const valid = {
  title: "Mme",
  first_name: " Camille ",
  last_name: "Durand",
  company: "Boulangerie Durand",
  line1: "12 rue de la Paix",
  zip_code: "75002",
  city: "Paris",
  phone: "01 23 45 67 89",
};

describe("addressSchema", () => {
  it("accepts and trims a French address, defaulting the country", () => {
    const a = addressSchema.parse(valid);
    expect(a).toMatchObject({ first_name: "Camille", country: "FR", line2: "" });
  });
  it("reports each missing field", () => {
    expect(fieldMessages(addressSchema, {})).toEqual({
      first_name: ["validation.first_name_required"],
      last_name: ["validation.last_name_required"],
      line1: ["validation.address_line_required"],
      zip_code: ["validation.zip_required"],
      city: ["validation.city_required"],
      phone: ["validation.phone_required"],
    });
  });
  it("checks zip codes, phones, lengths and country", () => {
    expect(fieldMessages(addressSchema, { ...valid, zip_code: "7500" })).toEqual({ zip_code: ["validation.zip_invalid"] });
    expect(fieldMessages(addressSchema, { ...valid, zip_code: "96000" })).toEqual({ zip_code: ["validation.zip_invalid"] });
    expect(fieldMessages(addressSchema, { ...valid, phone: "12345" })).toEqual({ phone: ["validation.phone_invalid"] });
    expect(fieldMessages(addressSchema, { ...valid, city: "x".repeat(61) })).toEqual({ city: ["validation.city_too_long"] });
    expect(fieldMessages(addressSchema, { ...valid, country: "DE" })).toEqual({ country: ["validation.country_invalid"] });
  });
  it("knows French zip codes", () => {
    for (const z of ["01000", "20000", "75011", "95880", "97400", "97133", "98000"]) expect(isFrenchZip(z)).toBe(true);
    for (const z of ["00100", "96100", "99000", "2A004", "750011", "7501"]) expect(isFrenchZip(z)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 95 }), fc.integer({ min: 0, max: 999 }), (d, n) => {
        expect(isFrenchZip(`${String(d).padStart(2, "0")}${String(n).padStart(3, "0")}`)).toBe(true);
      }),
    );
  });
});

describe("account schemas", () => {
  const identity = { title: "M", first_name: "Paul", last_name: "Martin", email: "paul@martin.fr" };
  it("identity needs a title Mr or Mrs, names and e-mail", () => {
    expect(identitySchema.safeParse(identity).success).toBe(true);
    expect(fieldMessages(identitySchema, { ...identity, title: "Dr", phone: "abc" })).toEqual({
      title: ["validation.title_required"],
      phone: ["validation.phone_invalid"],
    });
  });
  it("registration confirms the password", () => {
    const accepted = { accept_privacy: true };
    expect(registrationSchema.safeParse({ ...identity, ...accepted, password: "Emball@ge2025", confirm: "Emball@ge2025" }).success).toBe(
      true,
    );
    expect(fieldMessages(registrationSchema, { ...identity, ...accepted, password: "Emball@ge2025", confirm: "x" })).toEqual({
      confirm: ["validation.password_mismatch"],
    });
  });
  it('registration needs the privacy notice accepted: true from the API, the checkbox\'s "on" from the form', () => {
    const person = { ...identity, password: "Emball@ge2025", confirm: "Emball@ge2025" };
    for (const yes of [true, "on"]) expect(registrationSchema.parse({ ...person, accept_privacy: yes }).accept_privacy).toBe(true);
    for (const no of [undefined, false, "off", "", 1, "true"])
      expect(fieldMessages(registrationSchema, { ...person, accept_privacy: no })).toEqual({
        accept_privacy: ["validation.privacy_required"],
      });
  });
});
