// The server render (React Router's default for Node) with two additions: the render's CSP nonce from the
// load context (server/http/pages.ts, decision 084) goes to `ServerRouter`, which puts it on every script
// and preload link React Router writes, and to React's own inline scripts (streaming, Suspense); a personal
// page is rendered whole into one buffer (decision 098).
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
// Every catalogue for the server render; the browser loads only its page's texts (decision 089).
import "#core/i18n/messages.ts";
// The stylesheet's text, written inline into catalogue documents (app/lib/page-style.tsx, decision 089).
import css from "./app.css?inline";
import { InlineStyleContext } from "./lib/page-style.tsx";
import { LowPriorityPreloads, withLowPriorityPreloads } from "./lib/preload-priority.server.ts";
import { IslandContext, newIslandCache, type IslandCache } from "./lib/html-islands.tsx";
import { spliceIslands } from "./lib/html-islands.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.nonce;
  // A personal page is read whole by server/http/pages.ts (no deferred data, nothing to stream, decision 088),
  // its shell's common parts written from kept HTML (decision 102).
  const whole = Boolean(loadContext?.personal) && request.method.toUpperCase() === "GET";
  const islands = whole && loadContext.islands ? newIslandCache(loadContext.islands) : null;
  const app = (
    <InlineStyleContext.Provider value={css}>
      <IslandContext.Provider value={islands}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </IslandContext.Provider>
    </InlineStyleContext.Provider>
  );
  responseHeaders.set("Content-Type", "text/html");
  if (whole) return renderWhole(app, nonce, responseStatusCode, responseHeaders, islands);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new LowPriorityPreloads({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors inside the shell are logged by React Router; those after it only here.
        if (shellRendered) console.error(error);
      },
    });
  });
}

/** Renders to the end and answers one buffer: no web stream, transform or per-chunk write between React and
 * the socket. The status is the one known when the shell was ready, as for a streamed page. */
function renderWhole(app: React.ReactElement, nonce: string | undefined, status: number, headers: Headers, islands: IslandCache | null) {
  return new Promise<Response>((resolve, reject) => {
    let shellStatus: number | undefined;
    let failed = false;
    const chunks: Buffer[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const html = Buffer.concat(chunks);
        const body = withLowPriorityPreloads(islands ? spliceIslands(html, islands) : html);
        const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
        resolve(new Response(bytes, { headers, status: shellStatus ?? status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onShellReady() {
        shellStatus = failed ? 500 : status;
      },
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        // Errors inside the shell are logged by React Router; those after it only here.
        if (shellStatus === undefined) failed = true;
        else console.error(error);
      },
    });
  });
}

// React Router's server runtime from this bundle, for server/http/pages.ts: the same copy as the routes'
// (its production build, vite.config.ts; decision 101).
export { createRequestHandler, matchRoutes } from "react-router";
