// One page for every visitor (decision 063) and compressed delivery (decision 064), through the real build:
// two customers logged in get byte-identical catalogue pages holding nothing of either, the render cache
// keeps nothing personal, the account page is each customer's own and never cached; cached pages and
// assets are sent compressed as the request accepts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import type { Database } from "#server/db/client.ts";
import { createPageCache, type CachedPage } from "./page-cache.ts";
import { get, post, TEST_SECRET } from "#server/test/app.ts";
import { CLIENT_DIR, pageBuild } from "#server/test/page-build.ts";

const CUSTOMERS = [
  {
    identifier: "demo@comptoir-emballage.fr",
    password: "Demo1234!",
    marks: ["demo@comptoir-emballage.fr", "C100001", "0612345678", "Jean Dupont", "Boulangerie Dupont", "06 12 34 56 78"],
  },
  {
    identifier: "C100002",
    password: "Martin2026!",
    marks: ["achat@traiteur-martin.fr", "C100002", "0623456789", "Claire Martin", "Traiteur Martin", "06 23 45 67 89"],
  },
];

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;

describe.each(testDbKinds())("one page for every visitor, compressed (%s)", (kind) => {
  let app: FastifyInstance;
  let database: Database;
  const cache = createPageCache();
  const sessions: { cookie: string; token: string; marks: string[] }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemo(database.db, { size: "small" });
    const build = await pageBuild();
    const env = loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", SIGN_SECRET: TEST_SECRET });
    app = await buildApp({ env, database, build, clientDir: CLIENT_DIR, logger: false, pageCache: cache });
    await app.ready();
    for (const [i, c] of CUSTOMERS.entries()) {
      const res = await post(
        app,
        "/site/user/login",
        { identifier: c.identifier, password: c.password },
        { headers: { "x-forwarded-for": `10.9.0.${i}` } },
      );
      expect(res.json().code).toBe(200);
      const token = res.json().data.token as string;
      sessions.push({ cookie: `uid=${token}`, token, marks: c.marks });
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const personal = () => sessions.flatMap((s) => [...s.marks, s.token]);

  it("sends both customers and the anonymous visitor the same catalogue pages, with nothing of either", async () => {
    const list = await app.inject("/promotions");
    const product = /href="(\/product\/[^"/]+\/\d+)"/.exec(list.body)?.[1];
    expect(product).toBeDefined();
    const urls = ["/", "/promotions", product!, "/recherche?search=carton", "/content/1-livraison", "/magasins", "/zh/promotions"];
    for (const url of urls) {
      // each customer first, so that one of them renders the page (not only the anonymous visitor)
      const [a, b] = [
        await app.inject({ url, headers: { cookie: sessions[0].cookie } }),
        await app.inject({ url, headers: { cookie: sessions[1].cookie } }),
      ];
      const anonymous = await app.inject(url);
      expect(a.statusCode, url).toBe(200);
      expect(a.body, url).toBe(b.body);
      expect(a.body, url).toBe(anonymous.body);
      expect(b.headers["x-render-cache"], url).toBe("hit");
      expect(a.headers["set-cookie"], url).toBeUndefined();
      for (const mark of personal()) expect(a.body, `${url} holds ${mark}`).not.toContain(mark);
    }
  });

  it("keeps nothing personal in the render cache, in any encoding", () => {
    const entries: [string, CachedPage][] = cache.entries();
    expect(entries.length).toBeGreaterThan(5);
    for (const [url, page] of entries) {
      const texts = [page.body, page.br && brotliDecompressSync(page.br), page.gzip && gunzipSync(page.gzip)].filter(Boolean).map(String);
      const headers = JSON.stringify(page.headers);
      for (const mark of personal()) {
        for (const text of texts) expect(text, `${url} holds ${mark}`).not.toContain(mark);
        expect(headers, `${url} headers hold ${mark}`).not.toContain(mark);
      }
      expect(page.headers.some(([k]) => k === "set-cookie")).toBe(false);
    }
  });

  it("shows each customer their own account page, never cached", async () => {
    for (const [i, s] of sessions.entries()) {
      for (const url of ["/mon-compte", "/zh/center/mon-compte"]) {
        const res = await app.inject({ url, headers: { cookie: s.cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["x-render-cache"], url).toBeUndefined();
        expect(res.headers["cache-control"], url).toBe("private, no-store");
        expect(res.body, url).toContain(s.marks[1]); // client number
        expect(res.body, url).toContain(s.marks[3]); // name
        for (const mark of sessions[1 - i].marks) expect(res.body, `${url} of ${s.marks[1]} holds ${mark}`).not.toContain(mark);
      }
    }
    // a client-side navigation fetches the page's data: personal too
    const data = await app.inject({ url: "/mon-compte.data", headers: { cookie: sessions[1].cookie } });
    expect(data.statusCode).toBe(200);
    expect(data.headers["x-render-cache"]).toBeUndefined();
    expect(data.body).toContain("C100002");
    expect(data.body).not.toContain("C100001");
    expect(cache.entries().some(([url]) => url.includes("mon-compte"))).toBe(false);
  });

  it("writes only the menu's first level into personal pages, the whole tree into catalogue pages (decision 092)", async () => {
    for (const lang of ["fr", "zh"] as const) {
      const tree = await app.services.catalogue.menuTree(lang);
      const l1s = tree[0].child ?? [];
      // names without characters the page would escape, a second level deeper than every first-level one
      const plain = (n: string) => /^[\p{L}\p{N} ]+$/u.test(n);
      const l1 = l1s.find((n) => plain(n.name) && n.child?.some((c) => plain(c.name)))!;
      const l2 = l1.child!.find((c) => plain(c.name) && !l1s.some((o) => o.name.includes(c.name)))!;
      expect(l2, lang).toBeDefined();
      const prefix = lang === "zh" ? "/zh" : "";
      const account = await app.inject({ url: `${prefix}/mon-compte`, headers: { cookie: sessions[0].cookie } });
      expect(account.body).toContain(l1.name);
      expect(account.body, `${lang} account page holds ${l2.name}`).not.toContain(l2.name);
      const home = await app.inject(`${prefix}/`);
      expect(home.body).toContain(l2.name);
    }
  });

  it("gives the browser the personal part in one small call after hydration", async () => {
    const [a, b] = await Promise.all(
      sessions.map((s) => get(app, "/site/Index/config", { part: "session" }, { headers: { cookie: s.cookie } })),
    );
    expect(a.json().data).toMatchObject({
      token_status: 1,
      refreshToken: null,
      userInfo: { client_number: "C100001", email: "demo@comptoir-emballage.fr" },
    });
    expect(b.json().data.userInfo).toMatchObject({ client_number: "C100002" });
    // notifications_unread: the logged-in caller's unread count (decision 082), never in a page
    expect(Object.keys(a.json().data).sort()).toEqual(["notifications_unread", "refreshToken", "token_status", "userInfo"]);
    expect(a.json().data.notifications_unread).toBe(2);
    expect(b.json().data.notifications_unread).toBe(1);
    expect(a.headers["cache-control"]).toBe("private, no-store");
    const anonymous = await get(app, "/site/Index/config", { part: "session" });
    expect(anonymous.json().data).toEqual({ refreshToken: null, token_status: 1, userInfo: null });
    expect(anonymous.headers["set-cookie"]).toBeUndefined();
  });

  it("sends a cached page as brotli, gzip or identity, as accepted, with the same bytes decoded", async () => {
    await app.inject("/magasins");
    const identity = await app.inject({ url: "/magasins", headers: { "accept-encoding": "identity" } });
    expect(identity.headers["x-render-cache"]).toBe("hit");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const res = await app.inject({ url: "/magasins", headers: { "accept-encoding": accept } });
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
      expect(decode(res.rawPayload, encoding).equals(identity.rawPayload), accept).toBe(true);
    }
  });

  it("sends built assets precompressed, immutable, as accepted", async () => {
    const file = readdirSync(`${CLIENT_DIR}/assets`).find(
      (f) => f.endsWith(".js") && existsSync(`${CLIENT_DIR}/assets/${f}.br`) && existsSync(`${CLIENT_DIR}/assets/${f}.gz`),
    );
    expect(file, "run `npm run build` (it precompresses)").toBeDefined();
    const raw = readFileSync(`${CLIENT_DIR}/assets/${file}`);
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      [undefined, undefined],
    ] as const) {
      const res = await app.inject({ url: `/assets/${file}`, headers: accept ? { "accept-encoding": accept } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload, encoding).equals(raw), String(accept)).toBe(true);
    }
  });
});
