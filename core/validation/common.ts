// Shared field schemas. Every message is a "validation.*" i18n key.
import { z } from "zod";
import { msg, type ValidationKeyName } from "./keys.ts";

/** E-mail pattern (zod's: no leading/double dots, a dotted domain with a 2+ letter TLD). */
export const EMAIL_RE = z.regexes.email;

/**
 * C0 controls and DEL: never meaningful in a one-line field, and NUL fails in PostgreSQL. Multi-line texts
 * (messages, notes, pasted lists) keep tab, LF and CR.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Half of a surrogate pair without the other half: no character, and no UTF-8 for PostgreSQL to store. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text holds no forbidden control character (tab/newlines allowed when multiline) and no lone surrogate. */
const noControlChars =
  (multiline = false) =>
  (v: string) =>
    !(multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).test(v) && !LONE_SURROGATE.test(v);

type ErrorParam = string | { error: string };
const errorOf = (e: ErrorParam) => (typeof e === "string" ? { error: e } : e);

/**
 * The one rule for text: every string field of every schema starts here (one-rule.test.ts checks), so
 * none lets a control character through. Refused: "validation.control_characters", before any other check.
 * `error`: the message of a value that is not a text at all.
 */
export function text(error?: ErrorParam, { multiline = false }: { multiline?: boolean } = {}) {
  return (error === undefined ? z.string() : z.string(errorOf(error))).refine(noControlChars(multiline), {
    ...msg("control_characters"),
    abort: true,
  });
}

/** A required trimmed text of at most `max` characters, without control characters (tab/newlines when multiline). */
export function requiredText(required: ValidationKeyName, max: number, tooLong: ValidationKeyName, multiline = false) {
  return text(msg(required), { multiline })
    .trim()
    .min(1, { ...msg(required), abort: true })
    .max(max, msg(tooLong));
}

/** An optional trimmed one-line text of at most `max` characters ("" when absent). */
export function optionalText(max: number, tooLong: ValidationKeyName) {
  return text().trim().max(max, msg(tooLong)).optional().default("");
}

/** Bounds of PostgreSQL's `integer` (int4, `serial`): the column type of every id, quantity and count the shop stores. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * The one rule for integers: every id, quantity, page and count of every schema is one of these, bounded by
 * its column (int4) and by `min` (1 unless said: an id) and `max`. A JSON integer, or a text of digits (a query
 * string, a form field) unless `digits` is false (a number of a JSON body); anything else (1.5, "1e3", "0x10",
 * true, [5], 2^31, 2^53) is refused with `error`.
 */
export function intField(
  error: ErrorParam,
  { min = 1, max = INT4_MAX, digits = true }: { min?: number; max?: number; digits?: boolean } = {},
) {
  if (min < INT4_MIN || max > INT4_MAX || min > max) throw new RangeError(`intField: [${min}, ${max}] is not within an int4 column`);
  const e = errorOf(error);
  const int = z.int(e).min(min, e).max(max, e);
  if (!digits) return int;
  return z.union(
    [
      int,
      text(e)
        .regex(/^\s*-?\d{1,10}\s*$/, e)
        .transform(Number)
        .pipe(int),
    ],
    e,
  );
}

/** The most rows one page of a list answer holds (GET /site/Sale/orderList and every paged list). */
export const MAX_PAGE_SIZE = 50;

/**
 * The query of a paged list (core/list-page.ts): `page` from 1 (default 1), `page_size` from 1 to `max`
 * (default `size`); anything else is refused with "validation.page_invalid".
 */
export function pageQuery({ size, max = MAX_PAGE_SIZE }: { size: number; max?: number }) {
  if (size < 1 || size > max) throw new RangeError(`pageQuery: default size ${size} is not within [1, ${max}]`);
  const error = msg("page_invalid");
  return z.object({
    page: intField(error, { max: 1_000_000 }).optional().default(1),
    page_size: intField(error, { max }).optional().default(size),
  });
}

/**
 * A decimal measure (a volume, a weight) within [min, max]: a JSON number, or a text of digits with an optional
 * decimal point; anything else ("1e3", "Infinity", true, [5]) is refused with `error`.
 */
export function decimalField(error: ErrorParam, { min, max }: { min: number; max: number }) {
  const e = errorOf(error);
  const num = z.number(e).min(min, e).max(max, e);
  return z.union(
    [
      num,
      text(e)
        .regex(/^\s*\d{1,15}(?:\.\d{1,15})?\s*$/, e)
        .transform(Number)
        .pipe(num),
    ],
    e,
  );
}

/** E-mail: required, at most 50 characters, e-mail format. */
export const emailSchema = text(msg("email_required"))
  .trim()
  .min(1, { ...msg("email_required"), abort: true })
  .max(50, msg("email_too_long"))
  .regex(EMAIL_RE, msg("email_invalid"));

/** A positive integer id (int4); `required` key when absent, 0, not an integer or past the column. */
export function requiredId(required: ValidationKeyName) {
  return intField(msg(required));
}

/**
 * A box the buyer must tick (terms of sale, privacy notice): `true` from the API, `"on"` from a form's
 * checkbox; anything else, or nothing, is refused with `error`.
 */
export function acceptedField(error: ErrorParam) {
  return z.union([z.literal(true), z.literal("on")], errorOf(error)).transform((): true => true);
}
