// Tagged drops of the render cache (decision 061): a stock change drops the pages showing the product only.
import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache.ts";

const html = (body: string) => new Response(body, { status: 200, headers: { "content-type": "text/html" } });

describe("page cache tags", () => {
  it("drops the pages showing a tag and keeps the others", async () => {
    const c = createPageCache();
    await c.store("/product/a/1", html("p1"), c.generation(), new Set(["p1", "c7"]));
    await c.store("/product/b/2", html("p2"), c.generation(), new Set(["p2"]));
    await c.store("/cartons", html("list"), c.generation(), new Set(["k3", "k4"]));
    await c.store("/content/1-livraison", html("text"), c.generation(), new Set());
    c.dropTagged(["p1"]);
    expect(c.get("/product/a/1")).toBeUndefined();
    expect(c.get("/product/b/2")?.body.toString()).toBe("p2");
    expect(c.get("/cartons")).toBeDefined();
    c.dropTagged(["p2", "c2", "k4"]);
    expect(c.get("/product/b/2")).toBeUndefined();
    expect(c.get("/cartons")).toBeUndefined();
    expect(c.get("/content/1-livraison")?.body.toString()).toBe("text");
    expect(c.bytes()).toBe(4);
  });

  it("does not keep a page rendered across a drop of one of its tags, but keeps one an unrelated drop crossed", async () => {
    const c = createPageCache();
    const since = c.generation();
    c.dropTagged(["p1"]); // product 1's stock changed while both pages were rendering
    expect((await c.store("/product/a/1", html("old"), since, new Set(["p1"])))?.body.toString()).toBe("old");
    expect(c.get("/product/a/1")).toBeUndefined();
    await c.store("/product/b/2", html("p2"), since, new Set(["p2", "c5"]));
    expect(c.get("/product/b/2")).toBeDefined();
    // a full clear still refuses every render that crossed it
    const before = c.generation();
    c.clear();
    await c.store("/content/1", html("x"), before, new Set());
    expect(c.get("/content/1")).toBeUndefined();
  });

  it("refuses a tagged page whose render outlived the drops it remembers", async () => {
    const c = createPageCache();
    const since = c.generation();
    for (let i = 0; i < 100; i++) c.dropTagged([`p${1000 + i}`]);
    await c.store("/product/b/2", html("p2"), since, new Set(["p2"]));
    expect(c.get("/product/b/2")).toBeUndefined();
    await c.store("/content/1", html("x"), since, new Set()); // shows no product: no stock change concerns it
    expect(c.get("/content/1")).toBeDefined();
  });
});
