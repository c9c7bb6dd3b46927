// The anonymous cart in session storage: round trip, corrupted and foreign values ignored (never fatal).
import { beforeEach, describe, expect, it } from "vitest";
import { CART_KEY, decryptLines, encryptLines, readLocalCart, sanitize, writeLocalCart } from "./cart-storage.ts";

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

describe("encrypted session cart", () => {
  it("round-trips the lines through sessionStorage under cartParams, not in clear text", async () => {
    await writeLocalCart(lines);
    const stored = sessionStorage.getItem(CART_KEY)!;
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
    sessionStorage.setItem(CART_KEY, flipped);
    expect(await readLocalCart()).toEqual([]);
  });

  it("ignores a foreign value (clear JSON, another format) and absent storage", async () => {
    expect(await decryptLines(JSON.stringify({ lines }))).toEqual([]);
    expect(await decryptLines("U2FsdGVkX1+abc")).toEqual([]);
    expect(await decryptLines(null)).toEqual([]);
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
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
    expect(sessionStorage.getItem(CART_KEY)).toBeNull();
  });
});
