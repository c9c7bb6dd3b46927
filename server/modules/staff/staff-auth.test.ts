// Staff login (DESIGN §9): the password opens a pending session, the second factor verifies it; a code is accepted
// once, a recovery code spent once, the limits of a session hold. Races on PostgreSQL use separate connections.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { staffUsers } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "#server/db/seed/staff.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { createStaffAuth } from "./staff-auth.service.ts";
import { newRecoveryCodes, totpCode } from "./second-factor.ts";
import { DEMO_TOTP_KEY, isSealedTotpSecret, openTotpSecret, sealedUnder, totpKey } from "./totp-secret.ts";
import { STAFF_ABSOLUTE_MS, STAFF_IDLE_MS, STAFF_PENDING_MS } from "./staff-sessions.service.ts";

const [owner, , warehouse, planner] = DEMO_STAFF;
let clientN = 0;
/** A client address of its own per test: the per-address throttle of one test does not reach the next. */
const client = () => ({ ip: `10.0.0.${++clientN}`, userAgent: "test" });

describe.each(testDbKinds())("staff login (%s)", (kind) => {
  let d: Database;
  const auth = createStaffAuth({ totpKey: totpKey(DEMO_TOTP_KEY) });

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const resolve = (token: string, now?: number) => auth.sessions.resolve(d.db, token, now);
  /** The demo account's step accepted last is forgotten: each test starts from a code never used. */
  const freshCodes = (email: string) => d.db.update(staffUsers).set({ totpLastStep: null }).where(eq(staffUsers.email, email));

  it("opens a pending session for the right password only; the same refusal for an unknown address", async () => {
    expect(await refusal(auth.login(d.db, { email: owner.email, password: "wrong" }, client()))).toBe("admin.invalid_credentials");
    expect(await refusal(auth.login(d.db, { email: "nobody@exemple.fr", password: DEMO_STAFF_PASSWORD }, client()))).toBe(
      "admin.invalid_credentials",
    );
    const { token, next } = await auth.login(d.db, { email: owner.email.toUpperCase(), password: DEMO_STAFF_PASSWORD }, client());
    expect(next).toBe("second_factor");
    expect(await resolve(token)).toMatchObject({ pending: true, staff: { email: owner.email, roles: ["owner"], enrolled: true } });
  });

  it("slows password guessing per account: the sixth failure in a row waits, whatever the address", async () => {
    for (let i = 0; i < 5; i++) await refusal(auth.login(d.db, { email: planner.email, password: `wrong${i}` }, client()));
    expect(await refusal(auth.login(d.db, { email: planner.email, password: DEMO_STAFF_PASSWORD }, client()))).toBe(
      "account.too_many_attempts",
    );
  });

  it("verifies with the current code, once: the same code again is refused", async () => {
    await freshCodes(owner.email);
    const code = totpCode(owner.totpSecret);
    const first = await auth.login(d.db, { email: owner.email, password: DEMO_STAFF_PASSWORD }, client());
    expect(await refusal(auth.secondFactor(d.db, (await resolve(first.token))!, { kind: "totp", code: "000000" }, client()))).toBe(
      "admin.code_invalid",
    );
    await auth.secondFactor(d.db, (await resolve(first.token))!, { kind: "totp", code }, client());
    expect(await resolve(first.token)).toMatchObject({ pending: false });
    const second = await auth.login(d.db, { email: owner.email, password: DEMO_STAFF_PASSWORD }, client());
    expect(await refusal(auth.secondFactor(d.db, (await resolve(second.token))!, { kind: "totp", code }, client()))).toBe(
      "admin.code_invalid",
    );
    expect(await resolve(second.token)).toMatchObject({ pending: true });
  });

  it("stores every second factor sealed: no row holds a secret in clear, and each opens to its published key", async () => {
    const rows = await d.db.select().from(staffUsers);
    for (const s of DEMO_STAFF) {
      const stored = rows.find((r) => r.email === s.email)!.totpSecret!;
      expect(isSealedTotpSecret(stored)).toBe(true);
      expect(stored).not.toContain(s.totpSecret);
      expect(openTotpSecret(stored, totpKey(DEMO_TOTP_KEY))).toBe(s.totpSecret);
    }
  });

  it("accepts a secret stored in clear before sealing, and seals it at that verification", async () => {
    const legacy = DEMO_STAFF[5];
    await d.db.update(staffUsers).set({ totpSecret: legacy.totpSecret, totpLastStep: null }).where(eq(staffUsers.email, legacy.email));
    const { token } = await auth.login(d.db, { email: legacy.email, password: DEMO_STAFF_PASSWORD }, client());
    expect(await refusal(auth.secondFactor(d.db, (await resolve(token))!, { kind: "totp", code: "000000" }, client()))).toBe(
      "admin.code_invalid",
    );
    // a refused code leaves it as it was
    expect((await d.db.select().from(staffUsers).where(eq(staffUsers.email, legacy.email)))[0].totpSecret).toBe(legacy.totpSecret);
    await auth.secondFactor(d.db, (await resolve(token))!, { kind: "totp", code: totpCode(legacy.totpSecret) }, client());
    expect(await resolve(token)).toMatchObject({ pending: false });
    const [{ totpSecret: stored }] = await d.db.select().from(staffUsers).where(eq(staffUsers.email, legacy.email));
    expect(isSealedTotpSecret(stored!)).toBe(true);
    expect(openTotpSecret(stored!, totpKey(DEMO_TOTP_KEY))).toBe(legacy.totpSecret);
    // and the next login opens the sealed value
    const next = await auth.login(d.db, { email: legacy.email, password: DEMO_STAFF_PASSWORD }, client());
    await auth.secondFactor(
      d.db,
      (await resolve(next.token))!,
      { kind: "totp", code: totpCode(legacy.totpSecret, Date.now() + 30_000) },
      client(),
    );
    expect(await resolve(next.token)).toMatchObject({ pending: false });
  });

  it("after a key change, opens the secrets sealed under the previous key and seals each under the new one at its use", async () => {
    const newKey = totpKey("6e65772d73746166662d746f74702d6b65792d666f722d726f746174696f6e21");
    const rotated = createStaffAuth({ totpKey: newKey, previousTotpKey: totpKey(DEMO_TOTP_KEY) });
    const withoutPrevious = createStaffAuth({ totpKey: newKey });
    const who = DEMO_STAFF[4];
    await d.db.update(staffUsers).set({ totpLastStep: null }).where(eq(staffUsers.email, who.email));
    const before = (await d.db.select().from(staffUsers).where(eq(staffUsers.email, who.email)))[0].totpSecret!;
    // without the previous key the secret does not open: the code is refused, nothing changes
    const locked = await withoutPrevious.login(d.db, { email: who.email, password: DEMO_STAFF_PASSWORD }, client());
    await expect(
      withoutPrevious.secondFactor(d.db, (await resolve(locked.token))!, { kind: "totp", code: totpCode(who.totpSecret) }, client()),
    ).rejects.toThrow();
    const { token } = await rotated.login(d.db, { email: who.email, password: DEMO_STAFF_PASSWORD }, client());
    await rotated.secondFactor(d.db, (await resolve(token))!, { kind: "totp", code: totpCode(who.totpSecret) }, client());
    expect(await resolve(token)).toMatchObject({ pending: false });
    const [{ totpSecret: after }] = await d.db.select().from(staffUsers).where(eq(staffUsers.email, who.email));
    expect(after).not.toBe(before);
    expect(sealedUnder(after!, newKey)).toBe(true);
    expect(sealedUnder(after!, totpKey(DEMO_TOTP_KEY))).toBe(false);
    expect(openTotpSecret(after!, newKey)).toBe(who.totpSecret);
    // put back under the demo key for the other tests
    await d.db.update(staffUsers).set({ totpSecret: before, totpLastStep: null }).where(eq(staffUsers.email, who.email));
  });

  it("accepts one code once when two logins send it at the same moment", async () => {
    await freshCodes(warehouse.email);
    const code = totpCode(warehouse.totpSecret);
    const tokens = await Promise.all(
      [1, 2, 3].map(async () => (await auth.login(d.db, { email: warehouse.email, password: DEMO_STAFF_PASSWORD }, client())).token),
    );
    const sessions = await Promise.all(tokens.map(async (t) => (await resolve(t))!));
    const outcomes = await Promise.all(sessions.map((s) => refusal(auth.secondFactor(d.db, s, { kind: "totp", code }, client()))));
    expect(outcomes.filter((o) => o === "accepted")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "admin.code_invalid")).toHaveLength(2);
  });

  it("spends a recovery code once, even when sent twice at once", async () => {
    const [u] = await d.db.select().from(staffUsers).where(eq(staffUsers.email, planner.email));
    await query(d.db, sql`delete from login_throttles`);
    const codes = await newRecoveryCodes(d.db, u.id);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const tokens = await Promise.all(
      [1, 2].map(async () => (await auth.login(d.db, { email: planner.email, password: DEMO_STAFF_PASSWORD }, client())).token),
    );
    const sessions = await Promise.all(tokens.map(async (t) => (await resolve(t))!));
    const outcomes = await Promise.all(
      sessions.map((s) => refusal(auth.secondFactor(d.db, s, { kind: "recovery", code: codes[0] }, client()))),
    );
    expect(outcomes.sort()).toEqual(["accepted", "admin.code_invalid"]);
    // the stored form is a hash: the code itself is nowhere in the table
    const stored = await query<{ code_hash: string }>(d.db, sql`select code_hash from staff_recovery_codes where staff_id = ${u.id}`);
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
  });

  it("enrols a staff member without a second factor: a stable QR code, the first code confirms, ten recovery codes", async () => {
    const [u] = await d.db
      .insert(staffUsers)
      .values({
        email: "nouveau@comptoir-emballage.fr",
        name: "Nouveau",
        roles: ["warehouse"],
        passwordHash: (await d.db.select().from(staffUsers).limit(1))[0].passwordHash,
      })
      .returning();
    const { token, next } = await auth.login(d.db, { email: u.email, password: DEMO_STAFF_PASSWORD }, client());
    expect(next).toBe("enrol");
    const session = (await resolve(token))!;
    expect(await refusal(auth.secondFactor(d.db, session, { kind: "totp", code: "123456" }, client()))).toBe("admin.code_invalid");
    const one = await auth.enrolment(d.db, session);
    const two = await auth.enrolment(d.db, session);
    expect(two.secret).toBe(one.secret);
    const [{ totpSecret: stored }] = await d.db.select().from(staffUsers).where(eq(staffUsers.id, u.id));
    expect(stored).not.toContain(one.secret);
    expect(openTotpSecret(stored!, totpKey(DEMO_TOTP_KEY))).toBe(one.secret);
    expect(one.url).toMatch(/^otpauth:\/\/totp\/Comptoir:nouveau%40comptoir-emballage\.fr\?/);
    expect(one.qrSvg).toMatch(/^<svg/);
    expect(await refusal(auth.confirmEnrolment(d.db, session, "000000", client()))).toBe("admin.code_invalid");
    const codes = await auth.confirmEnrolment(d.db, session, totpCode(one.secret), client());
    expect(codes).toHaveLength(10);
    expect(await resolve(token)).toMatchObject({ pending: false, staff: { enrolled: true } });
    expect(await refusal(auth.enrolment(d.db, (await resolve(token))!))).toBe("admin.enrolment_done");
  });

  it("ends a session idle for 30 minutes, 12 hours after the login, a pending one after 10 minutes, and a disabled account's", async () => {
    await freshCodes(owner.email);
    await query(d.db, sql`delete from login_throttles`);
    const pending = await auth.login(d.db, { email: owner.email, password: DEMO_STAFF_PASSWORD }, client());
    const now = Date.now();
    expect(await resolve(pending.token, now + STAFF_PENDING_MS - 1000)).not.toBeNull();
    expect(await resolve(pending.token, now + STAFF_PENDING_MS + 1000)).toBeNull();
    await auth.secondFactor(d.db, (await resolve(pending.token))!, { kind: "totp", code: totpCode(owner.totpSecret) }, client());
    // kept alive every 20 minutes: still live at 11 h 40, over at 12 h
    let t = now;
    while (t + 20 * 60_000 < now + STAFF_ABSOLUTE_MS - 60_000) {
      t += 20 * 60_000;
      expect(await resolve(pending.token, t)).not.toBeNull();
    }
    expect(await resolve(pending.token, now + STAFF_ABSOLUTE_MS + 1000)).toBeNull();

    await freshCodes(owner.email);
    const idle = await auth.login(d.db, { email: owner.email, password: DEMO_STAFF_PASSWORD }, client());
    await auth.secondFactor(d.db, (await resolve(idle.token))!, { kind: "totp", code: totpCode(owner.totpSecret) }, client());
    const seen = Date.now();
    expect(await resolve(idle.token, seen + STAFF_IDLE_MS + 1000)).toBeNull();
    expect(await resolve(idle.token, seen + STAFF_IDLE_MS - 5000)).not.toBeNull();
    await d.db.update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.email, owner.email));
    expect(await resolve(idle.token)).toBeNull();
    await d.db.update(staffUsers).set({ disabledAt: null }).where(eq(staffUsers.email, owner.email));
    expect(await resolve(idle.token)).not.toBeNull();
    await auth.logout(d.db, idle.token);
    expect(await resolve(idle.token)).toBeNull();
  });
});
