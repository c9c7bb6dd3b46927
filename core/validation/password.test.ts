import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PASSWORD_SPECIALS, passwordChangeSchema, passwordRules, passwordSchema } from "./password.ts";
import { fieldMessages, messages } from "./test-helpers.test-support.ts";

describe("passwordSchema", () => {
  it("accepts a password meeting every rule", () => {
    expect(messages(passwordSchema, "Emball@ge2025")).toEqual([]);
    expect(messages(passwordSchema, "Aa1-aaaa")).toEqual([]);
    expect(messages(passwordSchema, "Aa1_567890123456")).toEqual([]); // 16
  });
  it("reports each broken rule", () => {
    expect(messages(passwordSchema, "")).toEqual(["validation.password_required"]);
    expect(messages(passwordSchema, "Aa1!")).toEqual(["validation.password_length"]);
    expect(messages(passwordSchema, "Aa1!567890123456X")).toEqual(["validation.password_length"]);
    expect(messages(passwordSchema, "aa1!aaaa")).toEqual(["validation.password_uppercase"]);
    expect(messages(passwordSchema, "AA1!AAAA")).toEqual(["validation.password_lowercase"]);
    expect(messages(passwordSchema, "Aab!aaaa")).toEqual(["validation.password_digit"]);
    expect(messages(passwordSchema, "Aa1aaaaa")).toEqual(["validation.password_special"]);
    expect(messages(passwordSchema, "Aa1! aaaa")).toEqual(["validation.password_whitespace"]);
    expect(messages(passwordSchema, "aaaaaaaa")).toEqual([
      "validation.password_uppercase",
      "validation.password_digit",
      "validation.password_special",
      "validation.password_repeated",
    ]);
  });
  it("counts characters, not UTF-16 units", () => {
    expect(messages(passwordSchema, "Aa1!😀😀😀😀😀😀😀😀😀😀😀😀")).toEqual([]); // 16 code points
  });
  it("accepts a password exactly when every rule holds", () => {
    const chars = fc.constantFrom(..."aAbBzZ09 é".split(""), ...PASSWORD_SPECIALS.split(""), "€");
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 20 }).map((a) => a.join("")),
        (pw) => {
          const n = [...pw].length;
          const expected =
            pw !== "" &&
            n >= 8 &&
            n <= 16 &&
            /[A-Z]/.test(pw) &&
            /[a-z]/.test(pw) &&
            /\d/.test(pw) &&
            /[!@#$%^&*_+-]/.test(pw) &&
            !/\s/.test(pw) &&
            new Set(pw).size > 1;
          expect(passwordSchema.safeParse(pw).success).toBe(expected);
          expect(passwordRules(pw).every((r) => r.ok)).toBe(expected);
        },
      ),
    );
  });
});

describe("password confirmation", () => {
  it("needs the confirmation to match", () => {
    expect(passwordChangeSchema.safeParse({ current: "old", password: "Emball@ge2025", confirm: "Emball@ge2025" }).success).toBe(true);
    expect(fieldMessages(passwordChangeSchema, { current: "old", password: "Emball@ge2025", confirm: "Emball@ge2024" })).toEqual({
      confirm: ["validation.password_mismatch"],
    });
  });
  it("asks for the confirmation when empty, and reports a mismatch even with a weak password", () => {
    expect(fieldMessages(passwordChangeSchema, { current: "old", password: "Emball@ge2025", confirm: "" })).toEqual({
      confirm: ["validation.password_confirm_required"],
    });
    expect(fieldMessages(passwordChangeSchema, { current: "old", password: "weak", confirm: "other" })).toEqual({
      password: ["validation.password_length", "validation.password_uppercase", "validation.password_digit", "validation.password_special"],
      confirm: ["validation.password_mismatch"],
    });
  });
  it("change form requires the current password", () => {
    expect(fieldMessages(passwordChangeSchema, { current: "", password: "Emball@ge2025", confirm: "Emball@ge2025" })).toEqual({
      current: ["validation.password_required"],
    });
  });
});
