// Personal pages' documents are rendered by a handler over the few routes their path can use (decision 098):
// through the real build, every personal page (both languages, every alias) gives the same document, status
// and headers as React Router's handler over every route, for a logged-in customer and for a visitor.
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
import { langOfPath } from "#core/slug.ts";
import type { PageContext } from "./page-context.ts";
import { buildWithRoutes, personalMatcher } from "./personal-routes.ts";
import { CLIENT_DIR, pageBuild } from "#server/test/page-build.ts";
import { isAdminRoute } from "#app/admin/route-ids.ts";

const sameNonce = (s: string) => s.replace(/nonce="[^"]*"/g, 'nonce="n"').replace(/'nonce-[^']*'/g, "'nonce-n'");

describe("personal documents over their own routes", () => {
  let app: FastifyInstance;
  let database: Database;
  let build: ServerBuild;
  let token = "";

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    await seedDemo(database.db, { size: "small" });
    build = await pageBuild();
    const env = loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", SIGN_SECRET: TEST_SECRET });
    app = await buildApp({ env, database, build, clientDir: CLIENT_DIR, logger: false });
    await app.ready();
    const res = await post(app, "/site/user/login", { identifier: "C100001", password: "Demo1234!" });
    token = res.json().data.token as string;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** The load context pages.ts gives a personal page, with a fixed nonce. */
  const pageContext = (path: string, customer: PageContext["customer"], extra: Partial<PageContext> = {}): PageContext => ({
    services: app.services,
    lang: langOfPath(path),
    customer,
    personal: true,
    tokenSent: customer !== null,
    maintenance: false,
    tags: new Set(),
    nonce: "n",
    ...extra,
  });

  /** Every personal route's path of the shop, parameters filled (the back office's pages have tests of their own). */
  const personalPaths = () =>
    Object.values(build.routes)
      .filter((r) => (r?.module.handle as { personal?: unknown } | undefined)?.personal === true && !isAdminRoute(r!.id))
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
        // as pages.ts gives every personal page's document
        const context = pageContext(path, cookie ? customer : null, { inlineShell: {} });
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

  it("writes the shell's data once as a JSON block, not in the root loader's data (decision 110)", async () => {
    const full = routerRuntime(build).createRequestHandler(build, "production");
    const customer = (await app.services.sessions.resolve(database.db, token))!.customer;
    const render = async (path: string, inlineShell?: PageContext["inlineShell"]) => {
      const context = pageContext(path, customer, { inlineShell });
      const request = new Request(`http://localhost${path}`, { headers: { cookie: `uid=${token}` } });
      return { html: await (await full(request, context)).text(), context };
    };
    const block = /<script type="application\/json" id="shell-data">([^<]*)<\/script>/;
    const loaderScripts = /<script nonce="n">window\.__reactRouterContext\.streamController\.enqueue\([\s\S]*?<\/script>/g;
    const marks = { "/mon-compte": "C100001", "/zh/center/mon-compte": "C100001", "/historique-commandes": "CE2026-" };
    for (const [path, mark] of Object.entries(marks)) {
      const inline = await render(path, {});
      const reference = await render(path);
      const json = block.exec(inline.html)?.[1];
      expect(json, path).toBeDefined();
      expect(reference.html).not.toContain('id="shell-data"');
      // the block holds what the loader data held: the root loader's own answer without the block
      const root = build.routes.root!.module.loader!;
      const data = (await root({
        context: reference.context,
        request: new Request(`http://localhost${path}`),
        params: {},
      } as never)) as Record<string, unknown>;
      expect(JSON.parse(json!), path).toEqual(JSON.parse(JSON.stringify({ init: data.init, shops: data.shops, pages: data.pages })));
      expect(inline.context.inlineShell?.shell?.json).toBe(json);
      // the loader data no longer carries it (a shop's name was in it), and the rest of the page is the same
      // the page's own data is written although the render found it read ahead (app/entry.server.tsx handOffRead)
      expect(inline.html.match(loaderScripts)!.join(""), path).toContain(mark);
      const shopName = (data.shops as { name: string }[])[0].name;
      expect(inline.html.match(loaderScripts)!.join("")).not.toContain(shopName.slice(0, 12));
      expect(reference.html.match(loaderScripts)!.join("")).toContain(shopName.slice(0, 12));
      const rest = (html: string) => html.replace(block, "").replace(loaderScripts, "");
      expect(rest(inline.html), path).toBe(rest(reference.html));
    }
    // the same JSON text for every document of a language while the shell's data stays the same
    const a = await render("/mon-compte", {});
    const b = await render("/adresses", {});
    expect(b.context.inlineShell?.shell?.json).toBe(a.context.inlineShell?.shell?.json);
    expect(b.context.inlineShell?.shell?.data).toBe(a.context.inlineShell?.shell?.data);
  }, 60_000);

  it("writes the shell's common parts from kept HTML: the same document as a full render (decision 102)", async () => {
    const full = routerRuntime(build).createRequestHandler(build, "production");
    const customer = (await app.services.sessions.resolve(database.db, token))!.customer;
    const islands = new Map<string, Buffer>();
    const render = async (path: string, kept?: Map<string, Buffer>) => {
      const context = pageContext(path, customer, { islands: kept });
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
