import { describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createPageCache, pageBytes } from "./page-cache.ts";

const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { "content-type": "text/html" }, ...init });

describe("page cache", () => {
  it("keeps 200 and 404 pages without cookies, not others", async () => {
    const c = createPageCache();
    expect((await c.store("/", html("<p>home</p>")))?.body.toString()).toBe("<p>home</p>");
    expect(c.get("/")?.status).toBe(200);
    await c.store("/nope", html("nf", { status: 404 }));
    expect(c.get("/nope")?.status).toBe(404);
    expect(await c.store("/err", html("x", { status: 500 }))).toBeNull();
    expect(await c.store("/login", html("x", { headers: { "set-cookie": "uid=1" } }))).toBeNull();
    expect(c.get("/err")).toBeUndefined();
    expect(c.get("/login")).toBeUndefined();
  });

  it("expires entries and clears on demand", async () => {
    const c = createPageCache(10);
    await c.store("/", html("a"));
    await new Promise((r) => setTimeout(r, 20));
    expect(c.get("/")).toBeUndefined();
    const d = createPageCache();
    await d.store("/", html("a"));
    d.clear();
    expect(d.get("/")).toBeUndefined();
  });

  it("sends but does not keep a page rendered across a change", async () => {
    const c = createPageCache();
    const since = c.generation();
    c.clear(); // the catalogue changed while the page was rendering
    expect((await c.store("/", html("old"), since))?.body.toString()).toBe("old");
    expect(c.get("/")).toBeUndefined();
    await c.store("/", html("new"), c.generation());
    expect(c.get("/")?.body.toString()).toBe("new");
  });

  it("stays bounded", async () => {
    const c = createPageCache();
    for (let i = 0; i < 2_100; i++) await c.store(`/x${i}`, html("a"));
    expect(c.size()).toBe(2_000);
    expect(c.get("/x0")).toBeUndefined();
    expect(c.get("/x2099")).toBeDefined();
    const small = createPageCache(60_000, 10_000);
    for (let i = 0; i < 30; i++) await small.store(`/p${i}`, html("x".repeat(1_000)));
    expect(small.size()).toBe(10);
    expect(small.bytes()).toBe(10_000);
    expect(small.get("/p19")).toBeUndefined();
    expect(small.get("/p29")).toBeDefined();
    await small.store("/p29", html("y".repeat(500))); // replacing an entry counts its new size only
    expect(small.bytes()).toBe(9_500);
  });

  it("compresses a page once when stored, and counts every variant in its memory bound", async () => {
    const c = createPageCache();
    const text = "<p>carton double cannelure</p>".repeat(200);
    const page = (await c.store("/big", html(text)))!;
    expect(brotliDecompressSync(page.br!).toString()).toBe(text);
    expect(gunzipSync(page.gzip!).toString()).toBe(text);
    expect(page.headers).toContainEqual(["vary", "Accept-Encoding"]);
    expect(c.bytes()).toBe(page.body.length + page.br!.length + page.gzip!.length);
    expect(pageBytes(page)).toBe(c.bytes());
    const small = (await c.store("/small", html("<p>x</p>")))!; // not worth compressing
    expect(small.br).toBeUndefined();
    expect(c.bytes()).toBe(pageBytes(page) + small.body.length);
  });
});
