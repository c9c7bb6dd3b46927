// Guarded counters (DESIGN §4b): concurrent tries each count once, and the limit holds exactly.
// On PostgreSQL the pool runs the tries on separate connections at the same time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { createSessionService } from "./sessions.service.ts";
import { createAccountsService } from "./accounts.service.ts";
import { createLoginThrottle, LIMITS, throttleKeys, waitAfter } from "./login-throttle.service.ts";
import { createPasswordResetService, MAX_CODE_ATTEMPTS } from "./password-reset.service.ts";

const N = 20;
const EMAIL = "course@exemple.fr";

describe.each(testDbKinds())("guarded counters on %s", (kind) => {
  let database: Database;
  const accounts = createAccountsService(createSessionService());
  const passwordReset = createPasswordResetService("https://shop.example");
  const throttle = createLoginThrottle();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await accounts.register(
      database.db,
      {
        title: "M",
        first_name: "Paul",
        last_name: "Course",
        company: "",
        email: EMAIL,
        phone: "",
        password: "Course2026!",
        confirm: "Course2026!",
        siret: "",
        vat_number: "",
        accept_privacy: true,
      },
      "fr",
    );
  });
  afterAll(() => database.close());

  it(`counts ${N} concurrent wrong reset codes exactly up to ${MAX_CODE_ATTEMPTS}, then refuses the right one`, async () => {
    const { db } = database;
    await passwordReset.request(db, EMAIL, "fr");
    const [mail] = await query<{ text: string }>(
      db,
      sql`select payload->>'text' as text from outbox_messages where payload->>'to' = ${EMAIL} order by id desc limit 1`,
    );
    const code = /code de vérification : (\d{6})/.exec(mail.text)![1];
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const results = await Promise.allSettled(
      Array.from({ length: N }, () => passwordReset.resetWithCode(db, EMAIL, wrong, "Nouveau2026!")),
    );
    const keys = results.map((r) => (r.status === "rejected" ? (r.reason as { key: string }).key : "ok"));
    // one refusal for wrong and used-up alike: the attempts column shows how many were compared
    expect(keys.filter((k) => k === "account.reset_code_refused")).toHaveLength(N);
    const [row] = await query<{ attempts: number }>(
      db,
      sql`select attempts from password_resets where used_at is null order by id desc limit 1`,
    );
    expect(row.attempts).toBe(MAX_CODE_ATTEMPTS);
    await expect(passwordReset.resetWithCode(db, EMAIL, code, "Nouveau2026!")).rejects.toMatchObject({
      kind: "refused",
      key: "account.reset_code_refused",
    });
  });

  it("uses the right code once when several tries with it race", async () => {
    const { db } = database;
    await passwordReset.request(db, EMAIL, "fr");
    const [mail] = await query<{ text: string }>(
      db,
      sql`select payload->>'text' as text from outbox_messages where payload->>'to' = ${EMAIL} order by id desc limit 1`,
    );
    const code = /code de vérification : (\d{6})/.exec(mail.text)![1];
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => passwordReset.resetWithCode(db, EMAIL, code, "Course2027!")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1); // used once; the others find it used
  });

  it("counts every one of concurrent login failures and sets the wait of the last", async () => {
    const { db } = database;
    const n = LIMITS.id + 3;
    const keys = throttleKeys("personne@exemple.fr", "10.7.7.7");
    const before = Date.now();
    const counts = await Promise.all(Array.from({ length: n }, () => throttle.failure(db, keys, before)));
    // each statement saw its own count: 1..n for both keys
    expect(counts.map((c) => c.id).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(counts.map((c) => c.ip).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    const [row] = await query<{ failures: number; blocked_until: Date }>(
      db,
      sql`select failures, blocked_until from login_throttles where key = ${keys.id}`,
    );
    expect(row.failures).toBe(n);
    expect(new Date(row.blocked_until).getTime()).toBe(before + waitAfter(n, LIMITS.id));
    await expect(throttle.check(db, keys, before + 1000)).rejects.toMatchObject({ kind: "rate_limited", key: "account.too_many_attempts" });
  });

  it("counts concurrent wrong passwords through the login use case", async () => {
    const { db } = database;
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => accounts.login(db, EMAIL, "Faux2026!", "10.8.8.8")));
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    const [row] = await query<{ failures: number }>(db, sql`select failures from login_throttles where key like 'acct:%'`);
    expect(row.failures).toBe(4);
  });
});
