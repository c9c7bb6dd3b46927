// The batched API counter (decision 076): a key's first hit in an interval is shared at once (exact across
// processes for a slow client); a busy key's hits are counted in memory and shared once per interval.
import { describe, expect, it } from "vitest";
import { batchedCounter, type SharedCounter } from "./shared-counter.ts";

function memoryStore() {
  const counts = new Map<string, number>();
  let writes = 0;
  const store: SharedCounter = {
    async hit(key, _windowMs, n = 1) {
      writes++;
      const v = (counts.get(key) ?? 0) + n;
      counts.set(key, v);
      return { hits: v, ttlMs: 60_000 };
    },
    close: async () => undefined,
  };
  return { store, writes: () => writes };
}

describe("batched counter", () => {
  it("writes a busy key once per interval, not once per hit", async () => {
    const shared = memoryStore();
    const c = batchedCounter(shared.store, 10_000);
    for (let i = 1; i <= 100; i++) expect((await c.hit("a", 60_000)).hits).toBe(i);
    expect(shared.writes()).toBe(1); // the first hit, at once
    await c.flush();
    expect(shared.writes()).toBe(2); // the other 99 in one write
    expect((await c.hit("a", 60_000)).hits).toBe(101);
  });

  it("counts a slow client exactly across processes", async () => {
    const shared = memoryStore();
    const one = batchedCounter(shared.store, 0);
    const two = batchedCounter(shared.store, 0);
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push((await (i % 2 ? one : two).hit("ip", 60_000)).hits);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("learns what another process counted at its next write", async () => {
    const shared = memoryStore();
    const one = batchedCounter(shared.store, 10_000);
    const two = batchedCounter(shared.store, 10_000);
    for (let i = 0; i < 5; i++) await one.hit("ip", 60_000);
    await one.flush();
    expect((await two.hit("ip", 60_000)).hits).toBe(6);
  });

  it("keeps counting locally when the shared store fails, and sends the hits later", async () => {
    let fail = true;
    let total = 0;
    const c = batchedCounter(
      {
        async hit(_k, _w, n = 1) {
          if (fail) throw new Error("down");
          total += n;
          return { hits: total, ttlMs: 60_000 };
        },
        close: async () => undefined,
      },
      10_000,
    );
    await c.hit("k", 60_000);
    await c.hit("k", 60_000);
    expect((await c.hit("k", 60_000)).hits).toBe(3);
    fail = false;
    await c.flush();
    expect(total).toBe(3);
  });
});
