// React Router pages inside Fastify: raw bodies pass through to actions, the caller and language go in
// the load context. Catalogue pages are rendered without the caller, so every visitor, logged in or not,
// gets the same bytes from the render cache; personal pages (route `handle.personal`) are rendered for
// their customer and never cached (decision 063).
import { closedFor } from "./maintenance-gate.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild, createRequestHandler } from "react-router";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type { Env } from "#server/env.ts";
import { langOfPath } from "#core/slug.ts";
import { resolveCaller, type Auth } from "./auth.ts";
import { isAdminPath, resolveStaff, sameOrigin } from "./staff-auth.ts";
import { translate } from "#core/i18n/messages.ts";
import type { PageContext } from "./page-context.ts";
import { createPageCache, type CachedPage, type PageCache } from "./page-cache.ts";
import { createLimiter } from "./limiter.ts";
import { pickEncoding } from "./encoding.ts";
import { buildWithRoutes, pagePath, personalMatcher } from "./personal-routes.ts";
import { routerRuntime } from "./router-runtime.ts";
import { newNonce, pageCsp } from "./headers.ts";

/** Renders in progress at once (the others queue): enough to overlap a render's database waits. */
const RENDERS_AT_ONCE = 4;

type PagesOptions = {
  env: Env;
  build: ServerBuild | (() => Promise<ServerBuild>);
  secureCookies: boolean;
  /** The render cache (tests pass their own to inspect it). */
  cache?: PageCache;
};

const isHtml = (type: string | null | undefined) => Boolean(type?.includes("text/html"));

// A cached page carries the policy of its render (its nonce) in its stored headers (decision 084).
function sendCached(req: FastifyRequest, reply: FastifyReply, page: CachedPage, state: "hit" | "miss") {
  reply.hijack();
  const headers: Record<string, string> = Object.fromEntries(page.headers);
  const encoding = page.br && page.gzip ? pickEncoding(req.headers["accept-encoding"]) : "identity";
  const body = encoding === "br" ? page.br! : encoding === "gzip" ? page.gzip! : page.body;
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  headers["x-render-cache"] = state;
  // An empty reason phrase ("HTTP/1.1 200 ") is legal but unusual: let Node write the standard one.
  if (page.statusText) reply.raw.writeHead(page.status, page.statusText, headers);
  else reply.raw.writeHead(page.status, headers);
  reply.raw.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The web request of a personal page's document: without the abort signal `createRequest` gives it. A request
 * made with a signal follows it through a WeakRef and a FinalizationRegistry entry, which V8 clears only in full
 * collections: the young-generation collections kept the request, its signals and their listeners' closures
 * alive, and promoted them (decision 110). A whole render takes milliseconds and starts only for a connected
 * client (the queue checks), so nothing is lost without the abort.
 */
function wholeDocumentRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.raw.headers))
    if (v != null && !k.startsWith(":")) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  const protocol = "encrypted" in req.raw.socket && req.raw.socket.encrypted ? "https:" : "http:";
  return new Request(`${protocol}//${headers.get("host") ?? "localhost"}${req.raw.url}`, { method: req.raw.method, headers });
}

/** Writes a response's head and its whole body, with its length; does not wait for the client to read it. */
function sendWhole(reply: FastifyReply, response: Response, body: Buffer) {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of response.headers) {
    const had = headers[k];
    headers[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v]; // several Set-Cookie
  }
  headers["content-length"] = String(body.length);
  if (response.statusText) reply.raw.writeHead(response.status, response.statusText, headers);
  else reply.raw.writeHead(response.status, headers);
  reply.raw.end(body);
}

export async function pages(app: FastifyInstance, { env, build, secureCookies, cache = createPageCache() }: PagesOptions) {
  const mode = env.NODE_ENV === "development" ? "development" : "production";
  type Handler = ReturnType<typeof createRequestHandler>;
  const handlerOf = (b: ServerBuild): Handler => routerRuntime(b).createRequestHandler(b, mode);
  // Development reloads the build: a handler of the current build for each request.
  const handle: Handler =
    typeof build === "function" ? async (request, context) => handlerOf(await build())(request, context) : handlerOf(build);
  app.services.cache.onClear(cache.clear);
  app.services.cache.onStock((change) => cache.dropTagged(app.services.products.pageTags(change)));
  const useCache = env.NODE_ENV !== "development";
  const renders = createLimiter(RENDERS_AT_ONCE);
  // The shell's common parts of personal pages, kept as HTML (decision 102). Not in development: the build
  // reloads, and a component's change would not show in kept HTML.
  const keptIslands = env.NODE_ENV !== "development" ? new Map<string, Buffer>() : undefined;
  const https = env.PUBLIC_URL.startsWith("https:");
  const csp = env.NODE_ENV !== "development";
  // Views of one URL arriving during its render wait for it rather than render it again (when a popular
  // page expires under load, every visitor would otherwise render it).
  const inflight = new Map<string, Promise<CachedPage | null>>();
  let matcher: { build: ServerBuild; personal: ReturnType<typeof personalMatcher> } | null = null;
  async function isPersonal(pathname: string) {
    const b = typeof build === "function" ? await build() : build; // development reloads the build
    if (matcher?.build !== b) matcher = { build: b, personal: personalMatcher(b) };
    return matcher.personal(pathname);
  }
  // A personal page's document is rendered by a handler over the few routes its path can use (decision 098):
  // one handler per set of routes, made at its first use. Data requests, actions and catalogue pages use the
  // handler over every route. Not in development (the build reloads).
  const documentHandlers = new Map<string, Handler>();
  const handlerOfPath = new Map<string, Handler>(); // bounded as the personal memo
  function personalDocumentHandler(pathname: string) {
    if (typeof build === "function" || !matcher || pathname.endsWith(".data")) return handle;
    let h = handlerOfPath.get(pathname);
    if (h) return h;
    const ids = matcher.personal.documentRoutes(pathname);
    const key = ids.join(" ");
    h = documentHandlers.get(key);
    if (!h) documentHandlers.set(key, (h = handlerOf(buildWithRoutes(build, ids))));
    if (handlerOfPath.size >= 10_000) handlerOfPath.clear();
    handlerOfPath.set(pathname, h);
    return h;
  }

  // Actions read the raw body themselves.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, _payload, done) => done(null));

  app.all("/*", async (req, reply) => {
    const pathname = req.url.split("?")[0];
    // The back office: its own caller (staff-auth.ts), never cached, and only actions sent from this site's pages.
    const admin = isAdminPath(pathname);
    if (admin && req.method !== "GET" && req.method !== "HEAD" && !sameOrigin(req, env.PUBLIC_URL)) {
      reply.code(403).header("cache-control", "no-store").type("text/plain; charset=utf-8");
      return reply.send(translate(langOfPath(pagePath(pathname)), "admin.permission_denied"));
    }
    const personal = admin || (await isPersonal(pathname));
    // While the shop is closed nothing is cached nor served from the cache: customers get the maintenance page,
    // staff the shop (the back office is never closed by the owner's switch).
    const closing = env.MAINTENANCE || (await app.services.config.maintenance()) !== null;
    const closed = admin ? (env.MAINTENANCE ? { message_fr: "", message_zh: "" } : null) : closing ? await closedFor(req, env) : null;
    const key = useCache && !personal && req.method === "GET" && !closing ? req.url : null;
    const hit = key ? cache.get(key) : undefined;
    if (hit) return sendCached(req, reply, hit, "hit");
    const pending = key ? inflight.get(key) : undefined;
    const shared = pending ? await pending : null;
    if (shared) return sendCached(req, reply, shared, "hit");

    // Only a personal page looks at the session (and may rotate its token): a catalogue page never sees
    // who asks, so it cannot show it, and carries no Set-Cookie that would keep it out of the cache.
    // An action (POST…) is never cached: it may know its caller wherever it is.
    // A back-office page knows its staff member only: a customer's session means nothing there.
    const withCaller = !admin && (personal || (req.method !== "GET" && req.method !== "HEAD"));
    const auth: Auth = withCaller ? await resolveCaller(req, reply, secureCookies) : { customer: null, tokenSent: false };
    const context: PageContext = {
      services: app.services,
      // a client navigation to /zh fetches /zh.data: the language is the one of the page it loads
      lang: langOfPath(pagePath(pathname)),
      customer: auth.customer,
      personal,
      admin: admin ? await resolveStaff(req, reply, secureCookies) : undefined,
      tokenSent: auth.tokenSent,
      rotatedToken: auth.rotatedToken,
      maintenance: closed !== null,
      maintenanceMessage: closed ? (langOfPath(pagePath(pathname)) === "zh" ? closed.message_zh : closed.message_fr) || null : null,
      tags: new Set(),
      // React Router writes it on its inline scripts (app/entry.server.tsx); the policy allows only it.
      nonce: csp ? newNonce() : undefined,
      islands: personal ? keptIslands : undefined,
      inlineShell: personal && req.method === "GET" && !pathname.endsWith(".data") ? {} : undefined,
      wholeBody: personal && req.method === "GET" ? {} : undefined,
    };
    const job = renders.run(async () => {
      if (req.raw.destroyed) {
        // the visitor left while the page waited its turn: no render for nobody
        reply.hijack();
        return null;
      }
      const since = cache.generation();
      const handler = personal && req.method === "GET" ? personalDocumentHandler(pathname) : handle;
      const request = context.wholeBody ? wholeDocumentRequest(req) : createRequest(req.raw, reply.raw);
      const response = await handler(request, context);
      if (isFormPostWithoutAction(req.method, req.url, response.status)) {
        // A form sent before the page was hydrated (its fields in a POST body, never in the URL): no page
        // takes forms without script, so the buyer gets the page back, now with its script, to send again.
        reply.code(303).header("location", req.url).header("cache-control", "no-store").send();
        return null;
      }
      if (context.nonce && isHtml(response.headers.get("content-type"))) {
        response.headers.set("content-security-policy", pageCsp(context.nonce, https));
      }
      const stored = key ? await cache.store(key, response, since, context.tags) : null;
      if (stored) {
        sendCached(req, reply, stored, "miss");
        return stored;
      }
      if (personal) response.headers.set("cache-control", "private, no-store");
      reply.hijack();
      try {
        // A personal page has nothing to stream (no deferred data: the whole page is React's shell): it is
        // read whole and written in one go, so the slot is free once rendered rather than once the client has
        // read it, and the page leaves in one write instead of one per React chunk (decision 088).
        const whole = context.wholeBody?.bytes;
        if (whole) sendWhole(reply, response, whole);
        else if (personal && response.body && req.method === "GET") sendWhole(reply, response, Buffer.from(await response.arrayBuffer()));
        else await sendResponse(reply.raw, response); // the slot is held until the page is written out
      } catch (err) {
        // A header Node refuses (ERR_INVALID_CHAR) after the hijack: answer or close, never leave the socket hanging.
        req.log.error({ err }, "page response failed");
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Erreur interne");
        else reply.raw.destroy();
      }
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

/** React Router answers 405 to a document POST on a route without an action (a `.data` fetch is the client's). */
const isFormPostWithoutAction = (method: string, url: string, status: number) =>
  method === "POST" && status === 405 && !url.split("?")[0].endsWith(".data");
