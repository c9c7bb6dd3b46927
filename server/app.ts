// Builds the one Fastify process: /site JSON API, static assets, then every other path to React Router.
import Fastify, { LogController, type FastifyError, type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createServices } from "./services.ts";
import { createMailer } from "./mail.ts";
import { connectReadCache, createReadCache } from "./read-cache.ts";
import { siteApi } from "./http/site.ts";
import { attachmentRoutes } from "./modules/questions/attachments.routes.ts";
import { pages } from "./http/pages.ts";
import { documentFileRoutes } from "./http/pdf-download.ts";
import type { PageCache } from "./http/page-cache.ts";
import "./http/types.ts";
import { logSerializers } from "./http/log-serializers.ts";
import { securityHeaders } from "./http/headers.ts";
import { paymentWebhookRoutes } from "./modules/payments/webhook.routes.ts";
import { mediaRoutes } from "./http/media.ts";
import { operationsRoutes } from "./http/operations.ts";
import { requestId } from "./http/request-id.ts";
import { clientErrorHandler, frameworkErrors, rootErrorHandler, rootNotFound } from "./http/root-errors.ts";

type AppOptions = {
  env: Env;
  database: Database;
  /** Production: the built client directory and server build. Development: a Vite dev server. Neither: API only (tests). */
  clientDir?: string;
  build?: ServerBuild;
  vite?: ViteDevServer;
  logger?: boolean;
  /** The render cache (tests pass their own to inspect it). */
  pageCache?: PageCache;
};

export async function buildApp({ env, database, clientDir, build, vite, logger = true, pageCache }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && {
      level: env.LOG_LEVEL,
      serializers: logSerializers, // no query parameters, hashes or personal data in the logs
      ...(env.NODE_ENV === "development" ? { transport: { target: "pino-pretty" } } : {}),
    },
    // X-Forwarded-For only from the proxies named in TRUST_PROXY; none by default.
    trustProxy: env.TRUST_PROXY.length ? env.TRUST_PROXY : false,
    // One log line per request costs throughput; errors are still logged.
    logController: new LogController({ disableRequestLogging: env.NODE_ENV === "production" }),
    return503OnClosing: true,
    // the proxy's X-Request-Id when it is a sane one, else a new id: on every log line of the request and its answer
    requestIdHeader: false,
    genReqId: requestId,
    // Errors before routing and from Node's parser answer the envelope or the error page.
    frameworkErrors: (e, req, reply) => frameworkErrors(e, req, reply),
    clientErrorHandler: (e, socket) => clientErrorHandler(e as Error & { code?: string }, socket),
  });
  app.setErrorHandler((e, req, reply) => rootErrorHandler(e as FastifyError, req, reply));
  app.setNotFoundHandler((req, reply) => rootNotFound(req, reply));
  securityHeaders(app, env);
  const cache = createReadCache();
  const mailer = createMailer(env, (m) => app.log.info(m));
  const services = createServices(database, env, cache, mailer, { log: app.log }, { log: app.log });
  await connectReadCache(cache, database, services.sessions.forgetAll, services.notifications.forgetUnread, services.cart.forgetAnswers);
  app.decorate("services", services);
  // The e-mail outbox worker lives and dies with the app (before the database closes).
  services.outbox.start();
  services.deliveryWorker.start();
  services.jobWorker.start();
  app.addHook("onClose", async () => {
    await services.jobWorker.stop();
    await services.paymentsWorker.stop(); // started by main.ts once listening (decision 077)
    await services.outbox.stop();
    mailer.close?.(); // its pooled SMTP connections, once the worker has sent what it was sending
    await services.deliveryWorker.stop();
    await services.limits.close();
  });
  // on the raw answer: a page sent by hand (pages.ts) keeps it too
  app.addHook("onRequest", (req, reply, done) => {
    reply.raw.setHeader("x-request-id", req.id);
    done();
  });
  // health, readiness and metrics: before the pages, which answer every other path
  await app.register(operationsRoutes, {
    database,
    workers: {
      outbox: services.outbox,
      deliveries: services.deliveryWorker,
      jobs: services.jobWorker,
      payments: services.paymentsWorker,
    },
    metricsToken: env.METRICS_TOKEN,
  });
  app.decorateRequest("lang", "fr");
  app.decorateRequest("customer", null);
  app.decorateRequest("tokenSent", false);
  await app.register(cookie);

  const secureCookies = env.PUBLIC_URL.startsWith("https:");
  await app.register(siteApi, { prefix: "/site", env, secureCookies });
  // Provider webhooks (raw body) and the sandbox's hosted card page, outside the signed API (decision 077).
  await app.register(paymentWebhookRoutes);
  // PDF downloads (invoices, credit notes, quotations), owner only, outside the signed /site scope (decision 130).
  await app.register(documentFileRoutes, { secureCookies });
  // uploads: their own scope and size limit, outside the JSON /site scope (DESIGN §3; decision 083)
  await app.register(attachmentRoutes, { prefix: "/common", env, secureCookies });
  // products' uploaded images, outside the pages (no page cache, no session)
  await app.register(mediaRoutes);

  if (vite) {
    const middie = (await import("@fastify/middie")).default;
    await app.register(middie);
    app.use(vite.middlewares);
    const load = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    await app.register(pages, { env, build: load, secureCookies });
  } else if (clientDir && build) {
    await app.register(async (scope) => {
      await scope.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        // .br/.gz siblings written at build time (scripts/precompress.mjs), chosen by Accept-Encoding, with
        // Vary: Accept-Encoding (decision 064): no compression work per request.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, path) => {
          res.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
        },
      });
      // A missing hashed asset is a 404, not a page render.
      scope.get("/assets/*", (_req, reply) => reply.code(404).type("text/plain").send("Not found"));
      await scope.register(pages, { env, build, secureCookies, cache: pageCache });
    });
  }
  return app;
}
