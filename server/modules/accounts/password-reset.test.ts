import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { startSmtp } from "#server/test/smtp.ts";

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

  const lastCode = () => /code de vérification : (\d{6})/.exec(smtp.lastTo(DEMO) ?? "")?.[1];
  const lastToken = () => /resetpassword\?token=([\w-]+)/.exec(smtp.lastTo(DEMO) ?? "")?.[1];

  it("answers the same for unknown addresses and sends nothing", async () => {
    const before = smtp.received.length;
    const res = await post(t.app, "/site/user/forgotPassword", { email: "personne@exemple.fr" });
    expect(res.json()).toMatchObject({ code: 200, info: expect.stringMatching(/^Si un compte existe/) });
    expect(smtp.received.length).toBe(before);
  });

  it("resets with the e-mailed code, ends old sessions, and counts wrong codes", async () => {
    const oldToken = await t.app.services.sessions.create(1);
    expect((await post(t.app, "/site/user/forgotPassword", { email: "Demo@Comptoir-Emballage.fr" })).statusCode).toBe(200);
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(smtp.lastTo(DEMO)).toContain("https://shop.example/resetpassword?token=");

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const bad = await post(t.app, "/site/user/resetPassword", { email: DEMO, code: wrong, password: "Nouveau2026!", confirm: "Nouveau2026!" });
    expect(bad.json()).toMatchObject({ code: 400, info: "Code de vérification incorrect." });
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
    await post(t.app, "/site/user/forgotPassword", { email: DEMO });
    const code = lastCode()!;
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) await post(t.app, "/site/user/resetPassword", { email: DEMO, code: wrong, password: "Nouveau2026!", confirm: "Nouveau2026!" });
    const right = await post(t.app, "/site/user/resetPassword", { email: DEMO, code, password: "Nouveau2026!", confirm: "Nouveau2026!" });
    expect(right.json().info).toMatch(/expiré ou a été trop de fois mal saisi/);
  });

  it("resets with the link until it expires", async () => {
    await post(t.app, "/site/user/forgotPassword", { email: DEMO }, { lang: "zh" });
    expect(smtp.lastTo(DEMO)).toContain("https://shop.example/zh/resetpassword?token=");
    const token = lastToken()!;
    expect(await t.app.services.passwordReset.tokenIsValid(token)).toBe(true);
    await t.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where used_at is null`);
    const expired = await post(t.app, "/site/user/resetPasswordByToken", { token, password: "Lien2026!", confirm: "Lien2026!" }, { lang: "zh" });
    expect(expired.json()).toMatchObject({ code: 400, info: "重置链接已过期或无效，请重新申请。" });

    await post(t.app, "/site/user/forgotPassword", { email: DEMO });
    const fresh = lastToken()!;
    const ok = await post(t.app, "/site/user/resetPasswordByToken", { token: fresh, password: "Lien2026!", confirm: "Lien2026!" });
    expect(ok.statusCode).toBe(200);
    expect((await post(t.app, "/site/user/login", { identifier: "C100001", password: "Lien2026!" })).statusCode).toBe(200);
  });
});
