// Slows password guessing per identifier and per client address, in the database so that every app
// process shares it. After LIMIT failures within the window each further failure doubles a wait,
// capped at 15 minutes: a guesser is slowed to a crawl, the real owner is never locked out for long.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { loginThrottles } from "#server/db/schema/index.ts";
import { ApiError } from "#server/http/errors.ts";

export const WINDOW_MS = 15 * 60_000;
export const MAX_WAIT_MS = 15 * 60_000;
const LIMITS = { id: 5, ip: 30 } as const;

export type ThrottleKeys = { id: string; ip: string };

export const throttleKeys = (identifier: string, ip: string): ThrottleKeys => ({
  id: `id:${identifier.trim().toLowerCase().slice(0, 100)}`,
  ip: `ip:${ip.slice(0, 100)}`,
});

export function createLoginThrottle(db: Db) {
  /** Refuses (429) while either key is blocked, with the minutes left. */
  async function check(keys: ThrottleKeys, now = Date.now()) {
    const rows = await db.select().from(loginThrottles).where(inArray(loginThrottles.key, [keys.id, keys.ip]));
    const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
    if (until > now) throw new ApiError(429, "account.too_many_attempts", { minutes: Math.ceil((until - now) / 60_000) });
  }

  async function failure(keys: ThrottleKeys, now = Date.now()) {
    for (const [kind, key] of [["id", keys.id], ["ip", keys.ip]] as const) {
      const limit = LIMITS[kind];
      const windowStart = new Date(now - WINDOW_MS);
      // One statement per key: a fresh window restarts the count, a count past the limit sets a doubling wait.
      await db.execute(sql`
        insert into login_throttles (key, failures, window_start) values (${key}, 1, ${new Date(now)})
        on conflict (key) do update set
          failures = case when login_throttles.window_start < ${windowStart} then 1 else login_throttles.failures + 1 end,
          window_start = case when login_throttles.window_start < ${windowStart} then ${new Date(now)} else login_throttles.window_start end`);
      const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
      if (row && row.failures >= limit) {
        const wait = Math.min(MAX_WAIT_MS, 30_000 * 2 ** (row.failures - limit));
        await db.update(loginThrottles).set({ blockedUntil: new Date(now + wait) }).where(eq(loginThrottles.key, key));
      }
    }
  }

  async function success(keys: ThrottleKeys) {
    await db.delete(loginThrottles).where(eq(loginThrottles.key, keys.id));
  }

  return { check, failure, success };
}
