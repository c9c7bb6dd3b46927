// Password rules (SPEC §5, §9; decision 026): 8 to 16 characters, an upper-case and a lower-case
// letter, a digit, one of !@#$%^&*_+-, not one character repeated, no white space.
import { z } from "zod";
import { msg, type ValidationKeyName } from "./keys.ts";
import { text } from "./common.ts";

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 16;
export const PASSWORD_SPECIALS = "!@#$%^&*_+-";

type PasswordRule = "length" | "uppercase" | "lowercase" | "digit" | "special" | "repeated" | "whitespace";

const RULE_KEYS: Record<PasswordRule, ValidationKeyName> = {
  length: "password_length",
  uppercase: "password_uppercase",
  lowercase: "password_lowercase",
  digit: "password_digit",
  special: "password_special",
  repeated: "password_repeated",
  whitespace: "password_whitespace",
};

/** Each rule and whether the password meets it (for a live checklist). Length counts code points. */
export function passwordRules(pw: string): { rule: PasswordRule; ok: boolean; key: string }[] {
  const chars = [...pw];
  const checks: [PasswordRule, boolean][] = [
    ["length", chars.length >= PASSWORD_MIN && chars.length <= PASSWORD_MAX],
    ["uppercase", /[A-Z]/.test(pw)],
    ["lowercase", /[a-z]/.test(pw)],
    ["digit", /\d/.test(pw)],
    ["special", chars.some((c) => PASSWORD_SPECIALS.includes(c))],
    ["repeated", !(chars.length > 1 && chars.every((c) => c === chars[0]))],
    ["whitespace", !/\s/u.test(pw)],
  ];
  return checks.map(([rule, ok]) => ({ rule, ok, key: `validation.${RULE_KEYS[rule]}` }));
}

/** A new password: "validation.password_required" when empty, otherwise one issue per rule broken. */
export const passwordSchema = text(msg("password_required"))
  .min(1, { ...msg("password_required"), abort: true })
  .superRefine((pw, ctx) => {
    for (const r of passwordRules(pw)) if (!r.ok) ctx.addIssue({ code: "custom", message: r.key });
  });

export const confirmSchema = text(msg("password_confirm_required")).min(1, { ...msg("password_confirm_required"), abort: true });

/** Adds the confirmation rule to an object holding `password` and `confirm` (checked once both are given). */
export function withConfirmation<S extends z.ZodObject<{ password: typeof passwordSchema; confirm: typeof confirmSchema }>>(schema: S) {
  return schema.refine((v) => v.password === v.confirm, {
    ...msg("password_mismatch"),
    path: ["confirm"],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirm?: unknown } | undefined;
      return typeof v?.password === "string" && typeof v.confirm === "string" && v.confirm !== "";
    },
  });
}

/** The current password, checked against the account, so only required (old passwords predate the rules). */
export const currentPasswordSchema = text(msg("password_required")).min(1, msg("password_required"));

/** Password change: the current password plus the new one confirmed. */
export const passwordChangeSchema = withConfirmation(
  z.object({ current: currentPasswordSchema, password: passwordSchema, confirm: confirmSchema }),
);
