import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, get, post, signed, TEST_SECRET, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { eq } from "drizzle-orm";
import { customers, sessions } from "#server/db/schema/index.ts";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { query } from "#server/db/client.ts";

/** Waits (at most 2 s) for a condition that another process learns of through a database notification. */
async function until(ok: () => Promise<boolean>) {
  for (let i = 0; i < 40; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in 2 s");
}

describe.each(testDbKinds())("API shell on %s", (kind) => {
  let t: TestApp;
  let customerId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await query<{ id: number }>(t.database.db, sql`select id from customers where client_number = 'C100001'`);
    customerId = rows[0].id;
  });
  afterAll(() => t.close());

  it("serves the init data of SPEC §4", async () => {
    const res = await get(t.app, "/site/Index/config");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.product_cate[0].name).toBe("ACCUEIL");
    expect(body.data.product_cate[0].child.length).toBeGreaterThan(3);
    expect(body.data.product_cate[0].child[0]).toHaveProperty("img_status");
    expect(body.data.config).toHaveProperty("minBuyPrice");
    expect(body.data.config).toHaveProperty("colis_params");
    expect(body.data).toMatchObject({ token_status: 1, userInfo: null, refreshToken: null });
  });

  it("translates names and messages by Applang", async () => {
    const zh = (await get(t.app, "/site/Index/config", {}, { lang: "zh" })).json();
    expect(zh.info).toBe("成功");
    expect(zh.data.product_cate[0].child[0].name).toMatch(/\p{Script=Han}/u);
    const bad = await get(t.app, "/site/Index/config", {}, { lang: "de" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, data: null, info: expect.stringContaining("Langue non prise en charge") });
  });

  it("refuses a bad, missing or stale signature with 403", async () => {
    const wrong = await get(t.app, "/site/Index/config", {}, { at: "0".repeat(32) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().info).toBe("La signature de la requête est invalide.");
    const missing = await t.app.inject({ method: "GET", url: "/site/Index/config" });
    expect(missing.statusCode).toBe(403);
    const stale = await get(t.app, "/site/Index/config", {}, { t: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().info).toMatch(/expiré/);
    const edge = await get(t.app, "/site/Index/config", {}, { t: Math.floor(Date.now() / 1000) - 290 });
    expect(edge.statusCode).toBe(200);
    // the signature covers the lower-cased path
    const other = signed("/site/Index/newsSubscribe");
    const res = await t.app.inject({ method: "GET", url: "/site/Index/config", query: { t: String(other.t), at: other.at } });
    expect(res.statusCode).toBe(403);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await get(t.app, "/site/Nope/nothing");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/json/);
    expect(res.json()).toEqual({ code: 404, data: null, info: "Cette ressource est introuvable." });
    const unsigned = await t.app.inject({ method: "POST", url: "/site/Nope/nothing", payload: {} });
    expect(unsigned.statusCode).toBe(404);
  });

  it("refuses malformed JSON and oversized bodies without leaking internals", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/site/Index/newsSubscribe",
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, data: null, info: "Le contenu de la requête est invalide." });
    const big = await post(t.app, "/site/Index/newsSubscribe", { email: "a@b.fr", pad: "x".repeat(70_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(413);
    expect(big.body).not.toMatch(/FST_|stack|at \//);
  });

  it("subscribes to the newsletter once per address", async () => {
    const first = await post(t.app, "/site/Index/newsSubscribe", { email: "Marie.Curie@Exemple.fr" });
    expect(first.statusCode).toBe(200);
    expect(first.json().info).toMatch(/inscription/);
    const again = await post(t.app, "/site/Index/newsSubscribe", { email: "marie.curie@exemple.fr" });
    expect(again.statusCode).toBe(200);
    expect(again.json().info).toMatch(/déjà inscrite/);
    const rows = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from newsletter_subscriptions where lower(email) = 'marie.curie@exemple.fr'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it.each([
    [{}, 400],
    [{ email: "" }, 400],
    [{ email: "pas-une-adresse" }, 400],
    [{ email: `${"a".repeat(45)}@ex.fr` }, 400],
    [{ email: 42 }, 400],
  ])("refuses newsletter body %j", async (body, status) => {
    const count = sql`select count(*)::int as n from newsletter_subscriptions`;
    const [before] = await query<{ n: number }>(t.database.db, count);
    const res = await post(t.app, "/site/Index/newsSubscribe", body);
    expect(res.statusCode).toBe(status);
    expect(res.json().info).not.toMatch(/^validation\./);
    expect(res.json().info.length).toBeGreaterThan(5);
    const [after] = await query<{ n: number }>(t.database.db, count);
    expect(after.n).toBe(before.n);
  });

  it("identifies the caller by bearer token or uid cookie", async () => {
    const anon = await get(t.app, "/site/Customer/getUserInfo");
    expect(anon.statusCode).toBe(401);
    expect(anon.json().info).toBe("La connexion a expiré, veuillez vous reconnecter");

    const token = await t.app.services.sessions.create(t.app.services.db, customerId);
    const byBearer = await get(t.app, "/site/Customer/getUserInfo", {}, { token });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().data).toMatchObject({ client_number: "C100001", email: "demo@comptoir-emballage.fr" });
    expect(byBearer.json().data).not.toHaveProperty("passwordHash");
    const byCookie = await get(t.app, "/site/Customer/getUserInfo", {}, { headers: { cookie: `uid=${token}` } });
    expect(byCookie.json().data.client_number).toBe("C100001");
    const init = (await get(t.app, "/site/Index/config", {}, { token })).json();
    expect(init.data).toMatchObject({ token_status: 1, userInfo: { client_number: "C100001" } });

    await t.app.services.sessions.revoke(t.app.services.db, token);
    const revoked = await get(t.app, "/site/Customer/getUserInfo", {}, { token });
    expect(revoked.statusCode).toBe(401);
    expect((await get(t.app, "/site/Index/config", {}, { token })).json().data).toMatchObject({ token_status: 0, userInfo: null });
  });

  it("rotates an old token and keeps the new one working", async () => {
    const token = await t.app.services.sessions.create(t.app.services.db, customerId);
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(sql`true and ${sessions.customerId} = ${customerId} and ${sessions.revokedAt} is null`);
    const res = await get(t.app, "/site/Customer/getUserInfo", {}, { token });
    expect(res.statusCode).toBe(200);
    const fresh = String(res.headers.authorization).replace("Bearer ", "");
    expect(fresh).not.toBe(token);
    expect(fresh.length).toBeGreaterThanOrEqual(43);
    expect(String(res.headers["set-cookie"])).toMatch(/uid=.*HttpOnly/);
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token: fresh })).statusCode).toBe(200);
  });

  it("writes a rotated token back, and clears a dead one's cookie, on the API and on a PDF download alike", async () => {
    const age = () =>
      t.database.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600_000) })
        .where(sql`${sessions.customerId} = ${customerId} and ${sessions.revokedAt} is null`);
    const calls = {
      api: (token: string) => get(t.app, "/site/Customer/getUserInfo", {}, { token }),
      pdf: (token: string) =>
        t.app.inject({ method: "GET", url: "/documents/invoice/999999.pdf", headers: { authorization: `Bearer ${token}` } }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const token = await t.app.services.sessions.create(t.app.services.db, customerId);
      await age();
      const rotated = await call(token);
      const fresh = String(rotated.headers.authorization).replace("Bearer ", "");
      expect(fresh, name).not.toBe(token);
      expect(String(rotated.headers["set-cookie"]), name).toContain(`uid=${fresh};`);
      await t.app.services.sessions.revoke(t.app.services.db, fresh);
      const dead = await call(fresh);
      expect(dead.headers.authorization, name).toBeUndefined();
      expect(String(dead.headers["set-cookie"]), name).toMatch(/^uid=;.*Max-Age=0/);
    }
  });

  it("sees a session ended or a customer changed by another process at once (cached sessions)", async () => {
    const other = await buildApp({
      env: loadEnv({ NODE_ENV: "test", SIGN_SECRET: TEST_SECRET, LOG_LEVEL: "silent" }),
      database: t.database,
      logger: false,
    });
    await other.ready();
    try {
      const token = await t.app.services.sessions.create(t.app.services.db, customerId);
      // both processes have the session in memory
      expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token })).statusCode).toBe(200);
      expect((await get(other, "/site/Customer/getUserInfo", {}, { token })).json().data.first_name).not.toBe("Renommé");
      await t.database.db.update(customers).set({ firstName: "Renommé" }).where(eq(customers.id, customerId));
      await until(async () => (await get(other, "/site/Customer/getUserInfo", {}, { token })).json().data.first_name === "Renommé");
      await t.app.services.sessions.revoke(t.app.services.db, token);
      expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token })).statusCode).toBe(401);
      await until(async () => (await get(other, "/site/Customer/getUserInfo", {}, { token })).statusCode === 401);
    } finally {
      await other.close();
    }
  });

  it("expires idle sessions", async () => {
    const token = await t.app.services.sessions.create(t.app.services.db, customerId);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(sql`${sessions.revokedAt} is null`);
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token })).statusCode).toBe(401);
  });
});

describe("API shell modes", () => {
  it("answers 503 in maintenance mode", async () => {
    const t = await createTestApp("pglite", { MAINTENANCE: "1" }, false);
    const res = await get(t.app, "/site/Index/config");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, data: null, info: "Nous serons bientôt de retour" });
    await t.close();
  });

  it("rate limits with a 429 envelope", async () => {
    const t = await createTestApp("pglite", { RATE_LIMIT_MAX: "3" }, false);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await post(t.app, "/site/Index/newsSubscribe", { email: `r${i}@ex.fr` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await post(t.app, "/site/Index/newsSubscribe", { email: "z@ex.fr" }, { lang: "zh" });
    expect(res.json()).toEqual({ code: 429, data: null, info: "请求过于频繁，请稍后再试。" });
    await t.close();
  });
});
