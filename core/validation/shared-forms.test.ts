// The schemas shared by the account pages and their API routes (decision 067): one copy, the stricter rule
// where the two had drifted, and every message they produce translated in fr and zh.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Lang } from "../lang.ts";
import { resources } from "../i18n/messages.ts";
import { emailChangeSchema, identityUpdateSchema } from "./account.ts";
import { addressBodySchema, addressCombinationSchema, addressIdSchema } from "./address.ts";
import { forgotPasswordSchema, resetTokenSchema, resetWithCodeSchema, resetWithTokenSchema } from "./password-reset.ts";
import { fieldMessages, messages } from "./test-helpers.test-support.ts";

const address = {
  first_name: "Camille",
  last_name: "Durand",
  line1: "12 rue de la Paix",
  zip_code: "75002",
  city: "Paris",
  phone: "01 23 45 67 89",
};
const strong = "Emball@ge2025";
const token = "a".repeat(32);

describe("identity forms", () => {
  it("identity update: names, title, optional SIRET and VAT checked, no e-mail field", () => {
    const ok = identityUpdateSchema.parse({
      title: "Mme",
      first_name: "Camille",
      last_name: "Durand",
      siret: "732 829 320 00074",
      email: "ignored@x.fr",
    });
    expect(ok).toMatchObject({ siret: "73282932000074", vat_number: "", phone: "" });
    expect("email" in ok).toBe(false);
    expect(fieldMessages(identityUpdateSchema, { title: "M", first_name: "", last_name: "Durand", siret: "123" })).toEqual({
      first_name: ["validation.first_name_required"],
      siret: ["validation.siret_invalid"],
    });
  });
  it("e-mail change: a missing current password reads 'password required' (the API's rule; the page had zod's default text)", () => {
    expect(emailChangeSchema.safeParse({ email: "achat@comptoir.fr", current: "x" }).success).toBe(true);
    expect(fieldMessages(emailChangeSchema, { email: "achat@comptoir.fr" })).toEqual({ current: ["validation.password_required"] });
    expect(fieldMessages(emailChangeSchema, { email: "achat", current: "" })).toEqual({
      email: ["validation.email_invalid"],
      current: ["validation.password_required"],
    });
  });
});

describe("address forms", () => {
  it("the page's form checks the kind the API needs (the page had the bare address schema)", () => {
    expect(addressBodySchema.parse({ ...address, kind: "invoice" })).toMatchObject({ kind: "invoice", country: "FR" });
    expect(addressBodySchema.parse({ ...address, kind: "delivery", id: "12" }).id).toBe(12);
    expect(fieldMessages(addressBodySchema, address)).toEqual({ kind: ["validation.address_required"] });
    expect(fieldMessages(addressBodySchema, { ...address, kind: "billing" })).toEqual({ kind: ["validation.address_required"] });
  });
  it("ids and combinations come from the select boxes as text", () => {
    expect(addressIdSchema.parse({ id: "7" })).toEqual({ id: 7 });
    expect(messages(addressIdSchema, { id: "0" })).toEqual(["validation.address_required"]);
    expect(addressCombinationSchema.parse({ delivery_addr_id: "3", invoice_addr_id: "4" })).toEqual({
      delivery_addr_id: 3,
      invoice_addr_id: 4,
    });
    expect(fieldMessages(addressCombinationSchema, {})).toEqual({
      delivery_addr_id: ["validation.address_required"],
      invoice_addr_id: ["validation.invoice_address_required"],
    });
  });
});

describe("password recovery", () => {
  it("asks for a valid e-mail", () => {
    expect(forgotPasswordSchema.parse({ email: " achat@comptoir.fr " })).toEqual({ email: "achat@comptoir.fr" });
    expect(messages(forgotPasswordSchema, { email: "" })).toEqual(["validation.email_required"]);
  });
  it("code: six digits, trimmed; the new password confirmed", () => {
    const input = { email: "achat@comptoir.fr", code: " 123456 ", password: strong, confirm: strong };
    expect(resetWithCodeSchema.parse(input)).toMatchObject({ code: "123456" });
    expect(fieldMessages(resetWithCodeSchema, { ...input, code: "12345" })).toEqual({ code: ["account.reset_code_incorrect"] });
    expect(fieldMessages(resetWithCodeSchema, { ...input, code: undefined, confirm: "other" })).toEqual({
      code: ["account.reset_code_incorrect"],
      confirm: ["validation.password_mismatch"],
    });
  });
  it("token: 20 to 100 characters; the new password confirmed", () => {
    expect(resetTokenSchema.safeParse(token).success).toBe(true);
    expect(resetTokenSchema.safeParse("short").success).toBe(false);
    expect(resetTokenSchema.safeParse("a".repeat(101)).success).toBe(false);
    expect(resetWithTokenSchema.safeParse({ token, password: strong, confirm: strong }).success).toBe(true);
    expect(fieldMessages(resetWithTokenSchema, { token: "x", password: "weak", confirm: "weak" })).toMatchObject({
      token: ["account.reset_link_invalid"],
    });
  });
});

/** The catalogue text of a "ns.key" message in one language, without the French fallback. */
function text(lang: Lang, key: string): string | undefined {
  const [ns, ...rest] = key.split(".");
  let node: unknown = (resources[lang] as Record<string, unknown>)[ns];
  for (const part of rest) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}

describe("messages of the shared forms", () => {
  it("every message they produce has a French and a Chinese text", () => {
    const cases: [z.ZodType, unknown][] = [
      [identityUpdateSchema, {}],
      [
        identityUpdateSchema,
        { title: "Dr", first_name: "x".repeat(51), last_name: "", company: "x".repeat(101), phone: "1", siret: "1", vat_number: "US1" },
      ],
      [emailChangeSchema, {}],
      [emailChangeSchema, { email: "a@b", current: "" }],
      [emailChangeSchema, { email: `${"a".repeat(50)}@b.fr` }],
      [addressBodySchema, {}],
      [addressBodySchema, { ...address, zip_code: "7500", phone: "12", city: "x".repeat(61), country: "DE", line2: "x".repeat(101) }],
      [addressIdSchema, {}],
      [addressCombinationSchema, {}],
      [forgotPasswordSchema, {}],
      [forgotPasswordSchema, { email: "x" }],
      [resetWithCodeSchema, {}],
      [resetWithCodeSchema, { email: "a@b.fr", code: "1", password: "aaaaaaaa ", confirm: "b" }],
      [resetWithTokenSchema, {}],
      [resetWithTokenSchema, { token: 1, password: "A", confirm: "" }],
    ];
    const keys = new Set(cases.flatMap(([schema, input]) => messages(schema, input)));
    expect(keys.size).toBeGreaterThan(25);
    for (const key of keys) {
      expect(text("fr", key), key).toMatch(/\S/);
      expect(text("zh", key), key).toMatch(/\p{Script=Han}/u);
    }
  });
});
