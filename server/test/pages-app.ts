// The shop with the real page build on a fresh seeded database, and the two demo customers' cookies: for the
// tests that request account pages as a visitor, the demo customer (1) and Martin (2). Needs `npm run build`.
import { afterAll, beforeAll } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import type { Database } from "#server/db/client.ts";
import { createPageCache, type PageCache } from "#server/http/page-cache.ts";
import { openTestDatabase, type TestDbKind } from "./databases.ts";
import { TEST_SECRET } from "./app.ts";
import { CLIENT_DIR, pageBuild } from "#server/test/page-build.ts";

type PagesApp = { app: FastifyInstance; database: Database; cache: PageCache; demo: string; martin: string };

/** Started before the enclosing describe's tests, closed after them; read the fields inside tests. */
export function pagesAppPerSuite(kind: TestDbKind): PagesApp {
  const t = {} as PagesApp;
  beforeAll(async () => {
    t.database = await openTestDatabase(kind);
    await seedDemo(t.database.db, { size: "small" });
    const build = await pageBuild();
    const env = loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", SIGN_SECRET: TEST_SECRET });
    t.cache = createPageCache();
    t.app = await buildApp({ env, database: t.database, build, clientDir: CLIENT_DIR, logger: false, pageCache: t.cache });
    await t.app.ready();
    t.demo = `uid=${await t.app.services.sessions.create(t.app.services.db, 1)}`;
    t.martin = `uid=${await t.app.services.sessions.create(t.app.services.db, 2)}`;
  }, 120_000);
  afterAll(async () => {
    await t.app?.close();
    await t.database?.close();
  });
  return t;
}
