// Browser defences on every response (issue 14, item 11). Pages get a Content-Security-Policy that allows
// their own inline scripts by SHA-256 hash: React Router inlines its context and module-loader scripts,
// and a hash is a property of the bytes, so a page from the render cache keeps a valid policy for every
// viewer (a per-request nonce would make identical pages differ). The trade-off is in docs/security.md.
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Env } from "#server/env.ts";

/** Every response: no sniffing, no framing, a short referrer, HSTS under https only. */
export function baseHeaders(https: boolean): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Non-HTML answers (API JSON, assets) run nothing: the strictest policy.
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** SHA-256 sources of the page's inline executable scripts (data blocks such as JSON-LD are not executed). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs) || !body) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    out.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...out];
}

/**
 * The policy of one HTML page. Images may come from any https origin (product pictures, the ad image),
 * forms may post to an https payment provider; scripts, styles, fonts and API calls stay on the shop.
 */
export function pageCsp(html: string, https: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * Sets the base headers on the raw response first thing: they survive hijacked replies (pages write the
 * raw response themselves) and Fastify's own answers alike; a page replaces the policy with its own.
 * A root hook, not a plugin: a plugin's hooks would stay in its own scope.
 */
export function securityHeaders(app: FastifyInstance, env: Env) {
  if (env.NODE_ENV === "development") return; // Vite's client needs inline scripts and websockets
  const headers = Object.entries(baseHeaders(env.PUBLIC_URL.startsWith("https:")));
  app.addHook("onRequest", async (_req, reply) => {
    for (const [k, v] of headers) reply.raw.setHeader(k, v);
  });
}
