// The /site JSON API scope: language, maintenance, body limits, rate limit, signature, caller, envelope errors.
import type { FastifyInstance } from "fastify";
import rateLimit from "@fastify/rate-limit";
import { isLang } from "#app/lib/messages.ts";
import type { Env } from "#server/env.ts";
import { errorHandler, sendError } from "./envelope.ts";
import { ApiError } from "./errors.ts";
import { checkSignature } from "./signature.ts";
import { authenticate, setUidCookie } from "./auth.ts";
import { initRoutes } from "#server/modules/init/init.routes.ts";
import { newsletterRoutes } from "#server/modules/newsletter/newsletter.routes.ts";
import { accountsRoutes } from "#server/modules/accounts/accounts.routes.ts";
import { customerRoutes } from "#server/modules/accounts/customer.routes.ts";
import { searchRoutes } from "#server/modules/search/search.routes.ts";
import { catalogueRoutes } from "#server/modules/catalogue/catalogue.routes.ts";

export const API_BODY_LIMIT = 64 * 1024;

export type SiteOptions = { env: Env; secureCookies: boolean };

export async function siteApi(site: FastifyInstance, { env, secureCookies }: SiteOptions) {
  site.setErrorHandler(errorHandler);
  site.addHook("onRoute", (route) => {
    route.bodyLimit ??= API_BODY_LIMIT;
  });

  site.addHook("onRequest", async (req, reply) => {
    const header = req.headers.applang;
    req.lang = "fr";
    if (env.MAINTENANCE) return sendError(req, reply, 503, "maintenance");
    if (header !== undefined && header !== "") {
      if (!isLang(header)) throw new ApiError(400, "unsupported_language");
      req.lang = header;
    }
  });

  await site.register(rateLimit, {
    max: env.RATE_LIMIT_MAX,
    timeWindow: 60_000,
    errorResponseBuilder: () => new ApiError(429, "rate_limited"),
  });

  site.addHook("preHandler", async (req, reply) => {
    if (req.routeOptions.url === "/site/*") return; // unknown path: a plain 404, signed or not
    const path = req.url.split("?")[0];
    const input = req.method === "GET" || req.method === "HEAD" ? req.query : req.body;
    if (env.SIGN_CHECK) checkSignature((input ?? {}) as { t?: unknown; at?: unknown }, path, env.SIGN_SECRET);
    const auth = await authenticate(req, site.services.sessions);
    req.customer = auth.customer;
    req.tokenSent = auth.tokenSent;
    req.sessionToken = auth.token;
    req.sessionId = auth.sessionId;
    if (auth.rotatedToken) {
      req.rotatedToken = auth.rotatedToken;
      reply.header("Authorization", `Bearer ${auth.rotatedToken}`);
      setUidCookie(req, reply, auth.rotatedToken, secureCookies);
    }
  });

  await site.register(initRoutes);
  await site.register(newsletterRoutes);
  await site.register(accountsRoutes, { secureCookies });
  await site.register(customerRoutes);
  await site.register(searchRoutes);
  await site.register(catalogueRoutes);

  // Unknown API paths answer JSON here instead of falling through to the page router's catch-all.
  site.all("/*", (req, reply) => sendError(req, reply, 404, "not_found"));
  site.setNotFoundHandler((req, reply) => sendError(req, reply, 404, "not_found"));
}
