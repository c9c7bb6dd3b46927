// Who is calling, resolved in one place for the API, the pages, the PDF downloads and the uploads: bearer token
// or `uid` cookie -> live session -> customer; a rotated token goes back in a header and the cookie.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionCustomer, SessionService } from "#server/modules/accounts/sessions.service.ts";
import type { Db } from "#server/db/client.ts";

const UID_COOKIE = "uid";
const CONSENT_COOKIE = "useCookie";
const TEN_YEARS_S = 315_360_000;

function tokenFrom(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h && h.startsWith("Bearer ")) return h.slice(7).trim() || undefined;
  return req.cookies[UID_COOKIE] || undefined;
}

/** The uid cookie: 10 years only with cookie consent (useCookie=1), otherwise a browser-session cookie. */
const uidOptions = (req: FastifyRequest, secure: boolean) => ({
  path: "/",
  httpOnly: true,
  sameSite: "lax" as const,
  secure,
  ...(req.cookies[CONSENT_COOKIE] === "1" ? { maxAge: TEN_YEARS_S } : {}),
});

// A route setting or clearing the uid (login, logout) replaces what resolveCaller wrote on the raw response:
// the answer carries one uid cookie, the route's.
export function setUidCookie(req: FastifyRequest, reply: FastifyReply, token: string, secure: boolean) {
  reply.raw.removeHeader("Set-Cookie");
  reply.setCookie(UID_COOKIE, token, uidOptions(req, secure));
}

export function clearUidCookie(reply: FastifyReply, secure: boolean) {
  reply.raw.removeHeader("Set-Cookie");
  reply.clearCookie(UID_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
}

/** The Set-Cookie value for a response written without Fastify's send (pages hijack the reply, so
 * `reply.setCookie`, written in an onSend hook, would be lost): the new token, or a clearing one. */
function uidSetCookie(req: FastifyRequest, token: string | null, secure: boolean): string {
  return token === null
    ? req.server.serializeCookie(UID_COOKIE, "", { path: "/", httpOnly: true, sameSite: "lax", secure, expires: new Date(0), maxAge: 0 })
    : req.server.serializeCookie(UID_COOKIE, token, uidOptions(req, secure));
}

export type Auth = { customer: SessionCustomer | null; tokenSent: boolean; token?: string; rotatedToken?: string; sessionId?: number };

async function authenticate(req: FastifyRequest, sessions: SessionService, db: Db): Promise<Auth> {
  const token = tokenFrom(req);
  if (!token) return { customer: null, tokenSent: false };
  const s = await sessions.resolve(db, token);
  if (!s) return { customer: null, tokenSent: true };
  return { customer: s.customer, tokenSent: true, token: s.rotatedToken ?? token, rotatedToken: s.rotatedToken, sessionId: s.sessionId };
}

/**
 * The caller of a request, set on `req` (customer, token, session): the session of its token resolved, and
 * rotated when due. The fresh token goes back as the `Authorization` header and the uid cookie; a dead token's
 * cookie is cleared (SPEC §4: token_status 0 logs out). Both are written on the raw response, so that they
 * survive a page's hijacked reply; a route that then sets the uid itself (a login) replaces that cookie.
 */
export async function resolveCaller(req: FastifyRequest, reply: FastifyReply, secure: boolean): Promise<Auth> {
  const { sessions, db } = req.server.services;
  const auth = await authenticate(req, sessions, db);
  req.customer = auth.customer;
  req.tokenSent = auth.tokenSent;
  req.sessionToken = auth.token;
  req.sessionId = auth.sessionId;
  req.rotatedToken = auth.rotatedToken;
  if (auth.rotatedToken) {
    reply.raw.setHeader("Authorization", `Bearer ${auth.rotatedToken}`);
    reply.raw.setHeader("Set-Cookie", uidSetCookie(req, auth.rotatedToken, secure));
  } else if (auth.tokenSent && !auth.customer) {
    reply.raw.setHeader("Set-Cookie", uidSetCookie(req, null, secure));
  }
  return auth;
}
