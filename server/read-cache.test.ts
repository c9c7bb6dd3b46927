import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { connectReadCache, createReadCache, parseCustomerChange, parseStockChange, type StockChange } from "./read-cache.ts";
import { openTestDatabase, testDbKinds } from "./test/databases.ts";
import type { Database } from "./db/client.ts";
import { siteConfig } from "./db/schema/index.ts";

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe("read cache", () => {
  it("loads once per key and retries after a failure", async () => {
    const cache = createReadCache();
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.memo("a", load)).toBe(1);
    expect(await cache.memo("a", load)).toBe(1);
    await expect(cache.memo("b", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.memo("b", async () => "up")).toBe("up");
    cache.clear();
    expect(await cache.memo("a", load)).toBe(2);
  });

  it("serves a value past its ttl once while one reload runs, and never one older than twice the ttl", async () => {
    const cache = createReadCache();
    let calls = 0;
    const load = async () => ++calls;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    expect(await cache.memo("k", load, 50)).toBe(1);
    await sleep(60);
    // past its time: the old value at once, one reload behind it
    expect(await Promise.all([cache.memo("k", load, 50), cache.memo("k", load, 50)])).toEqual([1, 1]);
    expect(calls).toBe(2);
    expect(await cache.memo("k", load, 50)).toBe(2);
    // idle for more than twice the ttl: the caller waits for a fresh value
    await sleep(120);
    expect(await cache.memo("k", load, 50)).toBe(3);
  });

  it("does not keep a reload that a change overtook", async () => {
    const cache = createReadCache();
    let calls = 0;
    let release!: () => void;
    await cache.memo("k", async () => ++calls, 500);
    await new Promise((r) => setTimeout(r, 550));
    const gate = new Promise<void>((r) => {
      release = r;
    });
    expect(
      await cache.memo(
        "k",
        async () => {
          await gate;
          return ++calls;
        },
        500,
      ),
    ).toBe(1); // stale, reload pending
    cache.clear(); // a change: the pending reload may hold data from before it
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.memo("k", async () => ++calls + 100, 500)).toBe(103);
  });
});

describe.each(testDbKinds())("read cache invalidation on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("drops cached data when a read-model table changes", async () => {
    const cache = createReadCache();
    await connectReadCache(cache, database);
    const load = async () =>
      (await database.db.execute(sql`select count(*)::int as n from site_config`)) as unknown as { rows: { n: number }[] };
    expect((await cache.memo("config", load)).rows[0].n).toBe(0);
    await database.db.insert(siteConfig).values({ key: "minBuyPrice", value: 50 });
    await until(() => cache.size() === 0);
    expect((await cache.memo("config", load)).rows[0].n).toBe(1);
  });
});

describe("read cache stock changes", () => {
  it("reads stock payloads and nothing else", () => {
    expect(parseStockChange("stock:1,22,333")).toEqual({ kind: "stock", products: [1, 22, 333] });
    expect(parseStockChange("avail:4")).toEqual({ kind: "avail", products: [4] });
    for (const other of ["models", "products", "*", "stock:", "stock:1,", "avail:x", "sessions"])
      expect(parseStockChange(other)).toBeNull();
  });

  it("patches a value and a reload in progress, drops one key only, and drops the entry if a patch fails", async () => {
    const cache = createReadCache();
    await cache.memo("k", async () => ({ n: 1 }), 500);
    await cache.memo("other", async () => "kept");
    await new Promise((r) => setTimeout(r, 550));
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // past its time: the old value is served while a reload (which read the database before the change) runs
    expect(
      await cache.memo(
        "k",
        async () => {
          await gate;
          return { n: 2 };
        },
        500,
      ),
    ).toEqual({ n: 1 });
    cache.patch<{ n: number; fixed?: boolean }>("k", (v) => ({ ...v, fixed: true }));
    expect(await cache.memo("k", async () => ({ n: 9 }), 500)).toEqual({ n: 1, fixed: true });
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.memo("k", async () => ({ n: 9 }), 500)).toEqual({ n: 2, fixed: true }); // the reload, patched too
    cache.patch("k", () => Promise.reject(new Error("down")));
    await new Promise((r) => setTimeout(r, 5));
    expect(cache.has("k")).toBe(false);
    expect(cache.has("other")).toBe(true);
    cache.drop("other");
    expect(cache.has("other")).toBe(false);
  });

  it("hands stock payloads to the stock listeners and does not clear", async () => {
    const cache = createReadCache();
    const seen: StockChange[] = [];
    let cleared = 0;
    cache.onStock((c) => seen.push(c));
    cache.onClear(() => cleared++);
    const { fake, notify } = fakeDatabase();
    await connectReadCache(cache, fake);
    notify("avail:5,6");
    expect(seen).toEqual([{ kind: "avail", products: [5, 6] }]);
    expect(cleared).toBe(0);
    notify("models");
    expect(cleared).toBe(1);
  });

  it("hands notification payloads to the unread counts only: named customers, or all on the table name and '*'", async () => {
    const cache = createReadCache();
    const forgotten: (number[] | null)[] = [];
    let cleared = 0;
    let sessions = 0;
    cache.onClear(() => cleared++);
    const { fake, notify } = fakeDatabase();
    await connectReadCache(
      cache,
      fake,
      () => sessions++,
      (c) => forgotten.push(c),
    );
    expect(parseCustomerChange("notif", "notif:3,14")).toEqual([3, 14]);
    expect(parseCustomerChange("notif", "notif:")).toBeNull();
    expect(parseCustomerChange("cart", "notif:3")).toBeNull();
    notify("notif:3,14");
    notify("notifications");
    expect(forgotten).toEqual([[3, 14], null]);
    expect([cleared, sessions]).toEqual([0, 0]);
    notify("*");
    expect(forgotten).toEqual([[3, 14], null, null]);
    expect([cleared, sessions]).toEqual([1, 1]);
  });

  it("hands cart payloads to the cart answers only: named customers, or all on a cart table's name; never clears the read model", async () => {
    const cache = createReadCache();
    const forgotten: (number[] | null)[] = [];
    let cleared = 0;
    cache.onClear(() => cleared++);
    const { fake, notify } = fakeDatabase();
    await connectReadCache(
      cache,
      fake,
      () => undefined,
      () => undefined,
      (c) => forgotten.push(c),
    );
    notify("cart:7,8");
    for (const table of ["coupons", "cart_lines", "addresses"]) notify(table);
    expect(forgotten).toEqual([[7, 8], null, null, null]);
    expect(cleared).toBe(0);
    notify("cart:x");
    expect(cleared).toBe(1); // not a cart notice: an unknown name clears, as any other table's
  });
});

/** A database whose change notices the test sends itself (`notify`). */
function fakeDatabase() {
  let send!: (payload: string) => void;
  const fake = {
    onChange: async (cb: (t: string) => void) => {
      send = cb;
    },
  } as unknown as Database;
  return { fake, notify: (payload: string) => send(payload) };
}
