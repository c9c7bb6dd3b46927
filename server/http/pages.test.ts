// Pages through the real React Router build (npm test builds first) over a fresh database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, and } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase } from "#server/test/databases.ts";
import type { Database } from "#server/db/client.ts";
import { categoryTranslations } from "#server/db/schema/index.ts";
import { get, TEST_SECRET } from "#server/test/app.ts";
import { CLIENT_DIR, pageBuild } from "#server/test/page-build.ts";

describe("pages and the render cache", () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    await seedDemo(database.db, { size: "small" });
    const build = await pageBuild();
    app = await buildApp({
      env: loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", SIGN_SECRET: TEST_SECRET }),
      database,
      build,
      clientDir: CLIENT_DIR,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("reuses the anonymous render and drops it when the catalogue changes", async () => {
    const first = await app.inject("/");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-render-cache"]).toBe("miss");
    expect(first.body).toContain("Cartons &amp; caisses");
    const second = await app.inject("/");
    expect(second.headers["x-render-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);

    await database.db
      .update(categoryTranslations)
      .set({ name: "Cartons et caisses en stock" })
      .where(and(eq(categoryTranslations.categoryId, 2), eq(categoryTranslations.lang, "fr")));
    let third = await app.inject("/");
    for (let i = 0; i < 50 && third.headers["x-render-cache"] === "hit"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      third = await app.inject("/");
    }
    expect(third.headers["x-render-cache"]).toBe("miss");
    expect(third.body).toContain("Cartons et caisses en stock");
  });

  it("renders a page once for visitors asking for it at the same time", async () => {
    const url = "/magasins?same-time";
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject(url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.headers["x-render-cache"] === "miss")).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it("serves a logged-in visitor the same catalogue page as everyone, without the session", async () => {
    const anonymous = await app.inject("/zh");
    const token = await app.services.sessions.create(app.services.db, 1);
    const res = await app.inject({ url: "/zh", headers: { cookie: `uid=${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-render-cache"]).toBe("hit");
    expect(res.body).toBe(anonymous.body);
    expect(res.body).not.toContain("demo@comptoir-emballage.fr");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("leaves a dead uid cookie to the session call, which clears it", async () => {
    const page = await app.inject({ url: "/", headers: { cookie: "uid=not-a-session" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["set-cookie"]).toBeUndefined();
    const session = await get(app, "/site/Index/config", { part: "session" }, { headers: { cookie: "uid=not-a-session" } });
    expect(session.json()).toMatchObject({ code: 200, data: { token_status: 0, userInfo: null } });
    expect(String(session.headers["set-cookie"])).toMatch(/^uid=;.*Max-Age=0/);
    const personal = await app.inject({ url: "/mon-compte", headers: { cookie: "uid=not-a-session" } });
    expect(personal.statusCode).toBe(302);
    expect(String(personal.headers["set-cookie"])).toMatch(/^uid=;.*Max-Age=0/);
  });

  it("rotates an old token on personal pages only, never on a cached page", async () => {
    const { sessions } = await import("#server/db/schema/index.ts");
    const token = await app.services.sessions.create(app.services.db, 1);
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(sessions.customerId, 1));
    app.services.sessions.forgetAll();
    const page = await app.inject({ url: "/magasins", headers: { cookie: `uid=${token}` } });
    expect(page.headers["set-cookie"]).toBeUndefined();
    const account = await app.inject({ url: "/mon-compte", headers: { cookie: `uid=${token}` } });
    expect(account.statusCode).toBe(200);
    const fresh = /^uid=([^;]+);/.exec(String(account.headers["set-cookie"]))?.[1];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(token);
    expect((await app.inject({ url: "/mon-compte", headers: { cookie: `uid=${fresh}` } })).statusCode).toBe(200);
  });

  it("answers a client navigation's data in the language of the page it loads", async () => {
    const zh = /[\u4e00-\u9fff]/;
    for (const url of ["/zh.data", "/zh/_.data", "/zh/panier.data", "/zh.data?_routes=root"]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toMatch(zh);
    }
    for (const url of ["/panier.data", "/zhx.data"]) expect((await app.inject(url)).body, url).not.toMatch(zh);
  });

  it("answers unknown paths with the 404 page and unknown assets cheaply", async () => {
    const page = await app.inject("/zh/rien-ici");
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("This page could not be found");
    const asset = await app.inject("/assets/missing-abc.js");
    expect(asset.statusCode).toBe(404);
    expect(asset.body).toBe("Not found");
    const post = await app.inject({
      method: "POST",
      url: "/rien",
      payload: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(post.statusCode).toBe(404);
  });

  it("sends a customer with a shop-set password to change it before anything else", async () => {
    const { customers } = await import("#server/db/schema/index.ts");
    await database.db.update(customers).set({ mustChangePassword: true }).where(eq(customers.id, 2));
    const token = await app.services.sessions.create(app.services.db, 2);
    const cookie = `uid=${token}`;
    // Personal pages redirect on the server; catalogue pages are shared, the browser redirects after the session call.
    const account = await app.inject({ url: "/zh/mon-compte", headers: { cookie } });
    expect(account.statusCode).toBe(302);
    expect(account.headers.location).toBe("/zh/identite?force=1");
    const session = await get(app, "/site/Index/config", { part: "session" }, { headers: { cookie }, lang: "zh" });
    expect(session.json().data.userInfo).toMatchObject({ client_number: "C100002", must_change_password: true });
    const identity = await app.inject({ url: "/zh/identite?force=1", headers: { cookie } });
    expect(identity.statusCode).toBe(200);
    expect(identity.body).toContain("为了您的安全，请先设置新密码");
    await app.services.identity.changePassword(
      { db: app.services.db, customer: (await app.services.sessions.resolve(app.services.db, token))!.customer, lang: "zh" },
      undefined,
      "Martin2026!",
      "Neuf2026!",
    );
    const token2 = await app.services.sessions.create(app.services.db, 2);
    expect((await app.inject({ url: "/zh", headers: { cookie: `uid=${token2}` } })).statusCode).toBe(200);
  });
});
