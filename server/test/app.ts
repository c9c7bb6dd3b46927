// An API-only app over a fresh test database, and signed request helpers for app.inject().
import { afterAll, beforeAll } from "vitest";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { sign } from "#server/http/signature.ts";
import { openTestDatabase, type TestDbKind } from "./databases.ts";
import type { Database } from "#server/db/client.ts";

export const TEST_SECRET = "test-sign-secret";

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

export async function createTestApp(kind: TestDbKind, env: Record<string, string> = {}, seed = true): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  if (seed) await seedDemo(database.db, { size: "small" });
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: "test", SIGN_SECRET: TEST_SECRET, LOG_LEVEL: "silent", ...env }),
    database,
    logger: false,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A test app with bearer tokens of the demo customer (1) and of Martin (2), the other customer. */
type CustomersApp = TestApp & { demo: string; martin: string };

/** Started before the enclosing describe's tests (and its own hooks), closed after them; read the fields inside. */
export function customersAppPerSuite(kind: TestDbKind, env: Record<string, string> = {}): CustomersApp {
  const t = {} as CustomersApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(kind, env));
    t.demo = await t.app.services.sessions.create(t.app.services.db, 1);
    t.martin = await t.app.services.sessions.create(t.app.services.db, 2);
  });
  afterAll(() => t.close?.());
  return t;
}

type Call = Omit<InjectOptions, "url" | "method" | "payload" | "query"> & { t?: number; at?: string; lang?: string; token?: string };

export function signed(path: string, t = Math.floor(Date.now() / 1000)) {
  return { t, at: sign(t, path, TEST_SECRET) };
}

function headersOf(o: Call) {
  return {
    ...(o.lang ? { applang: o.lang } : {}),
    ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    ...(o.headers as Record<string, string> | undefined),
  };
}

export function get(app: FastifyInstance, path: string, query: Record<string, string> = {}, o: Call = {}) {
  const sig = signed(path, o.t);
  return app.inject({ method: "GET", url: path, query: { ...query, t: String(sig.t), at: o.at ?? sig.at }, headers: headersOf(o) });
}

export function post(app: FastifyInstance, path: string, body: Record<string, unknown> = {}, o: Call = {}) {
  const sig = signed(path, o.t);
  return app.inject({ method: "POST", url: path, payload: { ...body, t: sig.t, at: o.at ?? sig.at }, headers: headersOf(o) });
}
