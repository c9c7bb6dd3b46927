// Personal pages' documents are rendered by a handler over the few routes their path can use (decision 098):
// through the real build, every personal page (both languages, every alias) gives the same document, status
// and headers as React Router's handler over every route, for a logged-in customer and for a visitor.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { routerRuntime } from "./router-runtime.ts";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase } from "#server/test/databases.ts";
import type { Database } from "#server/db/client.ts";
import { post, TEST_SECRET } from "#server/test/app.ts";
import { langFromPath, type PageContext } from "./page-context.ts";
import { buildWithRoutes, personalMatcher } from "./personal-routes.ts";

const buildFile = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));
const clientDir = fileURLToPath(new URL("../../build/client", import.meta.url));

const sameNonce = (s: string) => s.replace(/nonce="[^"]*"/g, 'nonce="n"').replace(/'nonce-[^']*'/g, "'nonce-n'");

describe("personal documents over their own routes", () => {
  let app: FastifyInstance;
  let database: Database;
  let build: ServerBuild;
  let token = "";

  beforeAll(async () => {
    if (!existsSync(buildFile)) throw new Error("run `npm run build` first (npm test does)");
    database = await openTestDatabase("pglite");
    await seedDemo(database.db, { size: "small" });
    build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    const env = loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", SIGN_SECRET: TEST_SECRET });
    app = await buildApp({ env, database, build, clientDir, logger: false });
    await app.ready();
    const res = await post(app, "/site/user/login", { identifier: "C100001", password: "Demo1234!" });
    token = res.json().data.token as string;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Every personal route's path, parameters filled. */
  const personalPaths = () =>
    Object.values(build.routes)
      .filter((r) => (r?.module.handle as { personal?: unknown } | undefined)?.personal === true)
      .map((r) => `/${r!.path!.replace(/^\//, "").replace(/:[a-z]+/g, "purchased")}`);

  it("lists the personal pages' routes, both languages and aliases", () => {
    const paths = personalPaths();
    expect(paths).toContain("/mon-compte");
    expect(paths).toContain("/zh/center/mon-compte");
    expect(paths.length).toBeGreaterThan(40);
    // a few routes for a page, not the whole build
    const routes = personalMatcher(build).documentRoutes("/zh/center/mon-compte");
    expect(routes).toContain("root");
    expect(routes.length).toBeLessThan(8);
  });

  it("renders each the same as the handler over every route", async () => {
    const full = routerRuntime(build).createRequestHandler(build, "production");
    const matcher = personalMatcher(build);
    const customer = (await app.services.sessions.resolve(database.db, token))!.customer;
    for (const path of personalPaths()) {
      for (const cookie of [`uid=${token}`, undefined]) {
        const res = await app.inject({ url: path, headers: cookie ? { cookie } : {} });
        const context: PageContext = {
          services: app.services,
          lang: langFromPath(path),
          customer: cookie ? customer : null,
          personal: true,
          tokenSent: Boolean(cookie),
          maintenance: false,
          tags: new Set(),
          nonce: "n",
        };
        const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
        const reference = await full(request, context);
        const label = `${path} ${cookie ? "logged in" : "visitor"}`;
        expect(res.statusCode, label).toBe(reference.status);
        expect(res.headers.location, label).toBe(reference.headers.get("location") ?? undefined);
        expect(sameNonce(res.body), label).toBe(sameNonce(await reference.text()));
        // and the handler used was the small one
        expect(Object.keys(buildWithRoutes(build, matcher.documentRoutes(path)).routes).length, label).toBeLessThan(8);
      }
    }
  }, 120_000);

  it("writes the shell's common parts from kept HTML: the same document as a full render (decision 102)", async () => {
    const full = routerRuntime(build).createRequestHandler(build, "production");
    const customer = (await app.services.sessions.resolve(database.db, token))!.customer;
    const islands = new Map<string, Buffer>();
    const render = async (path: string, kept?: Map<string, Buffer>) => {
      const context: PageContext = {
        services: app.services,
        lang: langFromPath(path),
        customer,
        personal: true,
        tokenSent: true,
        maintenance: false,
        tags: new Set(),
        nonce: "n",
        islands: kept,
      };
      return (await full(new Request(`http://localhost${path}`, { headers: { cookie: `uid=${token}` } }), context)).text();
    };
    for (const path of ["/mon-compte", "/historique-commandes", "/zh/center/mon-compte"]) {
      const reference = await render(path);
      expect(await render(path, islands), `${path} kept now`).toBe(reference);
      expect(await render(path, islands), `${path} from kept HTML`).toBe(reference);
      expect(reference).not.toContain("x-island");
    }
    // the category menu and the footer per language, the account menu per language and entry
    const named = (k: string) =>
      k
        .split("|")
        .slice(0, k.startsWith("account-menu|") ? 3 : 2)
        .join("|");
    expect([...islands.keys()].map(named).sort()).toEqual([
      "account-menu|fr|/historique-commandes",
      "account-menu|fr|/mon-compte",
      "account-menu|zh|/mon-compte",
      "footer|fr",
      "footer|zh",
      "menu|fr",
      "menu|zh",
    ]);
  }, 60_000);
});
