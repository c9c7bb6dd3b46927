// Server sessions: opaque 256-bit tokens, stored as SHA-256, idle and absolute expiry, rotation, revocation.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, sessions } from "#server/db/schema/index.ts";

export const SESSION_IDLE_MS = 30 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 365 * 24 * 3600_000;
export const ROTATE_AFTER_MS = 24 * 3600_000;
const ROTATION_GRACE_MS = 60_000; // requests already in flight with the old token still pass
const TOUCH_EVERY_MS = 5 * 60_000;

export type SessionCustomer = typeof customers.$inferSelect;
export type ResolvedSession = { sessionId: number; customer: SessionCustomer; rotatedToken?: string };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

export function createSessionService(db: Db) {
  async function open(customerId: number, expiresAt: Date) {
    const token = newToken();
    const [row] = await db.insert(sessions).values({ tokenHash: hashToken(token), customerId, expiresAt }).returning({ id: sessions.id });
    return { token, id: row.id };
  }

  const create = async (customerId: number, expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS)) => (await open(customerId, expiresAt)).token;

  /** The live session of a token, or null (unknown, revoked, idle or past its absolute expiry). */
  async function resolve(token: string, now = Date.now()): Promise<ResolvedSession | null> {
    if (!token || token.length > 100) return null;
    const rows = await db
      .select({ s: sessions, c: customers })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const { s, c } = row;
    if (now - s.lastSeenAt.getTime() > SESSION_IDLE_MS) return null;
    let rotatedToken: string | undefined;
    let sessionId = s.id;
    if (now - s.createdAt.getTime() > ROTATE_AFTER_MS) {
      ({ token: rotatedToken, id: sessionId } = await open(c.id, s.expiresAt));
      const graceEnd = new Date(Math.min(now + ROTATION_GRACE_MS, s.expiresAt.getTime()));
      await db.update(sessions).set({ expiresAt: graceEnd, createdAt: new Date(now) }).where(eq(sessions.id, s.id));
    } else if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, s.id));
    }
    return { sessionId, customer: c, rotatedToken };
  }

  async function revoke(token: string) {
    await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.tokenHash, hashToken(token)));
  }

  return { create, resolve, revoke };
}

export type SessionService = ReturnType<typeof createSessionService>;
