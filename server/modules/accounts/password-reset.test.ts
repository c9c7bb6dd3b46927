import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { startSmtp } from "#server/test/smtp.ts";
import { query } from "#server/db/client.ts";

const DEMO = "demo@comptoir-emballage.fr";

describe.each(testDbKinds())("password recovery on %s", (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: "https://shop.example" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  // One code a minute per address: these cases ask again at once, as if a minute had passed.
  const forgetLimits = () => t.database.db.execute(sql`delete from rate_limits where key like 'reset:%'`);
  const lastCode = () => /code de vérification : (\d{6})/.exec(smtp.lastTo(DEMO) ?? "")?.[1];
  const lastToken = () => /resetpassword\?token=([\w-]+)/.exec(smtp.lastTo(DEMO) ?? "")?.[1];
  // The e-mail leaves through the outbox after the request's commit: wait for it to arrive.
  async function ask(email: string, lang?: string) {
    await forgetLimits();
    const before = smtp.received.length;
    const res = await post(t.app, "/site/user/forgotPassword", { email }, lang ? { lang } : {});
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThan(before), { timeout: 5000 });
    return res;
  }

  it("answers the same for unknown addresses and sends nothing", async () => {
    const before = smtp.received.length;
    const res = await post(t.app, "/site/user/forgotPassword", { email: "personne@exemple.fr" });
    expect(res.json()).toMatchObject({ code: 200, info: expect.stringMatching(/^Si un compte existe/) });
    expect(smtp.received.length).toBe(before);
  });

  it("resets with the e-mailed code, ends old sessions, and counts wrong codes", async () => {
    const oldToken = await t.app.services.sessions.create(t.app.services.db, 1);
    expect((await ask("Demo@Comptoir-Emballage.fr")).statusCode).toBe(200);
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(smtp.lastTo(DEMO)).toContain("https://shop.example/resetpassword?token=");

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const bad = await post(t.app, "/site/user/resetPassword", {
      email: DEMO,
      code: wrong,
      password: "Nouveau2026!",
      confirm: "Nouveau2026!",
    });
    expect(bad.json()).toMatchObject({ code: 400, info: "Code incorrect ou expiré. Vérifiez-le, ou demandez un nouveau code." });
    const weak = await post(t.app, "/site/user/resetPassword", { email: DEMO, code, password: "faible", confirm: "faible" });
    expect(weak.json().code).toBe(400);

    const done = await post(t.app, "/site/user/resetPassword", { email: DEMO, code, password: "Nouveau2026!", confirm: "Nouveau2026!" });
    expect(done.json()).toMatchObject({ code: 200, info: expect.stringMatching(/modifié/) });
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token: oldToken })).statusCode).toBe(401);
    expect((await post(t.app, "/site/user/login", { identifier: DEMO, password: "Nouveau2026!" })).statusCode).toBe(200);
    // a used code does not work twice
    const again = await post(t.app, "/site/user/resetPassword", { email: DEMO, code, password: "Autre2026!", confirm: "Autre2026!" });
    expect(again.json().info).toMatch(/expiré/);
  });

  it("voids a code after five wrong tries", async () => {
    await ask(DEMO);
    const code = lastCode()!;
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++)
      await post(t.app, "/site/user/resetPassword", { email: DEMO, code: wrong, password: "Nouveau2026!", confirm: "Nouveau2026!" });
    const right = await post(t.app, "/site/user/resetPassword", { email: DEMO, code, password: "Nouveau2026!", confirm: "Nouveau2026!" });
    expect(right.json().info).toMatch(/^Code incorrect ou expiré/);
  });

  it("resets with the link until it expires", async () => {
    await ask(DEMO, "zh");
    expect(smtp.lastTo(DEMO)).toContain("https://shop.example/zh/resetpassword?token=");
    const token = lastToken()!;
    expect(await t.app.services.passwordReset.tokenIsValid(t.app.services.db, token)).toBe(true);
    await t.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where used_at is null`);
    const expired = await post(
      t.app,
      "/site/user/resetPasswordByToken",
      { token, password: "Lien2026!", confirm: "Lien2026!" },
      { lang: "zh" },
    );
    expect(expired.json()).toMatchObject({ code: 400, info: "重置链接已过期或无效，请重新申请。" });

    await ask(DEMO);
    const fresh = lastToken()!;
    const ok = await post(t.app, "/site/user/resetPasswordByToken", { token: fresh, password: "Lien2026!", confirm: "Lien2026!" });
    expect(ok.statusCode).toBe(200);
    expect((await post(t.app, "/site/user/login", { identifier: "C100001", password: "Lien2026!" })).statusCode).toBe(200);
  });

  it("answers 200 while SMTP is down and sends the e-mail once it is back", async () => {
    const port = smtp.port;
    await smtp.close();
    await forgetLimits();
    const res = await post(t.app, "/site/user/forgotPassword", { email: DEMO });
    expect(res.json()).toMatchObject({ code: 200, info: expect.stringMatching(/^Si un compte existe/) });
    await t.app.services.outbox.runOnce(); // the attempt fails; the message waits for its backoff
    const [row] = await query<{ attempts: number; sent_at: string | null }>(
      t.database.db,
      sql`select attempts, sent_at from outbox_messages order by id desc limit 1`,
    );
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    smtp = await startSmtp(undefined, port);
    // the backoff (30 s, then doubling) has elapsed
    await t.database.db.execute(sql`update outbox_messages set available_at = now() where sent_at is null`);
    await t.app.services.outbox.runOnce();
    expect(lastCode()).toMatch(/^\d{6}$/);
  });
});
