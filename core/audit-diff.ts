// The before/after difference an audit row records (DESIGN §9): the fields whose JSON value changed. Values
// are compared and given as JSON would store them (a Date as its ISO text, undefined as absent, absent as
// null); a secret is never copied, only its change is told.

/** What an audit row holds instead of a secret's value. */
export const REDACTED = "[redacted]";

const SECRET = /password|hash|secret|token|recovery/i;

/** A field whose value the audit never copies (a password hash, a TOTP secret, recovery codes, tokens). */
export const isSecretField = (key: string): boolean => SECRET.test(key);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The value as JSON.stringify would give it back: undefined, functions and symbols are absent (undefined). */
function toJson(v: unknown): Json | undefined {
  if (v === null) return null;
  if (v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON === "function")
    return toJson((v as { toJSON: () => unknown }).toJSON()); // a Date: its ISO text (null when invalid)
  switch (typeof v) {
    case "string":
    case "boolean":
      return v;
    case "number":
      return Number.isFinite(v) ? v : null;
    case "bigint":
      return v.toString();
    case "object":
      if (Array.isArray(v)) return v.map((x) => toJson(x) ?? null);
      return Object.fromEntries(
        Object.entries(v).flatMap(([k, x]) => {
          const j = toJson(x);
          return j === undefined ? [] : [[k, j]];
        }),
      );
    default:
      return undefined;
  }
}

/** A field's value, null when absent (an own property only: "__proto__" or "toString" are fields like others). */
const field = (o: Record<string, Json> | null, key: string): Json => (o && Object.hasOwn(o, key) ? o[key] : null);

function equal(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
}

/** The value with every secret field inside it (a settings object holding a token) redacted. */
function redactInside(v: Json): Json {
  if (Array.isArray(v)) return v.map(redactInside);
  if (v === null || typeof v !== "object") return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, isSecretField(k) ? REDACTED : redactInside(x)]));
}

/**
 * The fields that differ between `before` and `after`, each with both values. A creation (before null) lists
 * every field of `after`, a deletion (after null) every field of `before`, the missing side null. A secret
 * field that changed is listed with REDACTED on both sides.
 */
export function auditDiff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, { before: unknown; after: unknown }> {
  const b = before && (toJson(before) as Record<string, Json>);
  const a = after && (toJson(after) as Record<string, Json>);
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].sort();
  const changed = keys.flatMap((key) => {
    const x = field(b, key);
    const y = field(a, key);
    if (b && a && equal(x, y)) return [];
    return [
      [key, isSecretField(key) ? { before: REDACTED, after: REDACTED } : { before: redactInside(x), after: redactInside(y) }] as const,
    ];
  });
  // fromEntries, not assignment: a field named __proto__ stays a field.
  return Object.fromEntries(changed);
}
