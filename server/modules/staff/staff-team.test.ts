// Staff writes and their audit rows (DESIGN §9): a staff write cannot commit without its audit row, the audit log
// cannot be changed, and the team's own writes (invitation, roles, disabling, second factor reset) are audited and
// keep an active owner, even when two owners act at the same moment (PostgreSQL, separate connections).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { auditLog, staffUsers } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { REDACTED } from "#core/audit-diff.ts";
import { memberOf } from "./staff-sessions.service.ts";
import { staffWrite, UnauditedWrite, type StaffContext } from "./audited.ts";
import { createStaffTeam } from "./staff-team.service.ts";
import { createStaffAuth } from "./staff-auth.service.ts";
import { totpCode } from "./second-factor.ts";
import { DEMO_TOTP_KEY, totpKey } from "./totp-secret.ts";

describe.each(testDbKinds())("staff writes and the team (%s)", (kind) => {
  let d: Database;
  const team = createStaffTeam({ publicUrl: "https://shop.test" });
  const auth = createStaffAuth({ totpKey: totpKey(DEMO_TOTP_KEY) });
  const ctxOf = async (email: string): Promise<StaffContext> => {
    const [u] = await d.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    return { db: d.db, staff: memberOf(u), lang: "fr", ip: "192.0.2.7" };
  };
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? e.constructor.name,
    );
  /** The database's message under the driver's "Failed query" wrapper. */
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ""}`,
    );
  const nameOf = async (email: string) => (await d.db.select().from(staffUsers).where(eq(staffUsers.email, email)))[0].name;

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  it("refuses to commit a staff write without its audit row, and keeps nothing of it", async () => {
    const owner = await ctxOf(DEMO_STAFF[0].email);
    const write = staffWrite(owner, async (c) => {
      await c.db.update(staffUsers).set({ name: "Changée" }).where(eq(staffUsers.id, owner.staff.id));
    });
    await expect(write).rejects.toBeInstanceOf(UnauditedWrite);
    expect(await nameOf(DEMO_STAFF[0].email)).toBe(DEMO_STAFF[0].name);
    // a query on the pool inside the write throws: nothing escapes its transaction
    expect(
      await failure(staffWrite(owner, () => d.db.update(staffUsers).set({ name: "Changée" }).where(eq(staffUsers.id, owner.staff.id)))),
    ).toMatch(/pool inside a transaction/);
    expect(await nameOf(DEMO_STAFF[0].email)).toBe(DEMO_STAFF[0].name);
  });

  it("commits a write with its audit row: who, from where, what, the difference; reads need none", async () => {
    const owner = await ctxOf(DEMO_STAFF[0].email);
    expect(await staffWrite(owner, async (c) => (await c.db.select().from(staffUsers)).length)).toBe(DEMO_STAFF.length);
    await staffWrite(owner, async (c, audit) => {
      const [before] = await c.db.select().from(staffUsers).where(eq(staffUsers.id, owner.staff.id));
      const [after] = await c.db.update(staffUsers).set({ name: "Claire D." }).where(eq(staffUsers.id, owner.staff.id)).returning();
      await audit({ entity: "staff", id: owner.staff.id, action: "rename", before: { name: before.name }, after: { name: after.name } });
    });
    const [row] = await d.db.select().from(auditLog).where(eq(auditLog.action, "rename"));
    expect(row).toMatchObject({
      staffId: owner.staff.id,
      ip: "192.0.2.7",
      entity: "staff",
      entityId: String(owner.staff.id),
      changes: { name: { before: DEMO_STAFF[0].name, after: "Claire D." } },
    });
  });

  it("never lets the application change or remove an audit row", async () => {
    const [row] = await d.db.select().from(auditLog).limit(1);
    expect(await failure(query(d.db, sql`update audit_log set action = 'x' where id = ${row.id}`))).toMatch(/append-only/);
    expect(await failure(query(d.db, sql`delete from audit_log where id = ${row.id}`))).toMatch(/append-only/);
    expect(await failure(query(d.db, sql`truncate audit_log`))).toMatch(/append-only/);
  });

  it("invites by e-mail: a one-time link sets the password, then the first login enrols the second factor", async () => {
    const owner = await ctxOf(DEMO_STAFF[0].email);
    const invited = await team.invite(owner, { email: "Nadia@Comptoir-Emballage.fr", name: "Nadia", roles: ["warehouse", "planner"] });
    expect(invited).toMatchObject({ roles: ["warehouse", "planner"], enrolled: false, disabled: false });
    expect(await refusal(team.invite(owner, { email: "nadia@comptoir-emballage.fr", name: "Autre", roles: ["catalogue"] }))).toBe(
      "admin.email_taken",
    );
    const [mail] = await query<{ payload: { to: string; subject: string; text: string } }>(
      d.db,
      sql`select payload from outbox_messages order by id desc limit 1`,
    );
    expect(mail.payload.to).toBe("Nadia@Comptoir-Emballage.fr");
    const token = /https:\/\/shop\.test\/admin\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.payload.text)![1];
    expect(await team.invitation(d.db, token)).toMatchObject({ staff: { email: "Nadia@Comptoir-Emballage.fr" } });
    // the same link twice at once: one sets the password
    const outcomes = await Promise.all(
      ["Entrepot2026!", "Entrepot2027!"].map((pw) => refusal(team.acceptInvitation(d.db, token, pw, { ip: "192.0.2.8", lang: "fr" }))),
    );
    expect([...outcomes].sort()).toEqual(["accepted", "admin.invite_invalid"]);
    expect(await team.invitation(d.db, token)).toBeNull();
    const password = outcomes[0] === "accepted" ? "Entrepot2026!" : "Entrepot2027!";
    const login = await refusal(auth.login(d.db, { email: "nadia@comptoir-emballage.fr", password: "Entrepot2026!" }, { ip: "192.0.2.9" }));
    const other = await refusal(auth.login(d.db, { email: "nadia@comptoir-emballage.fr", password: "Entrepot2027!" }, { ip: "192.0.2.9" }));
    expect([login, other].sort()).toEqual(["accepted", "admin.invalid_credentials"]);
    const { next } = await auth.login(d.db, { email: "nadia@comptoir-emballage.fr", password }, { ip: "192.0.2.9" });
    expect(next).toBe("enrol");
    const rows = await d.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(invited.id)));
    expect(rows.map((r) => r.action).sort()).toEqual(["accept_invitation", "invite"]);
    // the password is said to have changed, never copied
    expect(rows.find((r) => r.action === "accept_invitation")!.changes).toEqual({ password: { before: REDACTED, after: REDACTED } });
    const [{ passwordHash }] = await d.db.select().from(staffUsers).where(eq(staffUsers.id, invited.id));
    expect(JSON.stringify(rows)).not.toContain(passwordHash!);
  });

  it("disables (ending the sessions), resets the second factor, and never leaves the shop without an active owner", async () => {
    const owner = await ctxOf(DEMO_STAFF[0].email);
    const target = await ctxOf(DEMO_STAFF[2].email);
    await d.db.update(staffUsers).set({ totpLastStep: null }).where(eq(staffUsers.id, target.staff.id));
    const { token } = await auth.login(d.db, { email: target.staff.email, password: "Equipe2026!" }, { ip: "192.0.2.10" });
    await auth.secondFactor(
      d.db,
      (await auth.sessions.resolve(d.db, token))!,
      { kind: "totp", code: totpCode(DEMO_STAFF[2].totpSecret) },
      { ip: "192.0.2.10" },
    );
    expect(await team.setDisabled(owner, target.staff.id, true)).toMatchObject({ disabled: true });
    expect(await auth.sessions.resolve(d.db, token)).toBeNull();
    await team.setDisabled(owner, target.staff.id, false);
    expect(await auth.sessions.resolve(d.db, token)).toBeNull(); // ended, not suspended
    const [{ totpSecret: stored }] = await d.db.select().from(staffUsers).where(eq(staffUsers.id, target.staff.id));
    expect(await team.resetSecondFactor(owner, target.staff.id)).toMatchObject({ enrolled: false });
    // the reset is told as the factor's state: no secret, sealed or in clear, in its audit row
    const [reset] = await d.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(target.staff.id)), eq(auditLog.action, "reset_second_factor")));
    expect(reset.changes).toEqual({ second_factor: { before: "enrolled", after: "reset" } });
    const text = JSON.stringify(reset);
    for (const secret of [stored!, DEMO_STAFF[2].totpSecret, stored!.slice(3, 20)]) expect(text).not.toContain(secret);
    expect((await auth.login(d.db, { email: target.staff.email, password: "Equipe2026!" }, { ip: "192.0.2.10" })).next).toBe("enrol");

    expect(await refusal(team.setDisabled(owner, owner.staff.id, true))).toBe("admin.cannot_disable_self");
    expect(await refusal(team.setRoles(owner, owner.staff.id, ["manager"]))).toBe("admin.staff_last_owner");
    // two owners demoting each other at the same moment: one stays owner
    await team.setRoles(owner, target.staff.id, ["owner"]);
    const second = await ctxOf(DEMO_STAFF[2].email);
    const outcomes = await Promise.all([
      refusal(team.setRoles(owner, second.staff.id, ["warehouse"])),
      refusal(team.setRoles(second, owner.staff.id, ["manager"])),
    ]);
    expect(outcomes.sort()).toEqual(["accepted", "admin.staff_last_owner"]);
    const [{ n }] = await query<{ n: number }>(
      d.db,
      sql`select count(*)::int as n from staff_users where 'owner' = any(roles) and disabled_at is null`,
    );
    expect(n).toBe(1);
  });

  it("ends a member's own other sessions as audited writes, never another member's", async () => {
    const owner = await ctxOf(DEMO_STAFF[0].email);
    const other = await ctxOf(DEMO_STAFF[1].email);
    const mine = await auth.sessions.open(d.db, owner.staff.id, { ip: "192.0.2.30" });
    const [{ id }] = await query<{ id: number }>(d.db, sql`select max(id) as id from staff_sessions where staff_id = ${owner.staff.id}`);
    expect(await team.endSession(other, id)).toBe(false);
    expect(await auth.sessions.resolve(d.db, mine)).not.toBeNull();
    expect(await team.endSession(owner, id)).toBe(true);
    expect(await auth.sessions.resolve(d.db, mine)).toBeNull();
    const rows = await d.db.select().from(auditLog).where(eq(auditLog.entity, "staff_session"));
    expect(rows.map((r) => [r.staffId, r.entityId, r.action])).toEqual([[owner.staff.id, String(id), "revoke"]]);
  });
});
