import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canSuggest, searchQuerySchema } from "./search.ts";
import { messages } from "./test-helpers.test-support.ts";

describe("searchQuerySchema", () => {
  it("trims and accepts 1 to 35 characters", () => {
    expect(searchQuerySchema.parse("  carton ")).toBe("carton");
    expect(searchQuerySchema.parse("a")).toBe("a");
    expect(searchQuerySchema.parse("x".repeat(35))).toHaveLength(35);
  });
  it("refuses empty and too long queries", () => {
    expect(messages(searchQuerySchema, "   ")).toEqual(["validation.search_required"]);
    expect(messages(searchQuerySchema, "x".repeat(36))).toEqual(["validation.search_too_long"]);
    expect(messages(searchQuerySchema, undefined)).toEqual(["validation.search_required"]);
  });
  it("suggestions start at 3 characters", () => {
    expect(canSuggest(" ab ")).toBe(false);
    expect(canSuggest("abc")).toBe(true);
  });
  it("accepts exactly the texts whose trimmed length is 1 to 35", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (s) => {
        const t = s.trim();
        expect(searchQuerySchema.safeParse(s).success).toBe(t.length >= 1 && t.length <= 35);
      }),
    );
  });
});
