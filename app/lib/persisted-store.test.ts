// The encrypted persisted store and the storefront's small rules (start dialogs, header, prefetch).
import { describe, expect, it } from "vitest";
import { decrypt, encrypt, sanitize } from "./persisted-store.ts";
import { adDue } from "./use-start-dialogs.ts";
import { headerPinned } from "./use-header-hidden.ts";
import { prefetchAllowed } from "./use-idle-prefetch.ts";
import { isChunkError } from "./use-chunk-reload.ts";

describe("persisted store", () => {
  it("round-trips through AES-GCM with a fresh IV each time", async () => {
    const a = await encrypt('{"x":1}');
    const b = await encrypt('{"x":1}');
    expect(a).not.toBe(b);
    expect(await decrypt(a)).toBe('{"x":1}');
  });

  it("rejects a tampered value", async () => {
    const a = await encrypt("hello");
    const bytes = Buffer.from(a, "base64");
    bytes[bytes.length - 1] ^= 1;
    await expect(decrypt(bytes.toString("base64"))).rejects.toThrow();
  });

  it("keeps only well-formed fields", () => {
    expect(sanitize(null)).toBeNull();
    expect(sanitize({ localObj: { gridStyle: "list", firstPopup: 5, useCookie: 2, searchHistroy: ["a", 3, "b"] }, lang: "zh" })).toEqual({
      lang: "zh",
      localObj: { gridStyle: "list", firstPopup: 5, useCookie: 2, searchHistroy: ["a", "b"] },
    });
    expect(sanitize({ localObj: { gridStyle: "x", firstPopup: "5", useCookie: 7, searchHistroy: "a" }, lang: "en" })).toEqual({
      lang: "fr",
      localObj: { gridStyle: "grid", firstPopup: 0, useCookie: 0, searchHistroy: [] },
    });
  });
});

describe("ad popup day", () => {
  it("is due never shown or shown on an earlier calendar day, not later the same day", () => {
    const now = new Date(2026, 10, 22, 9, 0);
    expect(adDue(0, now)).toBe(true);
    expect(adDue(new Date(2026, 10, 22, 0, 5).getTime(), now)).toBe(false);
    expect(adDue(new Date(2026, 10, 21, 23, 59).getTime(), now)).toBe(true);
  });
});

describe("small rules", () => {
  it("pins the header on the cart, checkout and quick-order lists, in both languages", () => {
    for (const p of ["/panier", "/commande", "/quick-order/purchased", "/zh/quick-order/wishlist"]) expect(headerPinned(p)).toBe(true);
    for (const p of ["/", "/zh", "/quick-order/other", "/product/3-metiers"]) expect(headerPinned(p)).toBe(false);
  });

  it("skips prefetch offline, on 2g and with data saver", () => {
    expect(prefetchAllowed({ onLine: true })).toBe(true);
    expect(prefetchAllowed({ onLine: false })).toBe(false);
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: "slow-2g" } })).toBe(false);
    expect(prefetchAllowed({ onLine: true, connection: { saveData: true, effectiveType: "4g" } })).toBe(false);
  });

  it("recognises chunk-load failures", () => {
    expect(isChunkError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkError(new Error("boom"))).toBe(false);
  });
});
