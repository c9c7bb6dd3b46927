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

  it("expires entries after their ttl", async () => {
    const cache = createReadCache();
    let calls = 0;
    await cache.memo("k", async () => ++calls, 10);
    await new Promise((r) => setTimeout(r, 20));
    expect(await cache.memo("k", async () => ++calls, 10)).toBe(2);
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
