// The personal page's whole render (decision 111): React's string renderer, its doctype, and a Suspense
// boundary left to the browser answered as a failure rather than a page with a hole.
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppLoadContext } from "react-router";
import { renderWhole } from "./entry.server.tsx";

const context = (slot: boolean) => ({ lang: "fr", nonce: "n", ...(slot ? { wholeBody: {} } : {}) }) as unknown as AppLoadContext;
const page = (body: React.ReactNode) => (
  <html lang="fr">
    <head>
      <title>Mon compte — Comptoir</title>
    </head>
    <body>{body}</body>
  </html>
);
function Broken(): React.ReactNode {
  throw new Error("loader data missing");
}

afterEach(() => vi.restoreAllMocks());

describe("renderWhole", () => {
  it("writes the document with its doctype into the load context's slot, the answer without a body", () => {
    const ctx = context(true);
    const res = renderWhole(page(<p>Bonjour, 12,50 € HT</p>), ctx, 200, new Headers({ "content-type": "text/html" }), null);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    const html = (ctx.wholeBody as { bytes: Buffer }).bytes.toString("utf8");
    expect(html.startsWith('<!DOCTYPE html><html lang="fr">')).toBe(true);
    expect(html).toContain("<p>Bonjour, 12,50 € HT</p>");
  });

  it("answers the bytes as the body without a slot", async () => {
    const res = renderWhole(page(<p>你好</p>), context(false), 404, new Headers(), null);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("<p>你好</p>");
  });

  it("answers 500 when a Suspense boundary could not render on the server", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const ctx = context(true);
    const res = renderWhole(
      page(
        <Suspense fallback={<p>…</p>}>
          <Broken />
        </Suspense>,
      ),
      ctx,
      200,
      new Headers(),
      null,
    );
    expect(res.status).toBe(500);
    expect((ctx.wholeBody as { bytes: Buffer }).bytes.toString()).toContain("<!--$!-->");
    expect(logged).toHaveBeenCalledOnce();
  });

  it("throws when the page fails outside every boundary (React Router answers its error page)", () => {
    expect(() => renderWhole(page(<Broken />), context(true), 200, new Headers(), null)).toThrow("loader data missing");
  });
});
