// Page security through the real React Router build: the return path after login, errors outside the
// envelope, security headers and the pages' Content-Security-Policy, NUL in search.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase } from "#server/test/databases.ts";
import type { Database } from "#server/db/client.ts";
import { post, TEST_SECRET } from "#server/test/app.ts";
import { translate } from "#core/i18n/messages.ts";
import { CLIENT_DIR, pageBuild } from "#server/test/page-build.ts";

/** The inline executable scripts of a page with their nonce attribute (JSON-LD data blocks aside). */
function inlineScripts(html: string) {
  const out: { nonce: string | undefined; body: string }[] = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs) || !body) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    out.push({ nonce: /\bnonce="([^"]*)"/.exec(attrs)?.[1], body });
  }
  return out;
}
const cspNonce = (csp: string) => {
  const m = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'(;|$)/.exec(csp);
  if (!m) throw new Error(`no nonce in ${csp}`);
  return m[1];
};

describe("pages: return path, errors, headers", () => {
  let app: FastifyInstance;
  let database: Database;
  let cookie: string;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    await seedDemo(database.db, { size: "small" });
    const build = await pageBuild();
    app = await buildApp({
      env: loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", SIGN_SECRET: TEST_SECRET, PUBLIC_URL: "https://shop.example" }),
      database,
      build,
      clientDir: CLIENT_DIR,
      logger: false,
    });
    await app.ready();
    const token = await app.services.sessions.create(app.services.db, 1);
    cookie = `uid=${token}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(["%09", "%0A", "%0B", "%0C", "%0D", "%00", "%7F"])(
    "3-4. a logged-in /connexion?redirect=/%s/evil goes to the shop, never hangs",
    async (c) => {
      const res = await app.inject({ url: `/connexion?redirect=/${c}/evil.example`, headers: { cookie } });
      expect([302, 400]).toContain(res.statusCode);
      if (res.statusCode === 302) expect(res.headers.location).toBe("/mon-compte");
    },
  );

  it.each(["//evil.example", "/\\evil.example", "https://evil.example", "/%5Cevil.example", "/%2F%2Fevil.example"])(
    "3. redirect=%s stays on the shop",
    async (target) => {
      const res = await app.inject({ url: `/connexion?redirect=${encodeURIComponent(target)}`, headers: { cookie } });
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(new URL(location, "https://shop.example").origin).toBe("https://shop.example");
      expect(location).not.toMatch(/^\/\/|^\/\\|^https?:/);
    },
  );

  it("3. keeps a path of the shop", async () => {
    const res = await app.inject({ url: `/connexion?redirect=${encodeURIComponent("/identite?x=1")}`, headers: { cookie } });
    expect(res.headers.location).toBe("/identite?x=1");
  });

  it("keeps every form's fields out of the URL when it is sent before the page's script runs", async () => {
    const pages: [string, string | undefined][] = [
      ["/", undefined],
      ["/connexion", undefined],
      ["/zh/connexion", undefined],
      ["/reg", undefined],
      ["/recuperation-mot-de-passe", undefined],
      ["/identite", cookie],
      ["/adresses", cookie],
      ["/une-question", cookie],
    ];
    for (const [url, withCookie] of pages) {
      const res = await app.inject({ url, headers: withCookie ? { cookie: withCookie } : {} });
      expect(res.statusCode, url).toBe(200);
      const forms = [...res.body.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]);
      expect(forms.length, url).toBeGreaterThan(0);
      for (const form of forms) {
        // a form posts its fields (a GET would put a password in the address bar and the history); the header
        // search is the one GET form, and it goes to the search page
        if (form.includes('role="search"')) expect(form, url).toMatch(/action="(\/zh)?\/recherche"/);
        else expect(form, url).toContain('method="post"');
      }
    }
    // such a POST reaches a page without an action: the buyer gets the page back to send again, not an error
    const sent = await app.inject({
      method: "POST",
      url: "/connexion",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "identifier=demo%40comptoir-emballage.fr&password=Demo1234%21",
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe("/connexion");
    expect(sent.body).not.toContain("Demo1234");
  });

  it("9. answers TRACE and unknown methods with a 405 page or envelope", async () => {
    for (const method of ["TRACE", "PROPFIND"] as const) {
      const page = await app.inject({ method: method as "GET", url: "/zh/" });
      expect(page.statusCode, method).toBe(405);
      expect(page.headers["content-type"]).toMatch(/text\/html/);
      expect(page.body).toContain(translate("zh", "common.error.bad_request_title"));
      expect(page.body).not.toMatch(/statusCode|unsupported/);
      const api = await app.inject({ method: method as "GET", url: "/site/Index/config" });
      expect([403, 404, 405]).toContain(api.statusCode);
      expect(Object.keys(api.json()).sort()).toEqual(["code", "data", "info"]);
    }
  });

  it("9. answers a URL that does not decode in the envelope or the error page", async () => {
    const api = await app.inject({ url: "/site/%ZZ" });
    expect(api.json()).toEqual({ code: 400, data: null, info: translate("fr", "api.bad_url") });
    const page = await app.inject({ url: "/zh/%ZZ" });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(translate("zh", "common.error.bad_request_title"));
    expect(page.body).not.toContain("FST_ERR");
  });

  it("9. answers an over-long URL with a 431 page, not Node's raw reply", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as net.AddressInfo;
    for (const path of ["/recherche?search=", "/site/Product/search?search="]) {
      const reply = await new Promise<string>((resolve, reject) => {
        const s = net.connect(port, "127.0.0.1", () => s.write(`GET ${path}${"a".repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
        let out = "";
        s.on("data", (d) => (out += d));
        s.on("end", () => resolve(out));
        s.on("error", reject);
        s.setTimeout(5000, () => reject(new Error("hang")));
      });
      expect(reply).toMatch(/^HTTP\/1.1 431 /);
      expect(reply).toMatch(path.startsWith("/site") ? /"info":"L'adresse ou les en-têtes/ : /Requête trop longue/);
    }
  });

  it("9. translates zod's own type errors: no English reaches the client", async () => {
    const register = await post(
      app,
      "/site/user/register",
      { company: 123, title: "M", first_name: "A", last_name: "B", email: "a@b.fr", password: "Abcdef12!", confirm: "Abcdef12!" },
      { lang: "zh" },
    );
    expect(register.json()).toEqual({ code: 400, data: null, info: translate("zh", "validation.invalid_value") });
    const list = await app.inject({ method: "POST", url: "/site/Product/index", payload: { params: [1, 2] } });
    expect(list.body).not.toMatch(/Invalid input|expected/);
    const search = await app.inject({ url: "/recherche?search=car%00ton" });
    expect(search.statusCode).toBeLessThan(500);
  });

  it("keeps XSS payloads as text in every rendered account field and in the search page", async () => {
    const payload = `"><img src=x onerror=alert(1)><script>alert(2)</script>`;
    const { customers } = await import("#server/db/schema/index.ts");
    const { eq } = await import("drizzle-orm");
    await database.db.update(customers).set({ firstName: payload, lastName: payload, company: payload }).where(eq(customers.id, 1));
    app.services.sessions.forgetAll();
    for (const url of ["/mon-compte", "/identite", "/adresses"]) {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain("<img src=x onerror");
      expect(res.body, url).not.toContain("<script>alert(2)");
    }
    const search = await app.inject({ url: `/recherche?search=${encodeURIComponent("<script>alert(3)</script>")}` });
    expect(search.body).not.toContain("<script>alert(3)");
  });

  it("11. sends the security headers, and a page policy whose nonce is on every inline script of the page", async () => {
    for (const url of ["/", "/connexion", "/zh/", "/recherche?search=carton"]) {
      const seen: string[] = [];
      for (let i = 0; i < 2; i++) {
        // rendered, then from the render cache
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["x-frame-options"]).toBe("DENY");
        expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
        expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
        const csp = String(res.headers["content-security-policy"]);
        expect(csp).toMatch(/frame-ancestors 'none'/);
        expect(csp).not.toMatch(/unsafe-inline[^;]*;.*script-src|script-src[^;]*unsafe-inline/);
        const nonce = cspNonce(csp);
        expect(csp).not.toContain("'sha256-"); // nothing is allowed by its bytes any more (decision 084)
        const scripts = inlineScripts(res.body);
        expect(scripts.length, url).toBeGreaterThan(0); // React Router inlines its scripts
        for (const s of scripts) expect(s.nonce, `${url}: ${s.body.slice(0, 60)}`).toBe(nonce);
        // a cached page keeps its render's nonce (the same bytes to every visitor for at most a minute);
        // a page rendered again (not cached: /connexion is personal) gets a new one
        if (i === 1) expect(nonce === seen[0], url).toBe(res.headers["x-render-cache"] === "hit");
        seen.push(nonce);
      }
    }
    const api = await app.inject({ url: "/site/Index/config" });
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("11. draws a new nonce for every render: personal pages, and a catalogue page rendered again", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: "/mon-compte", headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const nonce = cspNonce(String(res.headers["content-security-policy"]));
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      for (const s of inlineScripts(res.body)) expect(s.nonce).toBe(nonce);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
    const first = cspNonce(String((await app.inject({ url: "/magasins" })).headers["content-security-policy"]));
    app.services.cache.clear(); // a catalogue change empties the render cache: the next view is a new render
    const again = cspNonce(String((await app.inject({ url: "/magasins" })).headers["content-security-policy"]));
    expect(again).not.toBe(first);
  });

  it("11. a <script> that reaches the HTML (stored HTML of a content page) carries no nonce: the policy refuses it", async () => {
    const { contentPages, contentPageTranslations } = await import("#server/db/schema/index.ts");
    const { eq, and } = await import("drizzle-orm");
    const [page] = await database.db.select().from(contentPages).limit(1);
    await database.db
      .update(contentPageTranslations)
      .set({ body: "<p>Livraison</p><script>window.__pwned = 1</script>" })
      .where(and(eq(contentPageTranslations.pageId, page.id), eq(contentPageTranslations.lang, "fr")));
    app.services.cache.clear();
    let res = await app.inject({ url: `/content/${page.id}-${page.slug}` });
    if (res.statusCode === 301 || res.statusCode === 302) res = await app.inject({ url: String(res.headers.location) });
    expect(res.statusCode).toBe(200);
    const nonce = cspNonce(String(res.headers["content-security-policy"]));
    const scripts = inlineScripts(res.body);
    const injected = scripts.filter((s) => s.body === "window.__pwned = 1"); // (the loader data holds it as text too)
    expect(injected).toHaveLength(1); // rendered as stored…
    expect(injected[0].nonce).toBeUndefined(); // …without the nonce, so the browser does not run it
    expect(scripts.filter((s) => s.nonce === nonce)).toHaveLength(scripts.length - 1);
  });
});
