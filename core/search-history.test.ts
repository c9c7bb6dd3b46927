import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SEARCH_HISTORY_MAX, addSearchTerm, clearSearchHistory, removeSearchTerm, sanitizeSearchHistory } from "./search-history.ts";

describe("search history", () => {
  it("trims, lower-cases and puts the newest first", () => {
    expect(addSearchTerm(["sac"], "  Carton ")).toEqual(["carton", "sac"]);
  });
  it("ignores empty terms", () => {
    expect(addSearchTerm(["sac"], "   ")).toEqual(["sac"]);
  });
  it("moves an existing entry to the front", () => {
    expect(addSearchTerm(["a", "b", "c"], "C")).toEqual(["c", "a", "b"]);
  });
  it("drops the oldest past 20", () => {
    const full = Array.from({ length: 20 }, (_, i) => `t${i}`);
    const next = addSearchTerm(full, "new");
    expect(next).toHaveLength(20);
    expect(next[0]).toBe("new");
    expect(next).not.toContain("t19");
  });
  it("deletes one or all", () => {
    expect(removeSearchTerm(["a", "b"], " A ")).toEqual(["b"]);
    expect(clearSearchHistory()).toEqual([]);
  });
  it("repairs stored data", () => {
    expect(sanitizeSearchHistory(["A", 3, "a", " ", "b"])).toEqual(["a", "b"]);
    expect(sanitizeSearchHistory("x")).toEqual([]);
  });

  it("keeps at most 20 unique normalised entries, the last search first", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 60 }), (terms) => {
        let h: string[] = [];
        for (const t of terms) h = addSearchTerm(h, t);
        expect(h.length).toBeLessThanOrEqual(SEARCH_HISTORY_MAX);
        expect(new Set(h).size).toBe(h.length);
        expect(h.every((x) => x === x.trim().toLowerCase() && x !== "")).toBe(true);
        const last = [...terms].reverse().find((t) => t.trim() !== "");
        if (last !== undefined) expect(h[0]).toBe(last.trim().toLowerCase());
        // Order is by most recent use.
        const expected: string[] = [];
        for (const t of [...terms].reverse()) {
          const n = t.trim().toLowerCase();
          if (n !== "" && !expected.includes(n)) expected.push(n);
        }
        expect(h).toEqual(expected.slice(0, SEARCH_HISTORY_MAX));
      }),
    );
  });
});
