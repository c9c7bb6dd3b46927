// The Redis counter over ioredis: one atomic window per key, and a Redis that is down or drops the connection
// fails the hit at once (the callers decide: the API limit counts locally meanwhile), the next hit connecting again.
import net from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisCounter } from "./shared-counter.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((done) => s.listen(0, "127.0.0.1", done));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((done) => s.close(done));
  return port;
}

describe("Redis counter, Redis unreachable", () => {
  it("fails each hit at once, without logging", async () => {
    const counter = redisCounter(`redis://127.0.0.1:${await closedPort()}`);
    try {
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        await expect(counter.hit("k", 60_000)).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(1000);
      }
    } finally {
      await counter.close();
    }
  });

  it("closes without ever having connected", async () => {
    await redisCounter(`redis://127.0.0.1:${await closedPort()}`).close();
  });
});

describe.runIf(REDIS_URL)("Redis counter", () => {
  const prefix = `comptoir:test:${randomUUID()}:`;

  it("counts hits in one window and starts a new one when it has expired", async () => {
    const counter = redisCounter(REDIS_URL!, prefix);
    try {
      const first = await counter.hit("w", 300);
      expect(first.hits).toBe(1);
      expect(first.ttlMs).toBeGreaterThan(0);
      expect(first.ttlMs).toBeLessThanOrEqual(300);
      expect((await counter.hit("w", 300, 4)).hits).toBe(5);
      const [a, b] = await Promise.all([counter.hit("w", 300), counter.hit("w", 300)]);
      expect([a.hits, b.hits].sort()).toEqual([6, 7]);
      await sleep(400);
      expect((await counter.hit("w", 300)).hits).toBe(1);
    } finally {
      await counter.close();
    }
  });

  describe("behind a connection that drops", () => {
    const { hostname, port } = new URL(REDIS_URL!);
    const sockets = new Set<net.Socket>();
    let proxy: net.Server;
    let proxyPort = 0;
    const listen = async () => {
      proxy = net.createServer((c) => {
        const up = net.connect(Number(port || 6379), hostname || "127.0.0.1");
        for (const s of [c, up]) {
          sockets.add(s);
          s.on("error", () => undefined);
          s.on("close", () => sockets.delete(s));
        }
        c.pipe(up).pipe(c);
      });
      await new Promise<void>((done) => proxy.listen(proxyPort, "127.0.0.1", done));
      proxyPort = (proxy.address() as net.AddressInfo).port;
    };
    const drop = () => {
      for (const s of sockets) s.destroy();
    };
    const stop = async () => {
      const closed = new Promise((done) => proxy.close(done));
      drop();
      await closed;
    };
    beforeAll(listen);
    afterAll(stop);

    it("connects again at the next hit after the connection was lost", async () => {
      const counter = redisCounter(`redis://127.0.0.1:${proxyPort}`, prefix);
      try {
        expect((await counter.hit("d", 60_000)).hits).toBe(1);
        drop();
        await sleep(50);
        expect((await counter.hit("d", 60_000)).hits).toBe(2);
      } finally {
        await counter.close();
      }
    });

    it("fails while Redis is down and counts on when it is back", async () => {
      const counter = redisCounter(`redis://127.0.0.1:${proxyPort}`, prefix);
      try {
        expect((await counter.hit("r", 60_000)).hits).toBe(1);
        await stop();
        await expect(counter.hit("r", 60_000)).rejects.toThrow();
        await listen();
        expect((await counter.hit("r", 60_000)).hits).toBe(2);
      } finally {
        await counter.close();
      }
    });
  });
});
