import type { FastifyInstance } from "fastify";
import { toUserInfo } from "#core/account.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";
import { setUidCookie } from "#server/http/auth.ts";
import { sessionData } from "./init.service.ts";
import { config, getUserInfo } from "#core/contracts/init.ts";

const tags = ["Start-up"];

export async function initRoutes(site: FastifyInstance, { secureCookies }: { secureCookies: boolean }) {
  // SPEC §7. `?part=session` answers only the caller's part (token_status, refreshToken, userInfo): the call a
  // page makes after hydration, since pages carry no personal data (decision 063). A dead token's cookie is
  // cleared here, and a rotated token comes back in the Authorization header and the cookie (site.ts).
  apiRoute(
    site,
    config,
    {
      summary: "Start-up data: category tree, site config, session state, user",
      tags,
      description:
        "token_status is 0 when a token was sent and is no longer valid; refreshToken carries a rotated token. With part=session: only token_status, refreshToken and userInfo (and notifications_unread when logged in).",
    },
    async (req, reply, { part }, ctx) => {
      const auth = { customer: req.customer, tokenSent: req.tokenSent, rotatedToken: req.rotatedToken };
      // The unread notifications count travels with the personal part only (decision 082).
      const answer =
        part !== "session"
          ? await site.services.init.initData(req.lang, auth)
          : ctx.customer
            ? {
                ...sessionData(auth),
                notifications_unread: await site.services.notifications.unreadCount({ ...ctx, customer: ctx.customer }),
              }
            : sessionData(auth);
      // (a dead token's cookie was cleared with the caller: server/http/auth.ts resolveCaller)
      // The session call also stores the live token again, so that a cookie-consent change (useCookie) takes
      // effect at once: 10 years on accept, a browser-session cookie on refuse.
      if (part === "session" && req.customer && req.sessionToken && !req.rotatedToken)
        setUidCookie(req, reply, req.sessionToken, secureCookies);
      reply.header("Cache-Control", "private, no-store");
      return ok(req, answer);
    },
  );

  apiRoute(site, getUserInfo, { summary: "The logged-in customer", tags }, async (req, reply, _input, { customer }) => {
    reply.header("Cache-Control", "private, no-store");
    return ok(req, toUserInfo(customer));
  });
}
