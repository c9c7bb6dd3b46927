import { describe, expect, it } from "vitest";
import { createRequestHandler, matchRoutes, type ServerBuild } from "react-router";
import { buildWithRoutes, pagePath, personalMatcher } from "./personal-routes.ts";

const route = (id: string, path: string | undefined, parentId: string | undefined, personal = false) => ({
  id,
  path,
  parentId,
  module: { handle: personal ? { personal: true } : undefined },
});
const build = {
  entry: { module: { createRequestHandler, matchRoutes } }, // React Router's runtime, as app/entry.server.tsx exports it
  assets: { version: "v", routes: { root: { id: "root" }, account: { id: "account" }, home: { id: "home" }, any: { id: "any" } } },
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
  it("names the routes a document can use: its own and its parent paths' (lazy route discovery)", () => {
    const { documentRoutes } = personalMatcher(build);
    expect(documentRoutes("/mon-compte")).toEqual(["account", "home", "root"]);
    // "/zh/center" and "/zh" match only the catch-all
    expect(documentRoutes("/zh/center/mon-compte")).toEqual(["any", "home", "root", "zh:account"]);
  });
  it("cuts a build down to some routes and their manifest entries", () => {
    const small = buildWithRoutes(build, ["account", "home", "root"]);
    expect(Object.keys(small.routes).sort()).toEqual(["account", "home", "root"]);
    expect(Object.keys(small.assets.routes).sort()).toEqual(["account", "home", "root"]);
    expect(small.assets.version).toBe("v");
    expect(Object.keys(build.routes)).toHaveLength(6); // the full build is untouched
  });
});
