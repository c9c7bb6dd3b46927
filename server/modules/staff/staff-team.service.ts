// The owner runs the team (DESIGN §9): invites by e-mail (a one-time link that sets the password; the second
// factor is enrolled at the first login), changes roles, disables and enables, resets a second factor. Each is a
// staff write with its audit row; the last active owner can be neither disabled nor demoted.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { staffInvites, staffRecoveryCodes, staffUsers } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/tx.ts";
import type { Db } from "#server/db/client.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import type { StaffRole } from "#core/staff/permissions.ts";
import { localePath } from "#core/slug.ts";
import type { Lang } from "#core/lang.ts";
import { markup } from "#core/mail/html.ts";
import { composeMail } from "#core/mail/order-mail.ts";
import { translate } from "#core/i18n/messages.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { hashPassword } from "#server/modules/accounts/password.server.ts";
import { staffWrite, type StaffContext } from "./audited.ts";
import { createStaffSessions, memberOf, type StaffClient } from "./staff-sessions.service.ts";

const INVITE_MS = 72 * 3600_000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What the team page shows of a staff member (never a hash nor a secret). */
const summary = (u: typeof staffUsers.$inferSelect) => ({
  ...memberOf(u),
  disabled: u.disabledAt !== null,
  /** Invited, the password not chosen yet. */
  invited: u.passwordHash === null,
  created_at: u.createdAt.toISOString(),
  last_login_at: u.lastLoginAt?.toISOString() ?? null,
});
export type StaffSummary = ReturnType<typeof summary>;

export function createStaffTeam(deps: { publicUrl: string }) {
  const sessions = createStaffSessions();

  async function list(q: Db): Promise<StaffSummary[]> {
    return (await q.select().from(staffUsers).orderBy(asc(staffUsers.name), asc(staffUsers.id))).map(summary);
  }

  /** A new link for `staffId`, mailed in the inviter's language: the invitation, or a second factor reset. */
  async function sendLink(tx: Db, staff: typeof staffUsers.$inferSelect, by: number, lang: Lang) {
    const token = randomBytes(32).toString("base64url");
    await tx
      .update(staffInvites)
      .set({ usedAt: sql`now()` })
      .where(and(eq(staffInvites.staffId, staff.id), isNull(staffInvites.usedAt)));
    await tx
      .insert(staffInvites)
      .values({ staffId: staff.id, tokenHash: hashToken(token), createdBy: by, expiresAt: new Date(Date.now() + INVITE_MS) });
    const t = (key: string, vars?: Record<string, string>) => translate(lang, key, vars);
    const url = `${deps.publicUrl}${localePath(lang, `/admin/invitation/${token}`)}`;
    const subject = t("admin.invite_mail_subject");
    const body = t("admin.invite_mail_body", { name: staff.name });
    const mail = composeMail(
      lang,
      subject,
      { text: [body], html: [markup`<p>${body}</p>`] },
      { label: t("admin.invite_mail_action"), url },
    );
    await enqueueMail(tx, { to: staff.email, ...mail });
  }

  async function invite(ctx: StaffContext, input: { email: string; name: string; roles: StaffRole[] }) {
    return staffWrite(ctx, async (c, audit) => {
      const [taken] = await c.db
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(sql`lower(${staffUsers.email}) = ${input.email.trim().toLowerCase()}`);
      if (taken) throw conflict("admin.email_taken");
      const [u] = await c.db
        .insert(staffUsers)
        .values({ email: input.email.trim(), name: input.name.trim(), roles: input.roles, lang: ctx.lang })
        .returning();
      await sendLink(c.db, u, ctx.staff.id, ctx.lang);
      await audit({ entity: "staff", id: u.id, action: "invite", after: { email: u.email, name: u.name, roles: u.roles } });
      return summary(u);
    });
  }

  /** The staff member behind a live link, for the invitation page; null when unknown, used or expired. */
  async function invitation(q: Db, token: string) {
    if (!token || token.length > 100) return null;
    const [row] = await q
      .select({ u: staffUsers })
      .from(staffInvites)
      .innerJoin(staffUsers, eq(staffUsers.id, staffInvites.staffId))
      .where(
        and(
          eq(staffInvites.tokenHash, hashToken(token)),
          isNull(staffInvites.usedAt),
          gt(staffInvites.expiresAt, sql`now()`),
          isNull(staffUsers.disabledAt),
        ),
      )
      .limit(1);
    return row ? { staff: memberOf(row.u) } : null;
  }

  /**
   * The link's owner sets their password; the link is spent (one use, guarded), and a pending session opens:
   * the enrolment of the second factor comes next.
   */
  async function acceptInvitation(q: Db, token: string, password: string, client: StaffClient & { lang: Lang }) {
    const hash = await hashPassword(password);
    return withTransaction(q, async (tx) => {
      const [spent] = await tx
        .update(staffInvites)
        .set({ usedAt: sql`now()` })
        .where(and(eq(staffInvites.tokenHash, hashToken(token)), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, sql`now()`)))
        .returning({ staffId: staffInvites.staffId });
      if (!spent) throw refused("admin.invite_invalid");
      const [u] = await tx.select().from(staffUsers).where(eq(staffUsers.id, spent.staffId));
      if (u.disabledAt) throw refused("admin.invite_invalid");
      await staffWrite({ db: tx, staff: memberOf(u), lang: client.lang, ip: client.ip }, async (c, audit) => {
        await c.db.update(staffUsers).set({ passwordHash: hash }).where(eq(staffUsers.id, u.id));
        await audit({
          entity: "staff",
          id: u.id,
          action: "accept_invitation",
          // that a password was chosen, never its hash
          before: { password: u.passwordHash ? "set" : "none" },
          after: { password: "set" },
        });
      });
      return sessions.open(tx, u.id, client);
    });
  }

  /**
   * Changes the row of `id`, checking that the team keeps an active owner. The active owners are locked first, in id
   * order, by every change: two owners demoting each other wait for one another instead of both passing (or
   * deadlocking); the second then reads the first's change and is refused.
   */
  async function change(c: StaffContext, id: number, next: (u: typeof staffUsers.$inferSelect) => Partial<typeof staffUsers.$inferInsert>) {
    const owners = await c.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(sql`'owner' = any(${staffUsers.roles})`, isNull(staffUsers.disabledAt)))
      .orderBy(asc(staffUsers.id))
      .for("update");
    const [u] = await c.db.select().from(staffUsers).where(eq(staffUsers.id, id)).for("update");
    if (!u) throw notFound();
    const after = { ...u, ...next(u) };
    const staysOwner = after.roles.includes("owner") && !after.disabledAt;
    if (!staysOwner && owners.every((o) => o.id === id)) throw refused("admin.staff_last_owner");
    const [saved] = await c.db.update(staffUsers).set(next(u)).where(eq(staffUsers.id, id)).returning();
    return { before: u, after: saved };
  }

  async function setRoles(ctx: StaffContext, id: number, roles: StaffRole[]) {
    return staffWrite(ctx, async (c, audit) => {
      const { before, after } = await change(c, id, () => ({ roles }));
      await audit({ entity: "staff", id, action: "set_roles", before: { roles: before.roles }, after: { roles: after.roles } });
      return summary(after);
    });
  }

  async function setDisabled(ctx: StaffContext, id: number, disabled: boolean) {
    if (disabled && id === ctx.staff.id) throw refused("admin.cannot_disable_self");
    return staffWrite(ctx, async (c, audit) => {
      const { before, after } = await change(c, id, (u) => ({ disabledAt: disabled ? (u.disabledAt ?? new Date()) : null }));
      if (disabled) await sessions.revokeAll(c.db, id);
      await audit({
        entity: "staff",
        id,
        action: disabled ? "disable" : "enable",
        before: { disabled: before.disabledAt !== null },
        after: { disabled: after.disabledAt !== null },
      });
      return summary(after);
    });
  }

  /** Removes the second factor and its recovery codes and ends the sessions: the next login enrols a new one. */
  async function resetSecondFactor(ctx: StaffContext, id: number) {
    return staffWrite(ctx, async (c, audit) => {
      const { before, after } = await change(c, id, () => ({ totpSecret: null, totpEnrolledAt: null, totpLastStep: null }));
      await c.db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      await sessions.revokeAll(c.db, id);
      await audit({
        entity: "staff",
        id,
        action: "reset_second_factor",
        // the factor's state, never its secret (sealed or not)
        before: { second_factor: before.totpEnrolledAt ? "enrolled" : before.totpSecret ? "enrolling" : "none" },
        after: { second_factor: "reset" },
      });
      return summary(after);
    });
  }

  /** Ends one of the caller's own sessions (another member's id matches nothing); audited. */
  async function endSession(ctx: StaffContext, id: number): Promise<boolean> {
    return staffWrite(ctx, async (c, audit) => {
      const done = await sessions.revokeById(c.db, ctx.staff.id, id);
      if (done) await audit({ entity: "staff_session", id, action: "revoke", before: { live: true }, after: { live: false } });
      return done;
    });
  }

  /** Ends the caller's sessions but `keep` (the current one); audited; how many ended. */
  async function endOtherSessions(ctx: StaffContext, keep: number): Promise<number> {
    return staffWrite(ctx, async (c, audit) => {
      const n = await sessions.revokeOthers(c.db, ctx.staff.id, keep);
      if (n) await audit({ entity: "staff", id: ctx.staff.id, action: "revoke_other_sessions", after: { sessions: n } });
      return n;
    });
  }

  return { endSession, endOtherSessions, list, invite, invitation, acceptInvitation, setRoles, setDisabled, resetSecondFactor };
}

export type StaffTeam = ReturnType<typeof createStaffTeam>;
