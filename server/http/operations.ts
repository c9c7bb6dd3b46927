// What an operator and a proxy ask the process (docs/operations.md): `/healthz` (the process answers), `/readyz` (it
// can serve: database reachable, every migration of this build applied, its workers polling; 503 while it shuts
// down), and `/metrics` for Prometheus behind METRICS_TOKEN (off, and 404, without one). The request metrics cost a
// hook per request, so they are recorded only when metrics are on.
import { timingSafeEqual, createHash } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { sql } from "drizzle-orm";
import { migrationsShipped, query, type Database } from "#server/db/client.ts";

/** A worker the readiness check looks at. */
type Worker = { started: () => boolean };

type Options = { database: Database; workers: Record<string, Worker>; metricsToken?: string };

const NO_STORE = { "cache-control": "no-store" };

/** Whether `given` is the token, compared in constant time (hashes of equal length). */
function sameToken(given: string, token: string): boolean {
  const h = (v: string) => createHash("sha256").update(v).digest();
  return timingSafeEqual(h(given), h(token));
}

/** The readiness checks, each true or false: what `/readyz` answers and why it is not ready. */
async function readiness(database: Database, workers: Record<string, Worker>) {
  let db = false;
  let migrations = false;
  try {
    const [row] = await query<{ applied: number }>(database.db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    db = true;
    migrations = row.applied >= migrationsShipped();
  } catch {
    // unreachable: both stay false
  }
  const running = Object.fromEntries(Object.entries(workers).map(([name, w]) => [name, w.started()]));
  return { db, migrations, workers: running, ready: db && migrations && Object.values(running).every(Boolean) };
}

async function operations(app: FastifyInstance, opts: Options) {
  app.get("/healthz", (_req, reply) => reply.headers(NO_STORE).send({ status: "ok" }));

  app.get("/readyz", async (_req, reply) => {
    const r = await readiness(opts.database, opts.workers);
    return reply
      .code(r.ready ? 200 : 503)
      .headers(NO_STORE)
      .send({ status: r.ready ? "ready" : "not_ready", checks: { db: r.db, migrations: r.migrations, workers: r.workers } });
  });

  const token = opts.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route and status.",
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route and status.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // the route's pattern, never the path itself: an attacker's paths must not grow the label set
  app.addHook("onResponse", (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? "unmatched", status_code: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const { database } = opts;
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (absent on the embedded database).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const p = database.pool?.();
      if (!p) return;
      this.set({ state: "total" }, p.total);
      this.set({ state: "idle" }, p.idle);
      this.set({ state: "waiting" }, p.waiting);
    },
  });
  const counted = (name: string, help: string, labelName: string, statement: ReturnType<typeof sql>) =>
    new Gauge({
      name,
      help,
      labelNames: [labelName],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await query<{ label: string; n: number }>(database.db, statement)) this.set({ [labelName]: row.label }, row.n);
      },
    });
  counted(
    "outbox_messages",
    "E-mails of the outbox not sent: waiting (backlog) or given up.",
    "state",
    sql`select case when failed_at is null then 'waiting' else 'failed' end as label, count(*)::int as n
        from outbox_messages where sent_at is null group by 1`,
  );
  counted("jobs", "Back-office jobs by status.", "status", sql`select status as label, count(*)::int as n from jobs group by status`);
  counted(
    "payments_pending",
    "Card payments started and not settled, and refunds not yet made by the provider.",
    "kind",
    sql`select 'payment' as label, count(*)::int as n from payments where status = 'pending'
        union all select 'refund', count(*)::int from refunds where status = 'pending'`,
  );

  app.get("/metrics", async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!sameToken(given, token)) return reply.code(401).headers(NO_STORE).send({ status: "unauthorized" });
    return reply.headers({ ...NO_STORE, "content-type": registry.contentType }).send(await registry.metrics());
  });
}

/** Registered on the app itself (not in a scope of its own), so that the metrics' hook sees every request. */
export const operationsRoutes: FastifyPluginAsync<Options> = Object.assign(operations, { [Symbol.for("skip-override")]: true });
