// The welcome e-mail: written with the account in one transaction, sent by the outbox through SMTP once committed,
// in the language of the registration, with the client number and a link from PUBLIC_URL; none for a refusal.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { startSmtp } from "#server/test/smtp.ts";

const registration = (email: string) => ({
  title: "M",
  first_name: "Paul",
  last_name: "Girard",
  email,
  phone: "",
  password: "Girard2026!",
  confirm: "Girard2026!",
  accept_privacy: true,
});

describe.each(testDbKinds())("welcome e-mail on %s", (kind) => {
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

  it("welcomes a new customer in the language of the registration, with the client number and the account's link", async () => {
    for (const [lang, email, texts] of [
      [
        "fr",
        `bienvenue-${kind}@exemple.fr`,
        ["Bienvenue chez Comptoir de l'Emballage", "Votre numéro client : C", "https://shop.example/mon-compte"],
      ],
      ["zh", `huanying-${kind}@exemple.fr`, ["您的客户编号：C", "https://shop.example/zh/mon-compte"]],
    ] as const) {
      const res = await post(t.app, "/site/user/register", registration(email), { lang });
      expect(res.json().code).toBe(200);
      const number = (res.json().data as { userInfo: { client_number: string } }).userInfo.client_number;
      await vi.waitFor(() => expect(smtp.lastTo(email)).toBeDefined(), { timeout: 5000 });
      const mail = smtp.lastTo(email)!;
      for (const text of texts) expect(mail, `${lang} ${text}`).toContain(text);
      expect(mail).toContain(number);
    }
  });

  it("sends nothing for a refused registration", async () => {
    const email = `deux-fois-${kind}@exemple.fr`;
    await post(t.app, "/site/user/register", registration(email));
    await vi.waitFor(() => expect(smtp.lastTo(email)).toBeDefined(), { timeout: 5000 });
    const before = smtp.received.length;
    const again = await post(t.app, "/site/user/register", registration(email));
    expect(again.json().code).not.toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
  });
});
