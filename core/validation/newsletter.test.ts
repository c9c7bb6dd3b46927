import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { newsletterSchema } from "./newsletter.ts";
import { messages } from "./test-helpers.test-support.ts";

describe("newsletterSchema", () => {
  it("accepts a trimmed valid e-mail", () => {
    expect(newsletterSchema.parse({ email: "  achat@comptoir.fr " })).toEqual({ email: "achat@comptoir.fr" });
  });
  it("requires the e-mail", () => {
    expect(messages(newsletterSchema, { email: "" })).toEqual(["validation.email_required"]);
    expect(messages(newsletterSchema, { email: "   " })).toEqual(["validation.email_required"]);
    expect(messages(newsletterSchema, {})).toEqual(["validation.email_required"]);
  });
  it("checks the format", () => {
    for (const bad of ["achat", "achat@", "@comptoir.fr", "a@b", "a..b@c.fr", "a b@c.fr"]) {
      expect(messages(newsletterSchema, { email: bad })).toEqual(["validation.email_invalid"]);
    }
  });
  it("limits the length to 50", () => {
    const at50 = `${"a".repeat(41)}@test.com`; // 41 + 9 = 50
    expect(at50).toHaveLength(50);
    expect(messages(newsletterSchema, { email: at50 })).toEqual([]);
    expect(messages(newsletterSchema, { email: `a${at50}` })).toEqual(["validation.email_too_long"]);
  });
  it("accepts any valid address of at most 50 characters and only those", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const ok = newsletterSchema.safeParse({ email }).success;
        if (email.length > 50) expect(ok).toBe(false);
        if (ok) expect(email.length).toBeLessThanOrEqual(50);
      }),
    );
  });
});
