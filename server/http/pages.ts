// React Router pages inside Fastify: raw bodies pass through to actions, the caller and language go in
// the load context, and anonymous GETs are served from the render cache when possible.
import type { FastifyInstance, FastifyReply } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type { Env } from "#server/env.ts";
import { authenticate, setUidCookie } from "./auth.ts";
import { langFromPath, type PageContext } from "./page-context.ts";
import { createPageCache, type CachedPage } from "./page-cache.ts";
import { createLimiter } from "./limiter.ts";

/** Renders in progress at once (the others queue): enough to overlap a render's database waits. */
const RENDERS_AT_ONCE = 4;

export type PagesOptions = { env: Env; build: ServerBuild | (() => Promise<ServerBuild>); secureCookies: boolean };

function sendCached(reply: FastifyReply, page: CachedPage, state: "hit" | "miss") {
  reply.hijack();
  const headers: Record<string, string> = Object.fromEntries(page.headers);
  headers["content-length"] = String(page.body.length);
  headers["x-render-cache"] = state;
  // An empty reason phrase ("HTTP/1.1 200 ") is legal but unusual: let Node write the standard one.
  if (page.statusText) reply.raw.writeHead(page.status, page.statusText, headers);
  else reply.raw.writeHead(page.status, headers);
  reply.raw.end(page.body);
}

export async function pages(app: FastifyInstance, { env, build, secureCookies }: PagesOptions) {
  const handle = createRequestHandler(build, env.NODE_ENV === "development" ? "development" : "production");
  const cache = createPageCache();
  app.services.cache.onClear(cache.clear);
  const useCache = env.NODE_ENV !== "development";
  const renders = createLimiter(RENDERS_AT_ONCE);
  // Anonymous views of one URL arriving during its render wait for it rather than render it again (when a
  // popular page expires under load, every visitor would otherwise render it).
  const inflight = new Map<string, Promise<CachedPage | null>>();

  // Actions read the raw body themselves.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, _payload, done) => done(null));

  app.all("/*", async (req, reply) => {
    const auth = await authenticate(req, app.services.sessions);
    const key = useCache && req.method === "GET" && !auth.tokenSent && !env.MAINTENANCE ? req.url : null;
    const hit = key ? cache.get(key) : undefined;
    if (hit) return sendCached(reply, hit, "hit");
    const pending = key ? inflight.get(key) : undefined;
    const shared = pending ? await pending : null;
    if (shared) return sendCached(reply, shared, "hit");

    const context: PageContext = {
      services: app.services,
      lang: langFromPath(req.url),
      customer: auth.customer,
      tokenSent: auth.tokenSent,
      rotatedToken: auth.rotatedToken,
      maintenance: env.MAINTENANCE,
    };
    if (auth.rotatedToken) setUidCookie(req, reply, auth.rotatedToken, secureCookies);
    const job = renders.run(async () => {
      if (req.raw.destroyed) { // the visitor left while the page waited its turn: no render for nobody
        reply.hijack();
        return null;
      }
      const since = cache.generation();
      const response = await handle(createRequest(req.raw, reply.raw), context);
      const stored = key ? await cache.store(key, response, since) : null;
      if (stored) {
        sendCached(reply, stored, "miss");
        return stored;
      }
      for (const [k, v] of Object.entries(reply.getHeaders())) {
        if (k === "set-cookie") for (const c of [v].flat()) response.headers.append(k, String(c));
      }
      reply.hijack();
      await sendResponse(reply.raw, response); // the slot is held until the page is written out
      return null;
    });
    if (key && !inflight.has(key)) {
      const shared = job.catch(() => null);
      inflight.set(key, shared);
      void shared.then(() => inflight.delete(key));
    }
    await job;
  });
}
