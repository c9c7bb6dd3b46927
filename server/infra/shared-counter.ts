// Fixed-window counters shared by every app process: the API rate limit and the recovery-code
// limits. In PostgreSQL (table rate_limits, migration 0009: one guarded upsert per hit), or in Redis when
// REDIS_URL is set (one atomic script per hit). A process-local counter would let N processes allow N times
// the limit, and restart from zero on every deploy.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { Redis } from "ioredis";
import { createRedisClient } from "./redis-client.ts";

export type Hit = { hits: number; ttlMs: number };
export type SharedCounter = {
  /** Counts `n` hits (default 1) on `key` in its current window (a new window of `windowMs` when none is open). */
  hit(key: string, windowMs: number, n?: number): Promise<Hit>;
  close(): Promise<void>;
};

const CLEAN_EVERY = 500; // hits between deletions of ended windows (bounded table, no timer)

function pgCounter(db: Db): SharedCounter {
  let sinceClean = 0;
  return {
    async hit(key, windowMs, n = 1) {
      if (++sinceClean >= CLEAN_EVERY) {
        sinceClean = 0;
        await query(db, sql`delete from rate_limits where window_end < now()`);
      }
      const [row] = await query<{ hits: number; ttl: number }>(
        db,
        sql`
        insert into rate_limits (key, hits, window_end) values (${key.slice(0, 200)}, ${n}, now() + ${windowMs}::int * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when rate_limits.window_end <= now() then excluded.hits else rate_limits.hits + excluded.hits end,
          window_end = case when rate_limits.window_end <= now() then excluded.window_end else rate_limits.window_end end
        returning hits, greatest(0, ceil(extract(epoch from (window_end - now())) * 1000))::int as ttl`,
      );
      return { hits: Number(row.hits), ttlMs: Number(row.ttl) };
    },
    close: async () => undefined,
  };
}

// INCR and, on the first hit of a window, its expiry; atomic in Redis. Sent by its SHA (EVALSHA), whole once
// per connection.
const HIT_SCRIPT = `local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

type HitCommand = { sharedCounterHit(key: string, windowMs: number, n: number): Promise<[number, number]> };

export function redisCounter(url: string, prefix = "comptoir:limit:"): SharedCounter {
  const client = createRedisClient(url);
  client.use().defineCommand("sharedCounterHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  return {
    async hit(key, windowMs, n = 1) {
      const redis = client.use() as Redis & HitCommand;
      const [hits, ttl] = await redis.sharedCounterHit(prefix + key, windowMs, n);
      return { hits: Number(hits), ttlMs: Math.max(0, Number(ttl)) };
    },
    close: () => client.close(),
  };
}

export function createSharedCounter(db: Db, redisUrl?: string): SharedCounter {
  return redisUrl ? redisCounter(redisUrl) : pgCounter(db);
}

type Slot = { known: number; pending: number; windowMs: number; windowEnd: number; lastSync: number };
const MAX_SLOTS = 50_000; // one per client address and window: bounded whatever the traffic

/**
 * For counters hit on every request (the API rate limit). A key's hit goes to the shared counter at once
 * when the key has not been written for `flushMs` — a client making a few requests a second is counted
 * exactly across processes — while the hits of a busy key are counted in memory and sent in one statement
 * every `flushMs`, whose answer brings back what the other processes counted. So a busy client costs one
 * write per key and interval, not one per request (decision 076); N processes may together overshoot a
 * limit by what they count in one interval. Exact counters (recovery codes) use the shared counter directly.
 */
export function batchedCounter(inner: SharedCounter, flushMs = 250): SharedCounter & { flush(): Promise<void> } {
  const slots = new Map<string, Slot>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  async function send(key: string, s: Slot) {
    const n = s.pending;
    s.pending = 0;
    s.lastSync = Date.now();
    try {
      const r = await inner.hit(key, s.windowMs, n);
      // The shared total includes these n hits; hits counted here since then are still pending.
      s.known = r.hits;
      s.windowEnd = Date.now() + r.ttlMs;
    } catch {
      s.pending += n; // the store is unreachable: keep counting locally, retry at the next flush
    }
  }

  async function flushNow() {
    timer = null;
    const now = Date.now();
    const jobs: Promise<void>[] = [];
    for (const [key, s] of slots) {
      if (s.pending > 0) jobs.push(send(key, s));
      else if (s.windowEnd <= now) slots.delete(key);
    }
    await Promise.all(jobs);
  }

  return {
    async hit(key, windowMs, n = 1) {
      const now = Date.now();
      let s = slots.get(key);
      if (!s || (s.windowEnd <= now && s.pending === 0)) {
        if (!s && slots.size >= MAX_SLOTS) slots.delete(slots.keys().next().value!);
        s = { known: 0, pending: 0, windowMs, windowEnd: now + windowMs, lastSync: 0 };
        slots.set(key, s);
      }
      s.pending += n;
      if (now - s.lastSync >= flushMs) {
        await send(key, s);
        return { hits: s.known + s.pending, ttlMs: Math.max(0, s.windowEnd - Date.now()) };
      }
      timer ??= setTimeout(() => {
        flushing = flushNow();
      }, flushMs).unref();
      return { hits: s.known + s.pending, ttlMs: Math.max(0, s.windowEnd - now) };
    },
    async flush() {
      if (timer) {
        clearTimeout(timer);
        flushing = flushNow();
      }
      await flushing;
    },
    async close() {
      await this.flush();
    },
  };
}
