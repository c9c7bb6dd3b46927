import type { FastifyInstance } from "fastify";
import { forgotPassword, login, logout, register, resetPassword, resetPasswordByToken } from "#core/contracts/accounts.ts";
import { toUserInfo } from "#core/account.ts";
import { ok } from "#server/http/envelope.ts";
import { clearUidCookie, setUidCookie } from "#server/http/auth.ts";
import { apiRoute } from "#server/http/openapi.ts";
import { DEVICE_COOKIE } from "./known-devices.service.ts";

const YEAR_S = 365 * 24 * 3600;

const tags = ["Account"];

export async function accountsRoutes(site: FastifyInstance, { secureCookies }: { secureCookies: boolean }) {
  apiRoute(
    site,
    login,
    { summary: "Log in with a client number, e-mail or phone and the password", tags },
    async (req, reply, { identifier, password }) => {
      const { customer, token, deviceToken } = await site.services.accounts.login(site.services.db, identifier, password, {
        ip: req.ip,
        device: req.cookies[DEVICE_COOKIE],
        userAgent: req.headers["user-agent"],
      });
      setUidCookie(req, reply, token, secureCookies);
      // The known-device token: sent back only to the login endpoint, never readable by scripts.
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        path: "/site/user/login",
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies,
        maxAge: YEAR_S,
      });
      return ok(req, { token, userInfo: toUserInfo(customer) }, "account.logged_in");
    },
  );

  apiRoute(site, register, { summary: "Create a customer account and log in", tags }, async (req, reply, input) => {
    const { customer, token } = await site.services.accounts.register(site.services.db, input, req.lang);
    setUidCookie(req, reply, token, secureCookies);
    return ok(req, { token, userInfo: toUserInfo(customer) }, "account.logged_in");
  });

  // Recovery: the answer is the same whether the address has an account or not.
  apiRoute(
    site,
    forgotPassword,
    { summary: "Send a reset code and link by e-mail", tags, description: "Answers the same whether the address has an account or not." },
    async (req, _reply, { email }) => {
      await site.services.passwordReset.request(site.services.db, email, req.lang, req.ip);
      return ok(req, null, "account.code_sent");
    },
  );

  apiRoute(
    site,
    resetPassword,
    { summary: "Set a new password with the e-mailed 6-digit code", tags },
    async (req, _reply, { email, code, password }) => {
      await site.services.passwordReset.resetWithCode(site.services.db, email, code, password);
      return ok(req, null, "account.reset_done");
    },
  );

  apiRoute(
    site,
    resetPasswordByToken,
    { summary: "Set a new password with the e-mailed link's token", tags },
    async (req, _reply, { token, password }) => {
      await site.services.passwordReset.resetWithToken(site.services.db, token, password);
      return ok(req, null, "account.reset_done");
    },
  );

  // SPEC §7: POST /site/user/logout. Revokes the server session whatever the client does next.
  apiRoute(site, logout, { summary: "Log out: revoke the session and clear the uid cookie", tags }, async (req, reply) => {
    if (req.sessionToken) await site.services.accounts.logout(site.services.db, req.sessionToken);
    clearUidCookie(reply, secureCookies);
    return ok(req, null, "account.logged_out");
  });
}
