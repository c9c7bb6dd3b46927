import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { prefixList, zipInPrefixList, zipPrefix } from "./zip.ts";

describe("zip prefixes", () => {
  it("takes the first two characters", () => {
    expect(zipPrefix("75011")).toBe("75");
    expect(zipPrefix(" 2A004 ")).toBe("2A");
    expect(zipPrefix("7")).toBe("");
    expect(zipPrefix(null)).toBe("");
  });
  it("reads lists given as arrays or texts", () => {
    expect(prefixList("75, 92;93 94")).toEqual(["75", "92", "93", "94"]);
    expect(prefixList([" 75 ", ""])).toEqual(["75"]);
    expect(prefixList(undefined)).toEqual([]);
  });
  it("matches a zip whose prefix is listed", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}$/), fc.array(fc.stringMatching(/^\d{2}$/)), (zip, list) => {
        expect(zipInPrefixList(zip, list)).toBe(list.includes(zip.slice(0, 2)));
      }),
    );
  });
});
