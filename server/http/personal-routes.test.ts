import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { pagePath, personalMatcher } from "./personal-routes.ts";

const route = (id: string, path: string | undefined, parentId: string | undefined, personal = false) => ({
  id,
  path,
  parentId,
  module: { handle: personal ? { personal: true } : undefined },
});
const build = {
  routes: {
    root: route("root", "", undefined),
    home: route("home", "/", "root"),
    list: route("list", "/product/:param", "root"),
    account: route("account", "/mon-compte", "root", true),
    "zh:account": route("zh:account", "/zh/center/mon-compte", "root", true),
    any: route("any", "*", "root"),
  },
} as unknown as ServerBuild;

describe("personal routes", () => {
  it("finds personal pages by their route handle, data requests included", () => {
    const personal = personalMatcher(build);
    expect(personal("/mon-compte")).toBe(true);
    expect(personal("/mon-compte.data")).toBe(true);
    expect(personal("/zh/center/mon-compte")).toBe(true);
    expect(personal("/")).toBe(false);
    expect(personal("/_root.data")).toBe(false);
    expect(personal("/product/3-cartons")).toBe(false);
    expect(personal("/product/3-cartons.data")).toBe(false);
    expect(personal("/mon-compte-bis")).toBe(false);
  });
  it("maps data request paths to page paths", () => {
    expect(pagePath("/_root.data")).toBe("/");
    expect(pagePath("/zh.data")).toBe("/zh");
    expect(pagePath("/mon-compte/_.data")).toBe("/mon-compte/");
    expect(pagePath("/magasins")).toBe("/magasins");
  });
});
