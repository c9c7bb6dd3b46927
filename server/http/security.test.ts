// What a probe of the running shop broke, one case each, on PGlite and PostgreSQL, and the API rate limit
// across two app instances on one database and on Redis.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { query } from "#server/db/client.ts";
import { testDbKinds, type TestDbKind } from "#server/test/databases.ts";
import { openShared } from "#server/test/shared-db.ts";
import { signed, TEST_SECRET } from "#server/test/app.ts";
import { waitAfter, LIMITS, MAX_WAIT_MS } from "#server/modules/accounts/login-throttle.service.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const DEMO = { email: "demo@comptoir-emballage.fr", password: "Demo1234!" };
/** A fresh address per run: Redis keys outlive the test database. */
const someIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

type Call = { ip?: string; headers?: Record<string, string>; cookie?: string };
function call(app: FastifyInstance, method: "GET" | "POST", path: string, input: Record<string, unknown> = {}, o: Call = {}) {
  const sig = signed(path);
  const headers = { ...(o.cookie ? { cookie: o.cookie } : {}), ...o.headers };
  const remoteAddress = o.ip ?? "127.0.0.1";
  return method === "GET"
    ? app.inject({
        method,
        url: path,
        query: { ...(input as Record<string, string>), t: String(sig.t), at: sig.at },
        headers,
        remoteAddress,
      })
    : app.inject({ method, url: path, payload: { ...input, ...sig }, headers, remoteAddress });
}
const login = (app: FastifyInstance, identifier: string, password: string, o: Call = {}) =>
  call(app, "POST", "/site/user/login", { identifier, password }, o);

async function twoApps(kind: TestDbKind, env: Record<string, string> = {}) {
  const shared = await openShared(kind);
  await seedDemo(shared.a.db, { size: "small" });
  const make = async (database: typeof shared.a) => {
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: "test", SIGN_SECRET: TEST_SECRET, LOG_LEVEL: "silent", ...env }),
      database,
      logger: false,
    });
    await app.ready();
    return app;
  };
  const a = await make(shared.a);
  const b = await make(shared.b);
  return {
    a,
    b,
    db: shared.a.db,
    close: async () => {
      await a.close();
      await b.close();
      await shared.close();
    },
  };
}

describe.each(testDbKinds())("account security on %s", (kind) => {
  let t: Awaited<ReturnType<typeof twoApps>>;
  beforeAll(async () => {
    t = await twoApps(kind);
  });
  afterAll(() => t?.close());
  const clearThrottles = () => t.db.execute(sql`delete from login_throttles`);

  it("1. counts every spelling of one account, whatever the address, across both instances", async () => {
    await clearThrottles();
    const spellings = ["0612345678", "06 12 34 56 78", "+33612345678", "0033612345678", "DEMO@comptoir-emballage.fr", "c100001"];
    for (const [i, identifier] of spellings.entries()) {
      const res = await login(i % 2 ? t.a : t.b, identifier, "Mauvais2026!", { ip: someIp() });
      expect(res.statusCode, identifier).toBe(i < LIMITS.id ? 400 : 429);
    }
    // the owner's right password from a new device waits too (the throttle is per account)
    const owner = await login(t.a, "06.12.34.56.78", DEMO.password, { ip: someIp() });
    expect(owner.statusCode).toBe(429);
    expect(owner.json().info).toMatch(/Trop de tentatives/);
  });

  it("1. ignores X-Forwarded-For from an untrusted client: the socket address is throttled", async () => {
    await clearThrottles();
    const ip = someIp();
    for (let i = 0; i < LIMITS.ip; i++) {
      const res = await login(t.a, `inconnu${i}@exemple.fr`, "Mauvais2026!", { ip, headers: { "x-forwarded-for": someIp() } });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await login(t.b, "autre@exemple.fr", "Mauvais2026!", { ip, headers: { "x-forwarded-for": someIp() } });
    expect(blocked.statusCode).toBe(429);
  });

  it("7. lets the owner in from a device that logged in before, however many failures others caused", async () => {
    await clearThrottles();
    const first = await login(t.a, DEMO.email, DEMO.password, { ip: someIp() });
    expect(first.statusCode).toBe(200);
    const dev = [first.headers["set-cookie"]].flat().find((c) => c?.startsWith("dev="))!;
    expect(dev).toMatch(/^dev=[\w-]{43}; Max-Age=\d+; Path=\/site\/user\/login; HttpOnly; SameSite=Lax$/);
    for (let i = 0; i < LIMITS.id + 3; i++) await login(t.b, "+33 6 12 34 56 78", "Mauvais2026!", { ip: someIp() });
    expect((await login(t.a, DEMO.email, DEMO.password, { ip: someIp() })).statusCode).toBe(429); // a new device waits
    const owner = await login(t.b, DEMO.email, DEMO.password, { ip: someIp(), cookie: dev.split(";")[0] });
    expect(owner.statusCode).toBe(200);
    // the wait of a new device is bounded
    expect(waitAfter(1000, LIMITS.id)).toBe(MAX_WAIT_MS);
    expect(MAX_WAIT_MS).toBeLessThanOrEqual(15 * 60_000);
    // a device token of another account (or made up) does not pass
    const forged = await login(t.a, DEMO.email, DEMO.password, { ip: someIp(), cookie: `dev=${"A".repeat(43)}` });
    expect(forged.statusCode).toBe(429);
  });

  it("5. sends one code a minute per address, with the same answer, and limits a client address", async () => {
    const before = await query<{ n: number }>(t.db, sql`select count(*)::int as n from outbox_messages`);
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await call(i % 2 ? t.a : t.b, "POST", "/site/user/forgotPassword", { email: DEMO.email }, { ip: someIp() });
      expect(res.statusCode).toBe(200);
      answers.add(res.body);
    }
    const unknown = await call(t.a, "POST", "/site/user/forgotPassword", { email: "personne@exemple.fr" }, { ip: someIp() });
    answers.add(unknown.body);
    expect(answers.size).toBe(1);
    const after = await query<{ n: number }>(t.db, sql`select count(*)::int as n from outbox_messages`);
    expect(after[0].n - before[0].n).toBe(1);

    const ip = someIp();
    const codes: number[] = [];
    for (let i = 0; i < 22; i++)
      codes.push((await call(t.b, "POST", "/site/user/forgotPassword", { email: `x${i}@exemple.fr` }, { ip })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });

  it("6. refuses a reset code with one answer for an existing and an unknown address", async () => {
    await t.db.execute(sql`delete from rate_limits`);
    await call(t.a, "POST", "/site/user/forgotPassword", { email: DEMO.email }, { ip: someIp() });
    const body = (email: string) => ({ email, code: "000000", password: "Nouveau2026!", confirm: "Nouveau2026!" });
    const known = await call(t.a, "POST", "/site/user/resetPassword", body(DEMO.email), { ip: someIp() });
    const unknown = await call(t.a, "POST", "/site/user/resetPassword", body("personne@exemple.fr"), { ip: someIp() });
    expect(known.statusCode).toBe(400);
    expect(known.body).toBe(unknown.body);
  });

  it("6. takes about as long for an unknown address as for an account (medians within a factor)", async () => {
    const time = async (email: string) => {
      await t.db.execute(sql`delete from rate_limits`);
      const start = process.hrtime.bigint();
      const res = await call(t.a, "POST", "/site/user/forgotPassword", { email }, { ip: someIp() });
      expect(res.statusCode).toBe(200);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 15; i++) {
      known.push(await time(DEMO.email));
      unknown.push(await time(`personne${i}@exemple.fr`));
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const [k, u] = [median(known), median(unknown)];
    if (process.env.SHOW_TIMINGS) console.info(`forgotPassword medians: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`);
    // PGlite runs the outbox worker's send on the test's own thread: a looser bound there
    expect(Math.max(k, u) / Math.min(k, u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(kind === "pg" ? 2 : 3);
  });

  it("2. spends one API budget per client address across both instances", async () => {
    const limited = await twoApps(kind, { RATE_LIMIT_MAX: "4" });
    try {
      const ip = someIp();
      const codes = [];
      // each instance counts in memory and shares its count every 250 ms (decision 076): let it share
      for (let i = 0; i < 6; i++) {
        codes.push(
          (await call(i % 2 ? limited.a : limited.b, "GET", "/site/Index/config", {}, { ip, headers: { "x-forwarded-for": someIp() } }))
            .statusCode,
        );
        await sleep(350);
      }
      expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
      expect((await call(limited.a, "GET", "/site/Index/config", {}, { ip: someIp() })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("trusted proxies (TRUST_PROXY)", () => {
  it("believes X-Forwarded-For only from a listed proxy", async () => {
    const proxy = await twoApps("pglite", { RATE_LIMIT_MAX: "2", TRUST_PROXY: "10.99.0.0/16, 192.0.2.1" });
    try {
      const viaProxy = async (client: string) =>
        (await call(proxy.a, "GET", "/site/Index/config", {}, { ip: "10.99.1.1", headers: { "x-forwarded-for": client } })).statusCode;
      const client = someIp();
      expect([await viaProxy(client), await viaProxy(client), await viaProxy(client)]).toEqual([200, 200, 429]);
      expect(await viaProxy(someIp())).toBe(200); // another client behind the proxy has its own budget
      // a client that is not a listed proxy cannot choose its address
      const direct = someIp();
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push(
          (await call(proxy.a, "GET", "/site/Index/config", {}, { ip: direct, headers: { "x-forwarded-for": someIp() } })).statusCode,
        );
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await proxy.close();
    }
  });

  it("refuses a malformed setting at boot", () => {
    expect(() => loadEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
    expect(loadEnv({}).TRUST_PROXY).toEqual([]);
    expect(loadEnv({ TRUST_PROXY: "127.0.0.1,::1, 10.0.0.0/8,loopback" }).TRUST_PROXY).toEqual([
      "127.0.0.1",
      "::1",
      "10.0.0.0/8",
      "loopback",
    ]);
  });
});

describe.runIf(process.env.REDIS_URL || process.env.TEST_REDIS_URL)("API rate limit in Redis", () => {
  it("spends one budget across two instances with their own databases", async () => {
    const url = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL!;
    const one = await twoApps("pglite", { RATE_LIMIT_MAX: "3", REDIS_URL: url });
    const two = await twoApps("pglite", { RATE_LIMIT_MAX: "3", REDIS_URL: url });
    try {
      const ip = someIp();
      const codes = [];
      for (let i = 0; i < 5; i++) {
        codes.push((await call(i % 2 ? one.a : two.a, "GET", "/site/Index/config", {}, { ip })).statusCode);
        await sleep(350); // shared every 250 ms (decision 076)
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const rows = await query<{ n: number }>(one.db, sql`select count(*)::int as n from rate_limits`);
      expect(rows[0].n).toBe(0); // counted in Redis, not in PostgreSQL
    } finally {
      await one.close();
      await two.close();
    }
  }, 120_000); // four shops on their own embedded databases start first
});
