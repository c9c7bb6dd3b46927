import { describe, expect, expectTypeOf, it } from "vitest";
import fc from "fast-check";
import { translate } from "../i18n/messages.ts";
import type { StaffRole } from "../staff/permissions.ts";
import {
  STAFF_VALIDATION_KEYS,
  auditQuerySchema,
  normaliseRecoveryCode,
  recoveryCodeSchema,
  staffInviteSchema,
  staffLoginSchema,
  staffPasswordSchema,
  staffRolesSchema,
  staffSecondFactorSchema,
  totpCodeSchema,
  type StaffInviteInput,
} from "./staff.ts";
import { fieldMessages, messages } from "./test-helpers.test-support.ts";

describe("staff login", () => {
  it("takes an e-mail and any password up to 200 characters", () => {
    expect(staffLoginSchema.parse({ email: " lina@comptoir.fr ", password: "x" })).toEqual({ email: "lina@comptoir.fr", password: "x" });
    expect(staffLoginSchema.safeParse({ email: "lina@comptoir.fr", password: "é".repeat(200) }).success).toBe(true);
  });

  it("refuses what is missing or malformed with its key", () => {
    expect(fieldMessages(staffLoginSchema, {})).toEqual({
      email: ["validation.email_required"],
      password: ["validation.password_required"],
    });
    expect(fieldMessages(staffLoginSchema, { email: "lina@", password: "" })).toEqual({
      email: ["validation.email_invalid"],
      password: ["validation.password_required"],
    });
    expect(messages(staffLoginSchema, { email: "lina@comptoir.fr", password: "x".repeat(201) })).toEqual(["admin.password_too_long"]);
    expect(messages(staffLoginSchema, { email: "lina@comptoir.fr", password: "a\u0000" })).toEqual(["validation.control_characters"]);
  });
});

describe("second factor codes", () => {
  it("reads an app's six digits, spaces left out", () => {
    expect(totpCodeSchema.parse({ code: "012345" })).toEqual({ code: "012345" });
    expect(totpCodeSchema.parse({ code: " 012 345 " })).toEqual({ code: "012345" });
  });

  it.each([
    [{}, "admin.code_required"],
    [{ code: "" }, "admin.code_required"],
    [{ code: "   " }, "admin.code_required"],
    [{ code: 123456 }, "admin.code_required"],
    [{ code: "12345" }, "admin.code_format"],
    [{ code: "1234567" }, "admin.code_format"],
    [{ code: "12a456" }, "admin.code_format"],
    [{ code: "١٢٣٤٥٦" }, "admin.code_format"],
  ])("refuses the app code %j with %s", (input, key) => expect(messages(totpCodeSchema, input)).toEqual([key]));

  it("reads a recovery code in upper case, without dashes or with spaces, as stored", () => {
    for (const code of ["k3m9-p2xq-7hd4", "K3M9-P2XQ-7HD4", "k3m9p2xq7hd4", " k3m9 p2xq 7hd4 ", "k3m9-p2xq7hd4"])
      expect(recoveryCodeSchema.parse({ code }), code).toEqual({ code: "k3m9-p2xq-7hd4" });
  });

  it.each([
    [{ code: "" }, "admin.code_required"],
    [{ code: "k3m9-p2xq-7hd" }, "admin.recovery_code_format"],
    [{ code: "k3m9-p2xq-7hd45" }, "admin.recovery_code_format"],
    [{ code: "k3m-9p2xq-7hd4" }, "admin.recovery_code_format"],
    [{ code: "k3m9--p2xq-7hd4" }, "admin.recovery_code_format"],
    [{ code: "k3m9_p2xq_7hd4" }, "admin.recovery_code_format"],
    [{ code: "k3m9-p2xq-7hé4" }, "admin.recovery_code_format"],
  ])("refuses the recovery code %j with %s", (input, key) => expect(messages(recoveryCodeSchema, input)).toEqual([key]));

  it("tells an app code from a recovery code in the one field of the login's second step", () => {
    expect(staffSecondFactorSchema.parse({ code: "123 456" })).toEqual({ kind: "totp", code: "123456" });
    expect(staffSecondFactorSchema.parse({ code: "K3M9P2XQ7HD4" })).toEqual({ kind: "recovery", code: "k3m9-p2xq-7hd4" });
    expect(staffSecondFactorSchema.parse({ code: "123412341234" })).toEqual({ kind: "recovery", code: "1234-1234-1234" });
    expect(fieldMessages(staffSecondFactorSchema, { code: "12345" })).toEqual({ code: ["admin.second_factor_format"] });
    expect(fieldMessages(staffSecondFactorSchema, { code: "" })).toEqual({ code: ["admin.code_required"] });
  });

  it("gives back every well-formed recovery code as it was stored", () => {
    const group = fc.stringMatching(/^[a-z0-9]{4}$/);
    fc.assert(
      fc.property(group, group, group, fc.boolean(), fc.boolean(), (a, b, c, upper, dashes) => {
        const stored = `${a}-${b}-${c}`;
        const typed = dashes ? stored : `${a}${b}${c}`;
        expect(normaliseRecoveryCode(upper ? typed.toUpperCase() : typed)).toBe(stored);
        expect(staffSecondFactorSchema.parse({ code: typed })).toEqual({ kind: "recovery", code: stored });
      }),
    );
  });
});

describe("team", () => {
  const invite = { email: "lina@comptoir.fr", name: " Lina Martin ", roles: ["warehouse", "planner"] };

  it("takes an invitation with one or more roles", () => {
    expect(staffInviteSchema.parse(invite)).toEqual({ email: "lina@comptoir.fr", name: "Lina Martin", roles: ["warehouse", "planner"] });
    expect(staffInviteSchema.parse({ ...invite, roles: "owner" }).roles).toEqual(["owner"]); // one checked box of a form
    expectTypeOf<StaffInviteInput["roles"]>().toEqualTypeOf<StaffRole[]>();
  });

  it("refuses a missing name, a long one, no role, an unknown one or one twice", () => {
    expect(fieldMessages(staffInviteSchema, { ...invite, name: "  " })).toEqual({ name: ["admin.name_required"] });
    expect(fieldMessages(staffInviteSchema, { ...invite, name: "n".repeat(81) })).toEqual({ name: ["admin.name_too_long"] });
    expect(staffInviteSchema.safeParse({ ...invite, name: "n".repeat(80) }).success).toBe(true);
    expect(fieldMessages(staffInviteSchema, { ...invite, email: "" })).toEqual({ email: ["validation.email_required"] });
    expect(fieldMessages(staffRolesSchema, { roles: [] })).toEqual({ roles: ["admin.roles_required"] });
    expect(fieldMessages(staffRolesSchema, {})).toEqual({ roles: ["admin.roles_required"] });
    expect(fieldMessages(staffRolesSchema, { roles: ["owner", "admin"] })).toEqual({ roles: ["admin.role_invalid"] });
    expect(fieldMessages(staffRolesSchema, { roles: ["owner", "owner"] })).toEqual({ roles: ["admin.roles_duplicate"] });
    expect(fieldMessages(staffRolesSchema, { roles: "" })).toEqual({ roles: ["admin.role_invalid"] });
  });

  it("holds a member's own password to the customer's strength rule, confirmed", () => {
    expect(staffPasswordSchema.safeParse({ password: "Comptoir#2026", confirm: "Comptoir#2026" }).success).toBe(true);
    expect(fieldMessages(staffPasswordSchema, { password: "Comptoir#2026", confirm: "Comptoir#2025" })).toEqual({
      confirm: ["validation.password_mismatch"],
    });
    expect(fieldMessages(staffPasswordSchema, { password: "comptoir", confirm: "comptoir" }).password).toEqual(
      expect.arrayContaining(["validation.password_uppercase", "validation.password_digit", "validation.password_special"]),
    );
    expect(fieldMessages(staffPasswordSchema, { password: "", confirm: "" })).toEqual({
      password: ["validation.password_required"],
      confirm: ["validation.password_confirm_required"],
    });
  });
});

describe("audit query", () => {
  it("defaults to the first page of 50 and reads a form's filters, blank ones left out", () => {
    expect(auditQuerySchema.parse({})).toEqual({ page: 1, page_size: 50 });
    expect(auditQuerySchema.parse({ staff_id: "", entity: " ", from: "", to: "" })).toEqual({ page: 1, page_size: 50 });
    expect(
      auditQuerySchema.parse({ staff_id: "4", entity: "order", from: "2026-11-01", to: "2026-11-30", page: "2", page_size: "20" }),
    ).toEqual({
      staff_id: 4,
      entity: "order",
      from: "2026-11-01",
      to: "2026-11-30",
      page: 2,
      page_size: 20,
    });
    expect(auditQuerySchema.parse({ from: "2026-11-24", to: "2026-11-24" })).toMatchObject({ from: "2026-11-24", to: "2026-11-24" });
  });

  it.each([
    [{ staff_id: "0" }, "admin.staff_invalid"],
    [{ staff_id: "2147483648" }, "admin.staff_invalid"],
    [{ entity: "Order; drop" }, "admin.entity_invalid"],
    [{ entity: "e".repeat(51) }, "admin.entity_invalid"],
    [{ from: "2026-02-30" }, "admin.date_invalid"],
    [{ to: "24/11/2026" }, "admin.date_invalid"],
    [{ from: "2026-11-30", to: "2026-11-01" }, "admin.date_range_invalid"],
    [{ page: "0" }, "validation.page_invalid"],
    [{ page_size: "51" }, "validation.page_invalid"],
  ])("refuses %j with %s", (input, key) => expect(messages(auditQuerySchema, input)).toEqual([key]));
});

describe("texts of the refusals", () => {
  it("exist in French and Chinese", () => {
    for (const lang of ["fr", "zh"] as const)
      for (const key of STAFF_VALIDATION_KEYS) expect(translate(lang, `admin.${key}`), `${lang} ${key}`).not.toBe(`admin.${key}`);
  });
});
