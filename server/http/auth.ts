// Who is calling: bearer token or `uid` cookie -> live session -> customer; rotated tokens go back in a header and the cookie.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionCustomer, SessionService } from "#server/modules/accounts/sessions.service.ts";

export const UID_COOKIE = "uid";
export const CONSENT_COOKIE = "useCookie";
export const TEN_YEARS_S = 315_360_000;

export function tokenFrom(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h && h.startsWith("Bearer ")) return h.slice(7).trim() || undefined;
  return req.cookies[UID_COOKIE] || undefined;
}

/** Sets the uid cookie: 10 years only with cookie consent (useCookie=1), otherwise a browser-session cookie. */
export function setUidCookie(req: FastifyRequest, reply: FastifyReply, token: string, secure: boolean) {
  const consent = req.cookies[CONSENT_COOKIE] === "1";
  reply.setCookie(UID_COOKIE, token, {
    path: "/", httpOnly: true, sameSite: "lax", secure, ...(consent ? { maxAge: TEN_YEARS_S } : {}),
  });
}

export function clearUidCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(UID_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
}

export type Auth = { customer: SessionCustomer | null; tokenSent: boolean; token?: string; rotatedToken?: string; sessionId?: number };

export async function authenticate(req: FastifyRequest, sessions: SessionService): Promise<Auth> {
  const token = tokenFrom(req);
  if (!token) return { customer: null, tokenSent: false };
  const s = await sessions.resolve(token);
  if (!s) return { customer: null, tokenSent: true };
  return { customer: s.customer, tokenSent: true, token: s.rotatedToken ?? token, rotatedToken: s.rotatedToken, sessionId: s.sessionId };
}
