// Browser defences on every response. Pages get a Content-Security-Policy that allows
// their inline scripts by a nonce drawn for each render (decision 084): React Router puts it on the scripts
// it writes (app/entry.server.tsx), so a `<script>` that reached the HTML any other way (an XSS through
// rendered HTML such as a content page) carries none and is blocked. A cached page keeps its render's nonce:
// every hit sends the very bytes that were rendered with it, and the nonce was unpredictable when the
// page's content was written. The trade-off is in docs/security.md.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Env } from "#server/env.ts";

/** Every response: no sniffing, no framing, a short referrer, HSTS under https only. */
function baseHeaders(https: boolean): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Non-HTML answers (API JSON, assets) run nothing: the strictest policy.
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** A fresh nonce: 128 random bits, base64 (CSP nonces must be unguessable and used for one render). */
export const newNonce = () => randomBytes(16).toString("base64");

/**
 * The policy of one HTML page, given its render's nonce. Images may come from any https origin (product pictures, the ad image),
 * forms may post to an https payment provider; scripts, styles, fonts and API calls stay on the shop.
 */
export function pageCsp(nonce: string, https: boolean): string {
  return [
    "default-src 'self'",
    // 'self' for the bundles (and their lazy chunks and Vite's modulepreload links), the nonce for the
    // scripts React Router inlines. No 'strict-dynamic': every script the pages load is the shop's own.
    `script-src 'self' 'nonce-${nonce}'`,
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
