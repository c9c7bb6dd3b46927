// The staff member behind a back-office request (DESIGN §9): their own cookie, never the customers' `uid`, and
// never a bearer token (the back office is pages only). `HttpOnly`, `SameSite=Strict` and `Secure` under https;
// a browser-session cookie (the session's own limits end it). A request that changes data must come from a page
// of this site: its `Origin` (or, without one, `Sec-Fetch-Site: same-origin`) is checked before anything runs.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { StaffSession } from "#server/modules/staff/staff-sessions.service.ts";

export const STAFF_COOKIE = "staff";

/** What a back-office page's loaders and actions know of their caller (the page context's `admin`). */
export type AdminCaller = {
  session: StaffSession | null;
  ip: string;
  userAgent: string;
  /** The Set-Cookie value that opens (`token`) or ends (null) the staff session on this browser. */
  cookie: (token: string | null) => string;
  /** Ends this browser's staff session. */
  logout: () => Promise<void>;
};

export async function resolveStaff(req: FastifyRequest, reply: FastifyReply, secure: boolean): Promise<AdminCaller> {
  const options = { path: "/", httpOnly: true, sameSite: "strict" as const, secure };
  const cookie = (token: string | null) =>
    token === null
      ? req.server.serializeCookie(STAFF_COOKIE, "", { ...options, expires: new Date(0), maxAge: 0 })
      : req.server.serializeCookie(STAFF_COOKIE, token, options);
  const token = req.cookies[STAFF_COOKIE];
  const { staffAuth, db } = req.server.services;
  const session = token ? await staffAuth.sessions.resolve(db, token) : null;
  // a dead session's cookie is cleared (pages hijack the reply: written on the raw response)
  if (token && !session) reply.raw.setHeader("Set-Cookie", cookie(null));
  const logout = async () => {
    if (token) await staffAuth.logout(db, token);
  };
  return { session, ip: req.ip, userAgent: String(req.headers["user-agent"] ?? "").slice(0, 200), cookie, logout };
}

/** True when a state-changing request comes from a page of this site (`publicUrl`, or the host it was sent to). */
export function sameOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return req.headers["sec-fetch-site"] === "same-origin";
  const own = [new URL(publicUrl).origin, `${req.protocol}://${req.host}`];
  return own.includes(origin);
}

/** `/admin` and `/zh/admin` and what lies under them (a client navigation's `.data` too). */
export const isAdminPath = (pathname: string) => /^(\/zh)?\/admin(\/|\.data$|$)/.test(pathname);
