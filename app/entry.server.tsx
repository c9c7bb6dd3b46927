// The server render (React Router's default for Node) with one addition: the render's CSP nonce from the
// load context (server/http/pages.ts, decision 084) goes to `ServerRouter`, which puts it on every script
// and preload link React Router writes, and to React's own inline scripts (streaming, Suspense).
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
import { LowPriorityPreloads } from "./lib/preload-priority.server.ts";

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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <InlineStyleContext.Provider value={css}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStyleContext.Provider>,
      {
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
          responseHeaders.set("Content-Type", "text/html");
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
      },
    );
  });
}
