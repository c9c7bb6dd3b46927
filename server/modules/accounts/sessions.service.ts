// Server sessions: opaque 256-bit tokens, stored as SHA-256, idle and absolute expiry, rotation, revocation.
// Live sessions are kept in memory for a minute (decision 007): every process drops them all when the
// database notifies a change of sessions or customers, and this process forgets its own changes at once.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, sessions } from "#server/db/schema/index.ts";

export const SESSION_IDLE_MS = 30 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 365 * 24 * 3600_000;
export const ROTATE_AFTER_MS = 24 * 3600_000;
const ROTATION_GRACE_MS = 60_000; // requests already in flight with the old token still pass
const TOUCH_EVERY_MS = 5 * 60_000;
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

export type SessionCustomer = typeof customers.$inferSelect;
export type ResolvedSession = { sessionId: number; customer: SessionCustomer; rotatedToken?: string };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

type Cached = { s: typeof sessions.$inferSelect; c: SessionCustomer; until: number };

export function createSessionService(db: Db) {
  // Token hash -> live session and its customer. Unknown tokens are never cached (no growth from guessing).
  const live = new Map<string, Cached>();

  async function load(hash: string, now: number) {
    const hit = live.get(hash);
    if (hit && hit.until > now) return hit;
    if (hit) live.delete(hash);
    const rows = await db
      .select({ s: sessions, c: customers })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    if (live.size >= CACHE_MAX) live.delete(live.keys().next().value!);
    const entry = { ...row, until: now + CACHE_TTL_MS };
    live.set(hash, entry);
    return entry;
  }

  async function open(customerId: number, expiresAt: Date) {
    const token = newToken();
    const [row] = await db.insert(sessions).values({ tokenHash: hashToken(token), customerId, expiresAt }).returning({ id: sessions.id });
    return { token, id: row.id };
  }

  const create = async (customerId: number, expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS)) => (await open(customerId, expiresAt)).token;

  /** The live session of a token, or null (unknown, revoked, idle or past its absolute expiry). */
  async function resolve(token: string, now = Date.now()): Promise<ResolvedSession | null> {
    if (!token || token.length > 100) return null;
    const hash = hashToken(token);
    const row = await load(hash, now);
    if (!row) return null;
    const { s, c } = row;
    if (s.expiresAt.getTime() <= now || now - s.lastSeenAt.getTime() > SESSION_IDLE_MS) return null;
    let rotatedToken: string | undefined;
    let sessionId = s.id;
    if (now - s.createdAt.getTime() > ROTATE_AFTER_MS) {
      ({ token: rotatedToken, id: sessionId } = await open(c.id, s.expiresAt));
      const graceEnd = new Date(Math.min(now + ROTATION_GRACE_MS, s.expiresAt.getTime()));
      live.delete(hash);
      await db.update(sessions).set({ expiresAt: graceEnd, createdAt: new Date(now) }).where(eq(sessions.id, s.id));
    } else if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      s.lastSeenAt = new Date(now);
      await db.update(sessions).set({ lastSeenAt: s.lastSeenAt }).where(eq(sessions.id, s.id));
    }
    return { sessionId, customer: c, rotatedToken };
  }

  async function revoke(token: string) {
    const hash = hashToken(token);
    live.delete(hash);
    await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.tokenHash, hash));
  }

  /** Drops every cached session: called on a database notification, and by this process's own changes. */
  const forgetAll = () => live.clear();

  return { create, resolve, revoke, forgetAll };
}

export type SessionService = ReturnType<typeof createSessionService>;
