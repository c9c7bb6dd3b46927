import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { connectReadCache, createReadCache } from "./read-cache.ts";
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
    await cache.memo("k", async () => ++calls, 20);
    await new Promise((r) => setTimeout(r, 30));
    const gate = new Promise<void>((r) => { release = r; });
    expect(await cache.memo("k", async () => { await gate; return ++calls; }, 20)).toBe(1); // stale, reload pending
    cache.clear(); // a change: the pending reload may hold data from before it
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.memo("k", async () => ++calls + 100, 20)).toBe(103);
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
    const load = async () => (await database.db.execute(sql`select count(*)::int as n from site_config`)) as unknown as { rows: { n: number }[] };
    expect((await cache.memo("config", load)).rows[0].n).toBe(0);
    await database.db.insert(siteConfig).values({ key: "minBuyPrice", value: 50 });
    await until(() => cache.size() === 0);
    expect((await cache.memo("config", load)).rows[0].n).toBe(1);
  });
});
