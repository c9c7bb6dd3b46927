// Staff sessions (DESIGN §9): opaque 256-bit tokens stored as SHA-256, in their own table and cookie. A session
// opened by the password is pending (the second factor, or the enrolment, within ten minutes); once verified it
// lasts while used within 30 minutes, and 12 hours at most from the login. Not kept in memory: staff are few,
// and a revocation or a disabled account takes effect at the next request in every process.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { staffSessions, staffUsers } from "#server/db/schema/index.ts";
import { isStaffRole, type StaffRole } from "#core/staff/permissions.ts";

export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_ABSOLUTE_MS = 12 * 3600_000;
export const STAFF_PENDING_MS = 10 * 60_000;
/** last_seen_at is written at most this often: the idle limit is kept to within it. */
const TOUCH_EVERY_MS = 60_000;

/** Who acts in the back office. */
export type StaffMember = { id: number; email: string; name: string; roles: StaffRole[]; lang: string; enrolled: boolean };

export type StaffSession = { sessionId: number; staff: StaffMember; pending: boolean };

export type StaffClient = { ip: string; userAgent?: string };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const clean = (s: string | undefined, max: number) => (s ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, max);

export const memberOf = (u: typeof staffUsers.$inferSelect): StaffMember => ({
  id: u.id,
  email: u.email,
  name: u.name,
  roles: u.roles.filter(isStaffRole),
  lang: u.lang,
  enrolled: u.totpEnrolledAt !== null,
});

export function createStaffSessions() {
  /** A pending session for a staff member whose password was right. */
  async function open(q: Db, staffId: number, client: StaffClient, now = Date.now()): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await q.insert(staffSessions).values({
      tokenHash: hashToken(token),
      staffId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + STAFF_PENDING_MS),
      ip: clean(client.ip, 100),
      userAgent: clean(client.userAgent, 200),
    });
    return token;
  }

  /** The live session of a token: not revoked, within its limits, its staff member not disabled. */
  async function resolve(q: Db, token: string, now = Date.now()): Promise<StaffSession | null> {
    if (!token || token.length > 100) return null;
    const [row] = await q
      .select({ s: staffSessions, u: staffUsers })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
      .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt), isNull(staffUsers.disabledAt)))
      .limit(1);
    if (!row) return null;
    const { s, u } = row;
    if (s.expiresAt.getTime() <= now) return null;
    const pending = s.verifiedAt === null;
    if (!pending && now - s.lastSeenAt.getTime() > STAFF_IDLE_MS) return null;
    if (!pending && now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await q
        .update(staffSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(staffSessions.id, s.id));
    return { sessionId: s.id, staff: memberOf(u), pending };
  }

  /** The second factor passed: the session lasts 12 hours from the login at most. */
  async function verify(q: Db, sessionId: number, now = Date.now()) {
    await q
      .update(staffSessions)
      .set({
        verifiedAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: sql`${staffSessions.createdAt} + make_interval(secs => ${STAFF_ABSOLUTE_MS / 1000})`,
      })
      .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.verifiedAt)));
  }

  async function revoke(q: Db, token: string) {
    await q
      .update(staffSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt)));
  }

  /** Every live session of a staff member ends (disabled, second factor reset). */
  async function revokeAll(q: Db, staffId: number) {
    await q
      .update(staffSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
  }

  /** One of the staff member's own sessions ends; true when it was live. */
  async function revokeById(q: Db, staffId: number, id: number): Promise<boolean> {
    const rows = await q
      .update(staffSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(staffSessions.id, id), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id });
    return rows.length === 1;
  }

  /** Every other live session of a staff member ends; `keep` (the current one) stays. The number ended. */
  async function revokeOthers(q: Db, staffId: number, keep: number): Promise<number> {
    const rows = await q
      .update(staffSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, keep), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id });
    return rows.length;
  }

  /** A staff member's verified live sessions, most recently seen first. */
  async function list(q: Db, staffId: number, now = Date.now()) {
    return q
      .select({
        id: staffSessions.id,
        createdAt: staffSessions.createdAt,
        lastSeenAt: staffSessions.lastSeenAt,
        ip: staffSessions.ip,
        userAgent: staffSessions.userAgent,
      })
      .from(staffSessions)
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, new Date(now)),
          gt(staffSessions.lastSeenAt, new Date(now - STAFF_IDLE_MS)),
          sql`${staffSessions.verifiedAt} is not null`,
        ),
      )
      .orderBy(desc(staffSessions.lastSeenAt), desc(staffSessions.id))
      .limit(50);
  }

  return { open, resolve, verify, revoke, revokeAll, revokeById, revokeOthers, list };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
