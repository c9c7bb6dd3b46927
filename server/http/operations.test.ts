// Health, readiness, metrics and the request id (server/http/operations.ts), on both databases: readiness names what
// is missing (a worker not polling, a migration not applied); the metrics answer only the token and count requests by
// route pattern, never by raw path; a sane X-Request-Id travels, any other is replaced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";

const TOKEN = "metrics-token-0123456789";

describe.each(testDbKinds())("operations endpoints (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { METRICS_TOKEN: TOKEN }, false);
  }, 120_000);
  afterAll(() => t?.close());

  it("answers /healthz, and /readyz only once every worker polls and every migration is applied", async () => {
    const health = await t.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    expect(health.headers["cache-control"]).toBe("no-store");

    // the payments worker starts once the process listens (server/main.ts): not ready before
    const early = await t.app.inject({ url: "/readyz" });
    expect(early.statusCode).toBe(503);
    expect(early.json()).toEqual({
      status: "not_ready",
      checks: { db: true, migrations: true, workers: { outbox: true, deliveries: true, jobs: true, payments: false } },
    });
    t.app.services.paymentsWorker.start();
    try {
      const ready = await t.app.inject({ url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: "ready" });

      // a migration of this build not applied: not ready
      const [last] = await query<{ id: number; hash: string; created_at: string }>(
        t.database.db,
        sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id desc limit 1`,
      );
      await query(t.database.db, sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
      try {
        const behind = await t.app.inject({ url: "/readyz" });
        expect(behind.statusCode).toBe(503);
        expect(behind.json()).toMatchObject({ checks: { db: true, migrations: false } });
      } finally {
        await query(
          t.database.db,
          sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at}::bigint)`,
        );
      }
    } finally {
      await t.app.services.paymentsWorker.stop();
    }
    expect(t.app.services.paymentsWorker.started()).toBe(false);
  });

  it("serves the metrics to the token only, requests counted by route pattern and status", async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ url: "/healthz" });
    await t.app.inject({ url: "/site/Index/getPagesInfo?id=1" });
    await t.app.inject({ url: `/no/such/path/${"x".repeat(50)}` });
    expect((await t.app.inject({ url: "/metrics" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/metrics", headers: { authorization: "Bearer wrong-token-0123456789" } })).statusCode).toBe(401);
    const res = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status_code="200"\} [3-9]/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status_code="200"\}/);
    expect(text).toContain('route="/site/Index/getPagesInfo"');
    expect(text).not.toContain("xxxxxxxxxx");
    expect(text).toContain("# TYPE outbox_messages gauge");
    expect(text).toContain("# TYPE jobs gauge");
    expect(text).toMatch(/payments_pending\{kind="payment"\} \d+/);
    expect(text).toMatch(/payments_pending\{kind="refund"\} \d+/);
    expect(text).toContain("process_resident_memory_bytes");
    if (kind === "pg") expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
  });

  it("carries a sane X-Request-Id through, and replaces any other", async () => {
    const given = await t.app.inject({ url: "/healthz", headers: { "x-request-id": "proxy-4f2a9c1e" } });
    expect(given.headers["x-request-id"]).toBe("proxy-4f2a9c1e");
    for (const bad of ["short", "a b c d e f g h", "x".repeat(65), "id/with/slashes"]) {
      const res = await t.app.inject({ url: "/healthz", headers: { "x-request-id": bad } });
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    const none = await t.app.inject({ url: "/healthz" });
    expect(none.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("operations endpoints without a metrics token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", {}, false);
  }, 120_000);
  afterAll(() => t?.close());

  it("has no /metrics at all", async () => {
    const res = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });
});
