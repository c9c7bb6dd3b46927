// The server render (React Router's default for Node) with two additions: the render's CSP nonce from the
// load context (server/http/pages.ts, decision 084) goes to `ServerRouter`, which puts it on every script
// and preload link React Router writes, and to React's own inline scripts (streaming, Suspense); a personal
// page is rendered whole into one buffer, by the string renderer (decisions 098, 111).
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToString } from "react-dom/server";
// Every catalogue for the server render; the browser loads only its page's texts (decision 089).
import "#core/i18n/messages.ts";
// The stylesheet's text, written inline into catalogue documents (app/lib/page-style.tsx, decision 089).
import css from "./app.css?inline";
import { InlineStyleContext } from "./lib/page-style.tsx";
import { LowPriorityPreloads, withLowPriorityPreloads } from "./lib/preload-priority.server.ts";
import { IslandContext, newIslandCache, type IslandCache } from "./lib/html-islands.tsx";
import { spliceIslands } from "./lib/html-islands.server.ts";
import { ShellContext, type InlineShell } from "./lib/use-shell.tsx";

export const streamTimeout = 5_000;

/** What React Router reports while answering. A request it refuses (no such page, a form posted to a page without
 * an action: 4xx) is the visitor's doing, answered as such, and an aborted one is gone: neither is logged. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
};

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
        <ShellContext.Provider value={(loadContext?.inlineShell?.shell as InlineShell | undefined) ?? null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ShellContext.Provider>
      </IslandContext.Provider>
    </InlineStyleContext.Provider>
  );
  responseHeaders.set("Content-Type", "text/html");
  if (whole) return handOffRead(routerContext).then(() => renderWhole(app, loadContext, responseStatusCode, responseHeaders, islands));

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

/**
 * Reads the loader data's turbo-stream whole before a whole render (decision 110). React Router's
 * `<StreamTransfer>` reads it a chunk at a time, suspending on each read: every suspension put the rest of the
 * render in a later event-loop turn, behind the other connections' work, and a render that spans turns keeps its
 * state alive across young-generation collections, which then promote it (the account page's full collections
 * and p99). With every chunk in its cache (`renderMeta.streamCache`, keyed by the chunk's index, as
 * StreamTransfer keeps it) the render never suspends. A React Router that no longer looked at the cache would
 * find the stream read and write no data: server/http/personal-document.test.ts checks the data is written.
 */
async function handOffRead(context: EntryContext) {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta as { streamCache?: Record<number, unknown> } | undefined;
  if (!stream || !meta || meta.streamCache) return;
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  const bytes = Buffer.concat(parts);
  const chunk = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  meta.streamCache = { 0: chunk({ done: false, value: bytes.toString("utf8") }), 1: chunk({ done: true, value: "" }) };
  reader.releaseLock(); // StreamTransfer takes a reader of it, never read
}

/** Renders to the end into one buffer, synchronously (decision 111): with the loader data read ahead nothing
 * suspends, so React's string renderer writes the same bytes as its stream renderer, without its
 * AsyncLocalStorage (whose store is the render), sink and timer; young collections promote half as much.
 * When the load context has a `wholeBody` slot (server/http/pages.ts), the bytes go there and the answer
 * carries no body (a web body is wrapped in a stream, then read back). A Suspense boundary that failed or
 * suspended is left to the browser (`<!--$!-->`): the status is then 500, as a streamed page whose shell held
 * a failed boundary. An error outside any boundary throws (React Router's 500). */
export function renderWhole(
  app: React.ReactElement,
  context: AppLoadContext,
  status: number,
  headers: Headers,
  islands: IslandCache | null,
) {
  const html = Buffer.from(`<!DOCTYPE html>${renderToString(app)}`);
  const failed = html.includes(CLIENT_RENDERED_BOUNDARY);
  if (failed) console.error(`a Suspense boundary was left to the browser in a personal page (${context.lang})`);
  const body = withLowPriorityPreloads(islands ? spliceIslands(html, islands) : html);
  const init = { headers, status: failed ? 500 : status };
  if (context.wholeBody) {
    context.wholeBody.bytes = body;
    return new Response(null, init);
  }
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), init);
}
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

// React Router's server runtime from this bundle, for server/http/pages.ts: the same copy as the routes'
// (its production build, vite.config.ts; decision 101).
export { createRequestHandler, matchRoutes } from "react-router";
