// Shared field schemas. Every message is a "validation.*" i18n key.
import { z } from "zod";
import { msg, type ValidationKeyName } from "./keys.ts";

/** E-mail pattern (zod's: no leading/double dots, a dotted domain with a 2+ letter TLD). */
export const EMAIL_RE = z.regexes.email;

/**
 * C0 controls and DEL: never meaningful in a one-line field, and NUL fails in PostgreSQL (a 500 before
 * issue 14). Multi-line texts (messages) keep tab, LF and CR.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when the text holds no forbidden control character. */
export const noControlChars =
  (multiline = false) =>
  (v: string) =>
    !(multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).test(v);

/** A required trimmed text of at most `max` characters, without control characters (tab/newlines when multiline). */
export function requiredText(required: ValidationKeyName, max: number, tooLong: ValidationKeyName, multiline = false) {
  return z
    .string(msg(required))
    .refine(noControlChars(multiline), { ...msg("control_characters"), abort: true })
    .trim()
    .min(1, { ...msg(required), abort: true })
    .max(max, msg(tooLong));
}

/** An optional trimmed one-line text of at most `max` characters ("" when absent). */
export function optionalText(max: number, tooLong: ValidationKeyName) {
  return z
    .string()
    .refine(noControlChars(), { ...msg("control_characters"), abort: true })
    .trim()
    .max(max, msg(tooLong))
    .optional()
    .default("");
}

/** E-mail: required, at most 50 characters, e-mail format. */
export const emailSchema = z
  .string(msg("email_required"))
  .trim()
  .min(1, { ...msg("email_required"), abort: true })
  .max(50, msg("email_too_long"))
  .regex(EMAIL_RE, msg("email_invalid"));

/** A positive integer id; `required` key when absent, 0 or not a number. */
export function requiredId(required: ValidationKeyName) {
  return z.coerce.number(msg(required)).int(msg(required)).positive(msg(required));
}

/** E-mail messages go to 1 to 3 addresses (SPEC §5). */
export const emailRecipientsSchema = z
  .array(emailSchema, msg("recipients_required"))
  .min(1, msg("recipients_required"))
  .max(3, msg("recipients_too_many"));
