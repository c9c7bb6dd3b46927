// Slows password guessing per account and per client address, in the database so that every app process
// shares it. The account key is the resolved account, whatever identifier spelled it (e-mail, client
// number, any spelling of the phone); an identifier of no account has its own normalised key, so
// both cases behave alike. The address is the socket's, or the one a trusted proxy gives (TRUST_PROXY).
// After LIMIT failures within the window each further failure doubles a wait, capped at 15 minutes: a
// guesser is slowed to a crawl. The owner is never locked out by someone else: a device that logged in to
// the account before passes the account key (docs/security.md), and any other waits 15 minutes at most.
// A failure is counted and its wait set in one guarded statement per key: concurrent failures all count.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { query } from "#server/db/client.ts";
import { loginThrottles } from "#server/db/schema/index.ts";
import { rateLimited } from "#core/domain-errors.ts";

const WINDOW_MS = 15 * 60_000;
export const MAX_WAIT_MS = 15 * 60_000;
const FIRST_WAIT_MS = 30_000;
export const LIMITS = { id: 5, ip: 30 } as const;

type ThrottleKeys = { id: string; ip: string };

/** `account`: "acct:<id>" for an existing account, else the identifier's normalised form (see accounts.service). */
export const throttleKeys = (account: string, ip: string): ThrottleKeys => ({
  id: account.slice(0, 110),
  ip: `ip:${ip.slice(0, 100)}`,
});

/** The wait after `failures` failures within the window (0 below the limit). */
export function waitAfter(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(failures - limit, 20));
}

export function createLoginThrottle() {
  /**
   * Refuses (rate_limited) while either key is blocked, with the minutes left. A known device skips the
   * account key; the answer says whether that key was blocked (a success then leaves it as it is).
   */
  async function check(q: Db, keys: ThrottleKeys, now = Date.now(), { knownDevice = false } = {}) {
    const rows = await q
      .select()
      .from(loginThrottles)
      .where(inArray(loginThrottles.key, [keys.id, keys.ip]));
    const blockedUntil = (key: string) => rows.find((r) => r.key === key)?.blockedUntil?.getTime() ?? 0;
    const until = Math.max(blockedUntil(keys.ip), knownDevice ? 0 : blockedUntil(keys.id));
    if (until > now) throw rateLimited("account.too_many_attempts", { count: Math.ceil((until - now) / 60_000) });
    return { accountBlocked: blockedUntil(keys.id) > now };
  }

  /** Counts a failure for both keys; returns the counts (for tests and logs). */
  async function failure(q: Db, keys: ThrottleKeys, now = Date.now()) {
    const counts: Record<"id" | "ip", number> = { id: 0, ip: 0 };
    for (const [kind, key] of [
      ["id", keys.id],
      ["ip", keys.ip],
    ] as const) {
      const limit = LIMITS[kind];
      const lim = sql.raw(String(limit)); // constants, not input
      const at = new Date(now);
      const windowStart = new Date(now - WINDOW_MS);
      // The new count, from the row as it is when this statement holds its lock (SET sees the old row).
      const n = sql`(case when login_throttles.window_start < ${windowStart} then 1 else login_throttles.failures + 1 end)`;
      const [row] = await query<{ failures: number }>(
        q,
        sql`
        insert into login_throttles (key, failures, window_start, blocked_until)
        values (${key}, 1, ${at}, ${limit <= 1 ? new Date(now + waitAfter(1, limit)) : null})
        on conflict (key) do update set
          failures = ${n},
          window_start = case when login_throttles.window_start < ${windowStart} then ${at} else login_throttles.window_start end,
          blocked_until = case when ${n} >= ${lim}
            then ${at}::timestamptz + make_interval(secs => least(${sql.raw(String(MAX_WAIT_MS / 1000))}, ${sql.raw(String(FIRST_WAIT_MS / 1000))} * power(2::float8, least(${n} - ${lim}, 20))))
            else login_throttles.blocked_until end
        returning failures`,
      );
      counts[kind] = row.failures;
    }
    return counts;
  }

  /**
   * The owner got in: their account key starts afresh, unless it is blocked and they came through on a known
   * device: the guesser's count stands, or each of the owner's logins would give them a new series.
   */
  async function success(q: Db, keys: ThrottleKeys, { accountBlocked = false } = {}) {
    if (!accountBlocked) await q.delete(loginThrottles).where(eq(loginThrottles.key, keys.id));
  }

  return { check, failure, success };
}
