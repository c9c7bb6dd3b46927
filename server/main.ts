// Boot: configuration -> database (migrated, demo catalogue on first start) -> app -> listen.
import "./node-env.ts";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadEnv } from "./env.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { seedDemo } from "./db/seed/index.ts";
import { totpKey } from "./modules/staff/totp-secret.ts";
import { analyzeNew, createMaintenance, needsOwnMaintenance } from "./db/maintenance.ts";
import { buildApp } from "./app.ts";

/** How long a stop may take before the process exits anyway (within a container's usual 30 s grace). */
const SHUTDOWN_MS = 25_000;

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: join(env.DATA_DIR, "pg") });
  if (env.SEED === "demo") await seedDemo(database.db, { size: "full", totpKey: totpKey(env.STAFF_TOTP_KEY) });
  // Statistics before the first plan; the rest in turn while serving where no autovacuum does it (decision 100).
  await analyzeNew(database.db);
  const maintenance = (await needsOwnMaintenance(database)) ? createMaintenance(database.db) : null;

  let app;
  if (env.NODE_ENV === "development") {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    app = await buildApp({ env, database, vite });
  } else {
    const buildDir = resolve("build");
    const build = await import(pathToFileURL(join(buildDir, "server/index.js")).href);
    app = await buildApp({ env, database, build, clientDir: join(buildDir, "client") });
  }

  // Graceful stop (docs/operations.md): no new connection, the requests in flight answered (a new request on a kept
  // connection and /readyz get 503), workers stopped — a running job back to the queue, the e-mails being sent marked
  // — then the database closed. A stop that hangs past SHUTDOWN_MS exits anyway: the next process takes over what the
  // claims' leases still hold.
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "stopping: finishing the requests in flight");
    setTimeout(() => {
      app.log.error({ signal }, `not stopped after ${SHUTDOWN_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_MS).unref();
    await app.close();
    await maintenance?.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void close("SIGINT"));
  process.on("SIGTERM", () => void close("SIGTERM"));
  // Warm up before listening: the search index is rebuilt (it holds PGlite's only connection for about a
  // second), the read model loaded and the main pages rendered once (JIT), so that the first visitors
  // after a start do not wait seconds behind them (docs/performance.md).
  await app.services.search.ready();
  if (env.NODE_ENV === "production") {
    for (const url of ["/", "/zh", "/product/productlist", "/zh/product/productlist"]) await app.inject({ url });
  }
  await app.listen({ host: env.HOST, port: env.PORT });
  // Expiry of unpaid orders, sandbox redeliveries, refunds (decision 077): the serving process only, once its
  // webhook answers; apps built by tests drive them by hand (runOnce).
  app.services.paymentsWorker.start();
  maintenance?.start();
}

main().catch((e) => {
  console.error(e instanceof DataDirInUseError ? e.message : e); // an operator's mistake, not a crash
  process.exit(1);
});
