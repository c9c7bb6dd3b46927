// The back office's login pages over the real build (DESIGN §9): the staff cookie is its own (a customer's session
// opens nothing there, a staff session nothing of the shop), every step before the second factor leads back to
// it, a change must come from the site's own pages, and refusals are said in the page's language.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { staffUsers } from "#server/db/schema/index.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "#server/db/seed/staff.ts";
import { totpCode } from "#server/modules/staff/second-factor.ts";
import { DEMO_TOTP_KEY, openTotpSecret, totpKey } from "#server/modules/staff/totp-secret.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";

const SITE = { host: "shop.test", origin: "http://shop.test" };
const [owner, manager, warehouse] = DEMO_STAFF;

const page = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: "GET", url, headers: { host: SITE.host, ...(cookie ? { cookie } : {}) } });

function post(app: FastifyInstance, url: string, fields: Record<string, string>, headers: InjectOptions["headers"] = SITE) {
  return app.inject({
    method: "POST",
    url,
    headers: { host: SITE.host, "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const cookieOf = (setCookie: string | string[] | undefined) => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith("staff="))?.split(";")[0];
};

describe("back office login pages", () => {
  const t = pagesAppPerSuite("pglite");

  it("sends a visitor to the login in the page's language", async () => {
    expect((await page(t.app, "/admin")).headers.location).toBe("/admin/connexion");
    expect((await page(t.app, "/zh/admin")).headers.location).toBe("/zh/admin/connexion");
    const zh = await page(t.app, "/zh/admin/connexion");
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toContain("员工专区");
    expect(zh.headers["cache-control"]).toContain("no-store");
  });

  it("refuses a change sent from another site, or without saying where from", async () => {
    const fields = { email: owner.email, password: DEMO_STAFF_PASSWORD };
    const foreign = await post(t.app, "/admin/connexion", fields, { origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toBe("Vous n'avez pas les droits pour cette action.");
    expect(cookieOf(foreign.headers["set-cookie"])).toBeUndefined();
    expect((await post(t.app, "/admin/connexion", fields, {})).statusCode).toBe(403);
    expect((await post(t.app, "/admin/connexion", fields, { "sec-fetch-site": "same-origin" })).statusCode).toBe(302);
  });

  it("logs in in two steps: password, then the code; refusals translated; the code serves once", async () => {
    const wrong = await post(t.app, "/zh/admin/connexion", { email: manager.email, password: "mauvais" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("邮箱或密码不正确。");
    const ok = await post(t.app, "/admin/connexion", { email: manager.email, password: DEMO_STAFF_PASSWORD });
    expect(ok.headers.location).toBe("/admin/verification");
    const cookie = cookieOf(ok.headers["set-cookie"])!;
    expect(ok.headers["set-cookie"]).toMatch(/HttpOnly; SameSite=Strict/);
    // pending: the dashboard leads back to the second factor
    expect((await page(t.app, "/admin", cookie)).headers.location).toBe("/admin/verification");
    const bad = await post(t.app, "/admin/verification", { code: "12 34 56" }, { ...SITE, cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Code incorrect ou expiré.");
    const code = totpCode(manager.totpSecret);
    expect((await post(t.app, "/admin/verification", { code }, { ...SITE, cookie })).headers.location).toBe("/admin");
    const home = await page(t.app, "/admin", cookie);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`Bonjour ${manager.name}.`);
    // another login with the same code stays pending
    const again = cookieOf(
      (await post(t.app, "/admin/connexion", { email: manager.email, password: DEMO_STAFF_PASSWORD })).headers["set-cookie"],
    )!;
    expect((await post(t.app, "/admin/verification", { code }, { ...SITE, cookie: again })).statusCode).toBe(400);
    // logout ends the session and clears the cookie
    const out = await post(t.app, "/admin/deconnexion", {}, { ...SITE, cookie });
    expect(out.headers.location).toBe("/admin/connexion");
    expect(out.headers["set-cookie"]).toMatch(/^staff=;.*Max-Age=0/);
    expect((await page(t.app, "/admin", cookie)).headers.location).toBe("/admin/connexion");
  });

  it("keeps staff and customers apart: neither session opens the other's pages", async () => {
    expect((await page(t.app, "/admin", t.demo)).headers.location).toBe("/admin/connexion");
    const staff = await staffCookie(t.app, owner.email);
    expect((await page(t.app, "/admin", staff)).statusCode).toBe(200);
    expect((await page(t.app, "/mon-compte", staff)).headers.location).toMatch(/^\/connexion\?redirect=/);
    // a dead staff cookie is cleared
    const dead = await page(t.app, "/admin", "staff=not-a-session");
    expect(dead.headers.location).toBe("/admin/connexion");
    expect(dead.headers["set-cookie"]).toMatch(/^staff=;.*Max-Age=0/);
  });

  it("enrols a staff member without a second factor before anything else, and shows the recovery codes once", async () => {
    const { db } = t.app.services;
    await db
      .update(staffUsers)
      .set({ totpSecret: null, totpEnrolledAt: null, totpLastStep: null })
      .where(eq(staffUsers.email, warehouse.email));
    const login = await post(t.app, "/admin/connexion", { email: warehouse.email, password: DEMO_STAFF_PASSWORD });
    expect(login.headers.location).toBe("/admin/activation");
    const cookie = cookieOf(login.headers["set-cookie"])!;
    expect((await page(t.app, "/admin", cookie)).headers.location).toBe("/admin/activation");
    const enrol = await page(t.app, "/admin/activation", cookie);
    expect(enrol.body).toContain("<svg");
    // stored sealed: the page shows the secret, the row holds no part of it
    const [{ totpSecret: stored }] = await db.select().from(staffUsers).where(eq(staffUsers.email, warehouse.email));
    const totpSecret = openTotpSecret(stored!, totpKey(DEMO_TOTP_KEY));
    expect(stored).not.toContain(totpSecret);
    expect(enrol.body).toContain(totpSecret.slice(0, 4));
    const done = await post(t.app, "/admin/activation", { code: totpCode(totpSecret) }, { ...SITE, cookie });
    expect(done.statusCode).toBe(200);
    expect(done.body.match(/[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}/g)?.length).toBeGreaterThanOrEqual(10);
    expect((await page(t.app, "/admin", cookie)).statusCode).toBe(200);
    // enrolled: the page is gone
    expect((await page(t.app, "/admin/activation", cookie)).headers.location).toBe("/admin");
  });
});
