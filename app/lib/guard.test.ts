import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./guard.ts";

const home = "/mon-compte";

describe("safeReturnPath (issue 14, items 3-4)", () => {
  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "http:/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u000b/evil.example",
    "/\u000c/evil.example",
    "/\u0000/evil.example",
    "/x\u007f",
    "evil.example",
    "",
    "javascript:alert(1)",
    "/%0a/x\n",
  ])("sends %j to the account page", (value) => {
    expect(safeReturnPath(value, home)).toBe(home);
  });

  it("keeps a path of the shop, normalised and encoded", () => {
    expect(safeReturnPath("/commande?step=2#top", home)).toBe("/commande?step=2#top");
    expect(safeReturnPath("/zh/identite", home)).toBe("/zh/identite");
    expect(safeReturnPath("/a/../identite", home)).toBe("/identite");
    expect(safeReturnPath("/recherche?search=é", home)).toBe("/recherche?search=%C3%A9");
    expect(safeReturnPath(null, home)).toBe(home);
  });
});
