// The anonymous cart in local storage: round trip, corrupted and foreign values ignored (never fatal), an earlier
// session copy moved, other tabs' changes heard.
import { beforeEach, describe, expect, it } from "vitest";
import {
  CART_KEY,
  LINES_KEY,
  decryptLines,
  encryptLines,
  onOtherTabLines,
  readLocalCart,
  sanitize,
  writeLocalCart,
} from "./cart-storage.ts";

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

beforeEach(() => {
  (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

const lines = [
  {
    model_id: 12,
    num: 3,
    name: "Carton simple cannelure — 30×20×20",
    image: "/img/a.webp",
    price: "0.8500",
    url: "/product/x/1",
    reference: "CS-302020",
  },
];

describe("encrypted browser cart", () => {
  it("round-trips the lines through localStorage under cartLines, not in clear text, and nothing in the session", async () => {
    await writeLocalCart(lines);
    expect(sessionStorage.getItem(CART_KEY)).toBeNull();
    const stored = localStorage.getItem(LINES_KEY)!;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain("Carton");
    expect(stored).not.toContain("model_id");
    expect(await readLocalCart()).toEqual(lines);
  });

  it("uses a fresh IV: the same cart encrypts differently each time", async () => {
    expect(await encryptLines(lines)).not.toBe(await encryptLines(lines));
  });

  it("ignores a corrupted value (flipped byte, truncated, not base64)", async () => {
    const good = await encryptLines(lines);
    const body = good.slice(3);
    const flipped = `v1.${body.slice(0, 20)}${body[20] === "A" ? "B" : "A"}${body.slice(21)}`;
    expect(await decryptLines(flipped)).toEqual([]);
    expect(await decryptLines(good.slice(0, 20))).toEqual([]);
    expect(await decryptLines("v1.%%%not-base64%%%")).toEqual([]);
    localStorage.setItem(LINES_KEY, flipped);
    expect(await readLocalCart()).toEqual([]);
  });

  it("ignores a foreign value (clear JSON, another format) and absent storage", async () => {
    expect(await decryptLines(JSON.stringify({ lines }))).toEqual([]);
    expect(await decryptLines("U2FsdGVkX1+abc")).toEqual([]);
    expect(await decryptLines(null)).toEqual([]);
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    delete (globalThis as { localStorage?: unknown }).localStorage;
    expect(await readLocalCart()).toEqual([]);
    await expect(writeLocalCart(lines)).resolves.toBeUndefined();
  });

  it("keeps only well-formed lines of a decrypted value", () => {
    expect(
      sanitize({
        lines: [
          { model_id: 1, num: 2 },
          { model_id: -1, num: 2 },
          { model_id: 3, num: 1.5 },
          { model_id: "4", num: 1 },
          null,
          { model_id: 5, num: 1, name: 7 },
        ],
      }),
    ).toEqual([
      { model_id: 1, num: 2, image: null },
      { model_id: 5, num: 1, image: null },
    ]);
    expect(sanitize([1, 2])).toEqual([]);
    expect(sanitize(null)).toEqual([]);
  });

  it("removes the key when the cart becomes empty", async () => {
    await writeLocalCart(lines);
    await writeLocalCart([]);
    expect(localStorage.getItem(LINES_KEY)).toBeNull();
  });

  it("moves the lines an earlier version kept in session storage to local storage", async () => {
    sessionStorage.setItem(CART_KEY, await encryptLines(lines));
    expect(await readLocalCart()).toEqual(lines);
    expect(sessionStorage.getItem(CART_KEY)).toBeNull();
    expect(await decryptLines(localStorage.getItem(LINES_KEY))).toEqual(lines);
  });

  it("hears another tab's change of the lines (storage event), and only of them", async () => {
    const heard: unknown[] = [];
    const target = new EventTarget();
    const w = globalThis as { window?: unknown };
    w.window = Object.assign(target, { localStorage: (globalThis as { localStorage?: unknown }).localStorage });
    try {
      const stop = onOtherTabLines((l) => heard.push(l));
      const event = (key: string | null, newValue: string | null) =>
        Object.assign(new Event("storage"), { key, newValue, storageArea: (globalThis as { localStorage?: unknown }).localStorage });
      target.dispatchEvent(event("store", "something else"));
      target.dispatchEvent(event(LINES_KEY, await encryptLines(lines)));
      target.dispatchEvent(event(LINES_KEY, null));
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual([lines, []]);
      stop();
      target.dispatchEvent(event(LINES_KEY, null));
      await new Promise((r) => setTimeout(r, 10));
      expect(heard).toHaveLength(2);
    } finally {
      delete w.window;
    }
  });
});
