// Shared field schemas. Every message is a "validation.*" i18n key.
import { z } from "zod";
import { msg, type ValidationKeyName } from "./keys.ts";

/** E-mail pattern (zod's: no leading/double dots, a dotted domain with a 2+ letter TLD). */
export const EMAIL_RE = z.regexes.email;

/** A required trimmed text of at most `max` characters. */
export function requiredText(required: ValidationKeyName, max: number, tooLong: ValidationKeyName) {
  return z
    .string(msg(required))
    .trim()
    .min(1, { ...msg(required), abort: true })
    .max(max, msg(tooLong));
}

/** An optional trimmed text of at most `max` characters ("" when absent). */
export function optionalText(max: number, tooLong: ValidationKeyName) {
  return z.string().trim().max(max, msg(tooLong)).optional().default("");
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
