import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { query } from "#server/db/client.ts";

const newCustomer = (over: Record<string, unknown> = {}) => ({
  title: "Mme",
  first_name: "Lucie",
  last_name: "Bernard",
  company: "Fleurs Bernard",
  email: "lucie@fleurs-bernard.fr",
  phone: "06 11 22 33 44",
  password: "Fleurs2026!",
  confirm: "Fleurs2026!",
  siret: "732 829 320 00074",
  vat_number: "FR44732829320",
  accept_privacy: true,
  ...over,
});

describe.each(testDbKinds())("accounts on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("logs in by client number, e-mail or phone and starts a session", async () => {
    for (const identifier of ["C100001", "c100001", "DEMO@comptoir-emballage.fr", "06 12 34 56 78", "+33612345678"]) {
      const res = await post(
        t.app,
        "/site/user/login",
        { identifier, password: "Demo1234!" },
        { headers: { "x-forwarded-for": `10.0.0.${identifier.length}` } },
      );
      expect(res.statusCode, identifier).toBe(200);
      const { token, userInfo } = res.json().data;
      expect(userInfo.client_number).toBe("C100001");
      expect(String(res.headers["set-cookie"])).toMatch(/uid=.+; Path=\/; HttpOnly; SameSite=Lax/);
      expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token })).json().data.email).toBe("demo@comptoir-emballage.fr");
    }
  });

  it("keeps the uid cookie 10 years only with cookie consent", async () => {
    const body = { identifier: "C100001", password: "Demo1234!" };
    const consented = await post(t.app, "/site/user/login", body, { headers: { cookie: "useCookie=1", "x-forwarded-for": "10.1.1.1" } });
    expect(String(consented.headers["set-cookie"])).toMatch(/uid=[^;]+; Max-Age=315360000; Path=\/; HttpOnly; SameSite=Lax/);
    for (const cookie of ["useCookie=2", "useCookie=0", ""]) {
      const res = await post(t.app, "/site/user/login", body, { headers: { cookie, "x-forwarded-for": "10.1.1.2" } });
      expect([res.headers["set-cookie"]].flat().find((c) => c?.startsWith("uid="))).not.toMatch(/Max-Age/);
    }
  });

  it("answers a login sent with a dead uid cookie with the new session's cookie only, not the clearing one", async () => {
    const body = { identifier: "C100001", password: "Demo1234!" };
    const res = await post(t.app, "/site/user/login", body, { headers: { cookie: "uid=dead-token", "x-forwarded-for": "10.1.1.3" } });
    expect(res.statusCode).toBe(200);
    const uids = [res.headers["set-cookie"]].flat().filter((c) => c?.startsWith("uid="));
    expect(uids).toEqual([expect.stringMatching(new RegExp(`^uid=${res.json().data.token};`))]);
  });

  it("gives the spec's messages for a missing or malformed identifier", async () => {
    const empty = await post(t.app, "/site/user/login", { identifier: " ", password: "x" });
    expect(empty.json()).toMatchObject({ code: 400, info: "Veuillez saisir votre identifiant" });
    const bad = await post(t.app, "/site/user/login", { identifier: "a b", password: "x" });
    expect(bad.json()).toMatchObject({ code: 400, info: "Identifiant incorrect" });
  });

  it("answers the same for a wrong password and an unknown account, then slows guessing", async () => {
    const headers = { "x-forwarded-for": "192.0.2.50" };
    const wrong = await post(t.app, "/site/user/login", { identifier: "C100002", password: "Nope1234!" }, { headers });
    const unknown = await post(t.app, "/site/user/login", { identifier: "C999999", password: "Nope1234!" }, { headers });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 400, info: "Identifiant ou mot de passe incorrect." });
    for (let i = 0; i < 4; i++) await post(t.app, "/site/user/login", { identifier: "C100002", password: "Nope1234!" }, { headers });
    const blocked = await post(t.app, "/site/user/login", { identifier: "C100002", password: "Martin2026!" }, { headers, lang: "zh" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().info).toMatch(/登录尝试次数过多/);
    // the wait is short: after it the owner gets in
    await t.database.db.execute(sql`update login_throttles set blocked_until = now() - interval '1 second'`);
    const after = await post(t.app, "/site/user/login", { identifier: "C100002", password: "Martin2026!" }, { headers });
    expect(after.statusCode).toBe(200);
  });

  it("registers a customer with a client number and refuses duplicates", async () => {
    const res = await post(t.app, "/site/user/register", newCustomer());
    expect(res.statusCode).toBe(200);
    const { userInfo, token } = res.json().data;
    expect(userInfo).toMatchObject({
      client_number: expect.stringMatching(/^C1\d{5}$/),
      email: "lucie@fleurs-bernard.fr",
      phone: "0611223344",
    });
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token })).statusCode).toBe(200);
    const [row] = await query<{ password_hash: string; siret: string }>(
      t.database.db,
      sql`select password_hash, siret from customers where email = 'lucie@fleurs-bernard.fr'`,
    );
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.siret).toBe("73282932000074");
    const login = await post(t.app, "/site/user/login", { identifier: userInfo.client_number, password: "Fleurs2026!" });
    expect(login.statusCode).toBe(200);

    for (const dup of [
      { email: "LUCIE@fleurs-bernard.fr", phone: "" },
      { email: "autre@exemple.fr", phone: "0611223344" },
    ]) {
      const again = await post(t.app, "/site/user/register", newCustomer(dup));
      expect(again.json()).toMatchObject({ code: 400, info: expect.stringMatching(/^Un compte existe déjà/) });
    }
  });

  it.each([
    [{ password: "short1!", confirm: "short1!" }, "Le mot de passe doit contenir entre 8 et 16 caractères"],
    [{ confirm: "Different1!" }, "Les deux mots de passe ne sont pas identiques"],
    [{ siret: "123" }, "Le numéro SIRET doit comporter 14 chiffres valides"],
    [{ email: "x" }, "Veuillez saisir une adresse e-mail valide"],
  ])("refuses registration %j", async (over, info) => {
    const before = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from customers`);
    const res = await post(t.app, "/site/user/register", newCustomer({ email: "refus@exemple.fr", phone: "", ...over }));
    expect(res.json()).toMatchObject({ code: 400, info });
    const after = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from customers`);
    expect(after[0].n).toBe(before[0].n);
  });

  it("logs out by revoking the session on the server", async () => {
    const { token } = (
      await post(
        t.app,
        "/site/user/login",
        { identifier: "demo@comptoir-emballage.fr", password: "Demo1234!" },
        { headers: { "x-forwarded-for": "10.9.9.9" } },
      )
    ).json().data;
    const out = await post(t.app, "/site/user/logout", {}, { token });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/uid=;/);
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token })).statusCode).toBe(401);
  });
});
