// Server sessions: opaque 256-bit tokens, stored as SHA-256, idle and absolute expiry, rotation, revocation.
// Live sessions are kept in memory for a minute (decision 007): every process drops them all when the
// database notifies a change of sessions or customers, and this process forgets its own changes at once.
// Every function takes the handle to use (`q`: pool or transaction, decision 060).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { isTransaction } from "#server/db/tx.ts";
import { customers, sessions } from "#server/db/schema/index.ts";

const SESSION_IDLE_MS = 30 * 24 * 3600_000;
const SESSION_ABSOLUTE_MS = 365 * 24 * 3600_000;
const ROTATE_AFTER_MS = 24 * 3600_000;
const ROTATION_GRACE_MS = 60_000; // requests already in flight with the old token still pass
const TOUCH_EVERY_MS = 5 * 60_000;
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

export type SessionCustomer = typeof customers.$inferSelect;
type ResolvedSession = { sessionId: number; customer: SessionCustomer; rotatedToken?: string };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

type SessionSummary = { id: number; createdAt: Date; lastSeenAt: Date; userAgent: string };

type Cached = { s: typeof sessions.$inferSelect; c: SessionCustomer; until: number };

export function createSessionService() {
  // Token hash -> live session and its customer. Unknown tokens are never cached (no growth from guessing).
  const live = new Map<string, Cached>();

  async function load(q: Db, hash: string, now: number) {
    const hit = live.get(hash);
    if (hit && hit.until > now) return hit;
    if (hit) live.delete(hash);
    const rows = await q
      .select({ s: sessions, c: customers })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const entry = { ...row, until: now + CACHE_TTL_MS };
    if (isTransaction(q)) return entry; // uncommitted: may still roll back
    if (live.size >= CACHE_MAX) live.delete(live.keys().next().value!);
    live.set(hash, entry);
    return entry;
  }

  async function open(q: Db, customerId: number, expiresAt: Date, userAgent?: string) {
    const token = newToken();
    const [row] = await q
      .insert(sessions)
      .values({ tokenHash: hashToken(token), customerId, expiresAt })
      .returning({ id: sessions.id });
    // The device's own description, for the account's list of sessions (table of migration 0009).
    const agent = userAgent
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      ?.replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, 200);
    if (agent) await query(q, sql`insert into session_agents (session_id, user_agent) values (${row.id}, ${agent})`);
    return { token, id: row.id };
  }

  const create = async (q: Db, customerId: number, expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS), userAgent?: string) =>
    (await open(q, customerId, expiresAt, userAgent)).token;

  /** The live session of a token, or null (unknown, revoked, idle or past its absolute expiry). */
  async function resolve(q: Db, token: string, now = Date.now()): Promise<ResolvedSession | null> {
    if (!token || token.length > 100) return null;
    const hash = hashToken(token);
    const row = await load(q, hash, now);
    if (!row) return null;
    const { s, c } = row;
    if (s.expiresAt.getTime() <= now || now - s.lastSeenAt.getTime() > SESSION_IDLE_MS) return null;
    let rotatedToken: string | undefined;
    let sessionId = s.id;
    if (now - s.createdAt.getTime() > ROTATE_AFTER_MS) {
      ({ token: rotatedToken, id: sessionId } = await open(q, c.id, s.expiresAt));
      await query(
        q,
        sql`insert into session_agents (session_id, user_agent) select ${sessionId}, user_agent from session_agents where session_id = ${s.id}`,
      );
      const graceEnd = new Date(Math.min(now + ROTATION_GRACE_MS, s.expiresAt.getTime()));
      live.delete(hash);
      await q
        .update(sessions)
        .set({ expiresAt: graceEnd, createdAt: new Date(now) })
        .where(eq(sessions.id, s.id));
    } else if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      s.lastSeenAt = new Date(now);
      await q.update(sessions).set({ lastSeenAt: s.lastSeenAt }).where(eq(sessions.id, s.id));
    }
    return { sessionId, customer: c, rotatedToken };
  }

  async function revoke(q: Db, token: string) {
    const hash = hashToken(token);
    live.delete(hash);
    await q
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.tokenHash, hash));
  }

  /** The account's live sessions, most recently seen first (the account page lists them). */
  async function list(q: Db, customerId: number, now = Date.now()): Promise<SessionSummary[]> {
    const rows = await query<{ id: number; created_at: Date | string; last_seen_at: Date | string; user_agent: string | null }>(
      q,
      sql`
      select s.id, s.created_at, s.last_seen_at, a.user_agent from sessions s
      left join session_agents a on a.session_id = s.id
      where s.customer_id = ${customerId} and s.revoked_at is null and s.expires_at > ${new Date(now)}
        and s.last_seen_at > ${new Date(now - SESSION_IDLE_MS)}
      order by s.last_seen_at desc, s.id desc limit 50`,
    );
    return rows.map((r) => ({
      id: r.id,
      createdAt: new Date(r.created_at),
      lastSeenAt: new Date(r.last_seen_at),
      userAgent: r.user_agent ?? "",
    }));
  }

  /** Ends one of the account's sessions (another account's id matches nothing); true when one was live. */
  async function revokeById(q: Db, customerId: number, id: number): Promise<boolean> {
    const rows = await q
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, id), eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    live.clear(); // the token is not known here: drop the cache (other processes hear the notification)
    return rows.length > 0;
  }

  /** Drops every cached session: called on a database notification, and by this process's own changes. */
  const forgetAll = () => live.clear();

  return { create, resolve, revoke, list, revokeById, forgetAll };
}

export type SessionService = ReturnType<typeof createSessionService>;
