// The /site JSON API scope: language, maintenance, body limits, rate limit, signature, caller, envelope errors.
import { closedFor } from "./maintenance-gate.ts";
import type { FastifyInstance } from "fastify";
import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { batchedCounter, type SharedCounter } from "#server/infra/shared-counter.ts";
import { isLang } from "#core/i18n/messages.ts";
import type { Env } from "#server/env.ts";
import { errorHandler, sendError } from "./envelope.ts";
import { ApiError } from "./errors.ts";
import { checkSignature } from "./signature.ts";
import { resolveCaller } from "./auth.ts";
import { checkAnswer } from "./answer-check.ts";
import { declaredRoute, openApiDocument, type ApiRoute } from "./openapi.ts";
import { initRoutes } from "#server/modules/init/init.routes.ts";
import { newsletterRoutes } from "#server/modules/newsletter/newsletter.routes.ts";
import { accountsRoutes } from "#server/modules/accounts/accounts.routes.ts";
import { customerRoutes } from "#server/modules/accounts/customer.routes.ts";
import { searchRoutes } from "#server/modules/search/search.routes.ts";
import { catalogueRoutes } from "#server/modules/catalogue/catalogue.routes.ts";
import { checkoutRoutes } from "#server/modules/checkout/checkout.routes.ts";
import { cartRoutes } from "#server/modules/cart/cart.routes.ts";
import { orderPlacementRoutes } from "#server/modules/orders/order-placement.routes.ts";
import { ordersRoutes } from "#server/modules/orders/orders.routes.ts";
import { aftersalesRoutes } from "#server/modules/aftersales/aftersales.routes.ts";
import { quickOrderRoutes } from "#server/modules/quick-order/quick-order.routes.ts";
import { paymentRoutes } from "#server/modules/payments/payments.routes.ts";
import { documentsApiRoutes } from "#server/modules/documents/documents.routes.ts";
import { quotationsRoutes } from "#server/modules/quotations/quotations.routes.ts";
import { questionsRoutes } from "#server/modules/questions/questions.routes.ts";

const API_BODY_LIMIT = 64 * 1024;
/** The generated API reference (decision 069): public, unsigned. */
export const OPENAPI_PATH = "/site/openapi.json";
const API_VERSION = "1.0.0";

/** @fastify/rate-limit's store over the shared counter (PostgreSQL or Redis), batched: no write per request. */
function sharedStore(shared: SharedCounter): FastifyRateLimitStoreCtor {
  const counter = batchedCounter(shared);
  return class SharedStore {
    incr(key: string, done: (e: Error | null, r?: { current: number; ttl: number }) => void, timeWindow: number) {
      counter.hit(`api:${key}`, timeWindow).then(
        (r) => done(null, { current: r.hits, ttl: r.ttlMs }),
        (e: Error) => done(e),
      );
    }
    child() {
      return this;
    }
  };
}

type SiteOptions = { env: Env; secureCookies: boolean };

export async function siteApi(site: FastifyInstance, { env, secureCookies }: SiteOptions) {
  site.setErrorHandler(errorHandler);
  const declared: ApiRoute[] = [];
  site.addHook("onRoute", (route) => {
    route.bodyLimit ??= API_BODY_LIMIT;
    const api = declaredRoute(route);
    if (api) declared.push(api);
  });

  if (env.CHECK_ANSWERS ?? env.NODE_ENV === "test") site.addHook("onSend", checkAnswer);

  site.addHook("onRequest", async (req, reply) => {
    const header = req.headers.applang;
    req.lang = "fr";
    // the maintenance answer in the caller's language when it names one the shop speaks
    const closed = await closedFor(req, env);
    if (closed) {
      if (isLang(header)) req.lang = header;
      const message = req.lang === "zh" ? closed.message_zh : closed.message_fr;
      return message ? reply.code(503).send({ code: 503, data: null, info: message }) : sendError(req, reply, 503, "maintenance");
    }
    if (header !== undefined && header !== "") {
      if (!isLang(header)) throw new ApiError(400, "unsupported_language");
      req.lang = header;
    }
  });

  // Per client address (the socket's, or a trusted proxy's: TRUST_PROXY), counted in the shared store so
  // that every process spends one budget.
  await site.register(rateLimit, {
    max: env.RATE_LIMIT_MAX,
    timeWindow: 60_000,
    // (a bare API scope without services, as in openapi.test.ts, keeps the plugin's in-memory store)
    ...(site.services.limits ? { store: sharedStore(site.services.limits) } : {}),
    errorResponseBuilder: () => new ApiError(429, "rate_limited"),
  });

  site.addHook("preHandler", async (req, reply) => {
    if (req.routeOptions.url === "/site/*") return; // unknown path: a plain 404, signed or not
    if (req.routeOptions.url === OPENAPI_PATH) return; // the reference is public
    const path = req.url.split("?")[0];
    const input = req.method === "GET" || req.method === "HEAD" ? req.query : req.body;
    if (env.SIGN_CHECK) checkSignature((input ?? {}) as { t?: unknown; at?: unknown }, path, env.SIGN_SECRET);
    await resolveCaller(req, reply, secureCookies);
  });

  await site.register(initRoutes, { secureCookies });
  await site.register(newsletterRoutes);
  await site.register(accountsRoutes, { secureCookies });
  await site.register(customerRoutes);
  await site.register(searchRoutes);
  await site.register(catalogueRoutes);
  await site.register(checkoutRoutes);
  await site.register(cartRoutes);
  await site.register(orderPlacementRoutes);
  await site.register(ordersRoutes);
  await site.register(aftersalesRoutes);
  await site.register(quickOrderRoutes);
  await site.register(paymentRoutes);
  await site.register(documentsApiRoutes);
  await site.register(quotationsRoutes);
  await site.register(questionsRoutes);

  let document: ReturnType<typeof openApiDocument> | undefined;
  site.get("/openapi.json", async () => (document ??= openApiDocument(declared, { version: API_VERSION })));

  // Unknown API paths answer JSON here instead of falling through to the page router's catch-all.
  site.all("/*", (req, reply) => sendError(req, reply, 404, "not_found"));
  site.setNotFoundHandler((req, reply) => sendError(req, reply, 404, "not_found"));
}
