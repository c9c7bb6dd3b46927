// Staff login (DESIGN §9): the password opens a pending session; the second factor (a TOTP code, or one of the
// recovery codes) verifies it. A staff member without a second factor yet enrols first (a QR code for an
// authenticator app, confirmed by a code, then ten recovery codes shown once): no session is ever verified
// without one. Failures are throttled as the customers' logins are (login-throttle.service.ts), on keys of
// their own; a wrong code counts as a wrong password does. The TOTP secret is stored sealed (totp-secret.ts).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { staffUsers } from "#server/db/schema/index.ts";
import { refused } from "#core/domain-errors.ts";
import type { SecondFactor } from "#core/validation/staff.ts";
import { createLoginThrottle, throttleKeys } from "#server/modules/accounts/login-throttle.service.ts";
import { hashPassword, verifyPassword } from "#server/modules/accounts/password.server.ts";
import { acceptTotp, enrolmentOf, newRecoveryCodes, newTotpSecret, spendRecoveryCode } from "./second-factor.ts";
import { createStaffSessions, type StaffClient, type StaffSession } from "./staff-sessions.service.ts";
import { openTotpSecret, sealedUnder, sealTotpSecret } from "./totp-secret.ts";

const accountKey = (id: number | undefined, email: string) => (id ? `staff:${id}` : `staff:${email.trim().toLowerCase()}`);
const ipKey = (ip: string) => `staff:${ip}`;

let dummyHash: Promise<string> | undefined;

/**
 * `totpKey`: STAFF_TOTP_KEY (totpKey() of env), which seals the second-factor secrets; `previousTotpKey`:
 * STAFF_TOTP_KEY_PREVIOUS, the key before a change, which still opens the secrets not yet sealed again.
 */
export function createStaffAuth(deps: { totpKey: Buffer; previousTotpKey?: Buffer | null }) {
  const { totpKey } = deps;
  const previous = deps.previousTotpKey ?? null;
  const open = (stored: string) => openTotpSecret(stored, totpKey, previous);
  const sessions = createStaffSessions();
  const throttle = createLoginThrottle();

  const findByEmail = async (q: Db, email: string) =>
    (
      await q
        .select()
        .from(staffUsers)
        .where(sql`lower(${staffUsers.email}) = ${email.trim().toLowerCase()}`)
        .limit(1)
    )[0];

  /**
   * A pending session for the right password of an active account: the same refusal for an unknown address, a
   * wrong password and an account without a password yet. Called with the pool: a counted failure survives.
   */
  async function login(q: Db, input: { email: string; password: string }, client: StaffClient) {
    const staff = await findByEmail(q, input.email);
    const keys = throttleKeys(accountKey(staff?.id, input.email), ipKey(client.ip));
    const { accountBlocked } = await throttle.check(q, keys);
    const hash = staff?.passwordHash ?? (await (dummyHash ??= hashPassword("not-a-password-0!A")));
    const ok = await verifyPassword(input.password, hash);
    if (!staff || !staff.passwordHash || !ok) {
      await throttle.failure(q, keys);
      throw refused("admin.invalid_credentials");
    }
    if (staff.disabledAt) throw refused("admin.account_disabled");
    await throttle.success(q, keys, { accountBlocked });
    const token = await sessions.open(q, staff.id, client);
    return { token, next: staff.totpEnrolledAt ? ("second_factor" as const) : ("enrol" as const) };
  }

  /** Verifies a pending session with a code of the enrolled second factor. */
  async function secondFactor(q: Db, session: StaffSession, factor: SecondFactor, client: StaffClient) {
    if (!session.pending || !session.staff.enrolled) throw refused("admin.code_invalid");
    const keys = throttleKeys(accountKey(session.staff.id, session.staff.email), ipKey(client.ip));
    const { accountBlocked } = await throttle.check(q, keys);
    const ok = await withTransaction(q, async (tx) => {
      const [u] = await tx.select().from(staffUsers).where(eq(staffUsers.id, session.staff.id)).for("update");
      const accepted =
        factor.kind === "totp"
          ? await acceptTotp(tx, u.id, open(u.totpSecret!), factor.code)
          : await spendRecoveryCode(tx, u.id, factor.code);
      if (accepted) {
        await sealLegacy(tx, u.id, u.totpSecret!);
        await verified(tx, session);
      }
      return accepted;
    });
    if (!ok) {
      await throttle.failure(q, keys);
      throw refused("admin.code_invalid");
    }
    await throttle.success(q, keys, { accountBlocked });
  }

  /**
   * A secret stored in clear before sealing existed, or sealed under the previous key, is sealed under the key now;
   * guarded: only if it is still that value.
   */
  async function sealLegacy(tx: Db, staffId: number, stored: string) {
    if (sealedUnder(stored, totpKey)) return;
    await tx
      .update(staffUsers)
      .set({ totpSecret: sealTotpSecret(open(stored), totpKey) })
      .where(and(eq(staffUsers.id, staffId), eq(staffUsers.totpSecret, stored)));
  }

  async function verified(tx: Db, session: StaffSession) {
    await sessions.verify(tx, session.sessionId);
    await tx
      .update(staffUsers)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(staffUsers.id, session.staff.id));
  }

  /** The secret to enrol (kept until confirmed, so a reload shows the same QR code) and its QR code. */
  async function enrolment(q: Db, session: StaffSession) {
    if (!session.pending || session.staff.enrolled) throw refused("admin.enrolment_done");
    const [u] = await q.select().from(staffUsers).where(eq(staffUsers.id, session.staff.id));
    let stored = u.totpSecret;
    if (!stored) {
      const [set] = await q
        .update(staffUsers)
        .set({ totpSecret: sealTotpSecret(newTotpSecret(), totpKey) })
        .where(sql`${staffUsers.id} = ${u.id} and ${staffUsers.totpSecret} is null and ${staffUsers.totpEnrolledAt} is null`)
        .returning({ secret: staffUsers.totpSecret });
      // another request enrolling at the same moment set it first: show that one
      stored = set?.secret ?? (await q.select().from(staffUsers).where(eq(staffUsers.id, u.id)))[0].totpSecret!;
    }
    // shown once more to its owner (QR code and text), until the enrolment is confirmed
    return enrolmentOf(open(stored), u.email);
  }

  /** The first code of the new secret confirms the enrolment: the session is verified, the recovery codes given once. */
  async function confirmEnrolment(q: Db, session: StaffSession, code: string, client: StaffClient): Promise<string[]> {
    if (!session.pending || session.staff.enrolled) throw refused("admin.enrolment_done");
    const keys = throttleKeys(accountKey(session.staff.id, session.staff.email), ipKey(client.ip));
    const { accountBlocked } = await throttle.check(q, keys);
    const codes = await withTransaction(q, async (tx) => {
      const [u] = await tx.select().from(staffUsers).where(eq(staffUsers.id, session.staff.id)).for("update");
      if (u.totpEnrolledAt) throw refused("admin.enrolment_done");
      if (!u.totpSecret || !(await acceptTotp(tx, u.id, open(u.totpSecret), code))) return null;
      await sealLegacy(tx, u.id, u.totpSecret);
      await tx
        .update(staffUsers)
        .set({ totpEnrolledAt: sql`now()` })
        .where(eq(staffUsers.id, u.id));
      await verified(tx, session);
      return newRecoveryCodes(tx, u.id);
    });
    if (!codes) {
      await throttle.failure(q, keys);
      throw refused("admin.code_invalid");
    }
    await throttle.success(q, keys, { accountBlocked });
    return codes;
  }

  return { sessions, login, secondFactor, enrolment, confirmEnrolment, logout: sessions.revoke };
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
