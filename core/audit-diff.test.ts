import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { REDACTED, auditDiff, isSecretField } from "./audit-diff.ts";

describe("auditDiff", () => {
  it("lists the changed fields of an update with both values", () => {
    const before = { id: 7, status: "paid", note: "", lines: [{ ref: "CB-1", num: 2 }], total: "120.00" };
    const after = { id: 7, status: "preparing", note: "Quai 3", lines: [{ ref: "CB-1", num: 3 }], total: "120.00" };
    expect(auditDiff(before, after)).toEqual({
      lines: { before: [{ ref: "CB-1", num: 2 }], after: [{ ref: "CB-1", num: 3 }] },
      note: { before: "", after: "Quai 3" },
      status: { before: "paid", after: "preparing" },
    });
  });

  it("compares objects by value, whatever the order of their keys", () => {
    expect(auditDiff({ a: { x: 1, y: [1, { z: 2 }] } }, { a: { y: [1, { z: 2 }], x: 1 } })).toEqual({});
    expect(auditDiff({ a: [1, 2] }, { a: [2, 1] })).toEqual({ a: { before: [1, 2], after: [2, 1] } });
    expect(auditDiff({ a: { x: 1 } }, { a: { x: 1, y: 2 } })).toEqual({ a: { before: { x: 1 }, after: { x: 1, y: 2 } } });
    expect(auditDiff({ a: 1 }, { a: "1" })).toEqual({ a: { before: 1, after: "1" } });
  });

  it("gives dates as ISO texts and compares them so", () => {
    const at = "2026-11-24T09:30:00.000Z";
    expect(auditDiff({ shipped_at: new Date(at) }, { shipped_at: new Date(at) })).toEqual({});
    expect(auditDiff({ shipped_at: null }, { shipped_at: new Date(at) })).toEqual({ shipped_at: { before: null, after: at } });
    expect(auditDiff({ shipped_at: at }, { shipped_at: new Date(at) })).toEqual({});
  });

  it("takes undefined and an absent field for null", () => {
    expect(auditDiff({ a: undefined, b: null }, { c: null })).toEqual({});
    expect(auditDiff({ a: 1 }, { a: undefined })).toEqual({ a: { before: 1, after: null } });
    expect(auditDiff({}, { a: [undefined, 1] })).toEqual({ a: { before: null, after: [null, 1] } });
  });

  it("lists every field of a creation and of a deletion, the missing side null", () => {
    expect(auditDiff(null, { id: 3, name: "Lina", disabled_at: null })).toEqual({
      disabled_at: { before: null, after: null },
      id: { before: null, after: 3 },
      name: { before: null, after: "Lina" },
    });
    expect(auditDiff({ id: 3, roles: ["planner"] }, null)).toEqual({
      id: { before: 3, after: null },
      roles: { before: ["planner"], after: null },
    });
    expect(auditDiff(null, null)).toEqual({});
  });

  it("tells that a secret changed, never its value", () => {
    expect(auditDiff({ email: "a@b.fr", password_hash: "$argon2id$old" }, { email: "a@b.fr", password_hash: "$argon2id$new" })).toEqual({
      password_hash: { before: REDACTED, after: REDACTED },
    });
    expect(auditDiff({ totp_secret: "JBSW" }, { totp_secret: "JBSW" })).toEqual({});
    expect(auditDiff(null, { name: "Lina", totpSecret: "JBSW", recovery_codes: ["a"], Token: "t" })).toEqual({
      name: { before: null, after: "Lina" },
      recovery_codes: { before: REDACTED, after: REDACTED },
      Token: { before: REDACTED, after: REDACTED },
      totpSecret: { before: REDACTED, after: REDACTED },
    });
    // inside a value too: a settings object holding a key
    expect(auditDiff({ payment: { mode: "test", api_secret: "s1" } }, { payment: { mode: "live", api_secret: "s2" } })).toEqual({
      payment: { before: { mode: "test", api_secret: REDACTED }, after: { mode: "live", api_secret: REDACTED } },
    });
    expect(["password", "reset_token", "codeHash", "RECOVERY", "client_secret"].every(isSecretField)).toBe(true);
    expect(["email", "name", "roles", "last_login_at"].some(isSecretField)).toBe(false);
  });

  it("keeps a field named __proto__ a field", () => {
    const before = JSON.parse('{"__proto__": 1}') as Record<string, unknown>;
    const diff = auditDiff(before, {});
    expect(Object.keys(diff)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(diff)).toBe(Object.prototype);
    expect(auditDiff({}, { toString: "x" })).toEqual({ toString: { before: null, after: "x" } });
  });
});

describe("auditDiff properties", () => {
  const key = fc.constantFrom("id", "status", "note", "lines", "total", "shipped_at", "password_hash", "totp_secret", "meta");
  const leaf = fc.oneof(
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom("", "a", "b", "120.00"),
    fc.integer({ min: 0, max: 3 }).map((d) => new Date(Date.UTC(2026, 10, 24 + d))),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(tie("value"), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom("x", "y", "z"), tie("value"), { maxKeys: 3 }),
    ),
  }));
  const record = fc.dictionary(key, value, { maxKeys: 6 });
  /** As JSON stores it, absent fields and null ones alike. */
  const stored = (r: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(JSON.parse(JSON.stringify(r)) as Record<string, unknown>).filter(([, v]) => v !== null));

  it("finds nothing between a record and itself, or a copy of it", () => {
    fc.assert(
      fc.property(record, (r) => {
        expect(auditDiff(r, r)).toEqual({});
        expect(auditDiff(r, structuredClone(r))).toEqual({});
      }),
    );
  });

  it("lists only fields that differ, and every one that does", () => {
    fc.assert(
      fc.property(record, record, (before, after) => {
        const diff = auditDiff(before, after);
        const b = stored(before);
        const a = stored(after);
        const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
        expect(Object.keys(diff).filter((k) => !keys.has(k))).toEqual([]);
        for (const k of keys) {
          expect(k in diff, k).toBe(!isEqualJson(b[k], a[k]));
          if (k in diff && !isSecretField(k)) expect(diff[k]).toEqual({ before: b[k] ?? null, after: a[k] ?? null });
        }
      }),
    );
  });

  it("gives `after` back when the diff's after values are applied to `before`, secrets aside", () => {
    fc.assert(
      fc.property(record, record, (before, after) => {
        const patched: Record<string, unknown> = { ...stored(before) };
        for (const [k, v] of Object.entries(auditDiff(before, after))) patched[k] = v.after;
        const open = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(stored(r)).filter(([k]) => !isSecretField(k)));
        expect(open(patched)).toEqual(open(after));
      }),
    );
  });
});

/** JSON equality regardless of key order (the test's own, plain one). */
function isEqualJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a ?? null)) === JSON.stringify(sortKeys(b ?? null));
}
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v)
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([k, x]) => [k, sortKeys(x)]),
    );
  return v;
}
