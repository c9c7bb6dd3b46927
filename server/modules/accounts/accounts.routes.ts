import type { FastifyInstance } from "fastify";
import { loginSchema } from "#core/validation/identifier.ts";
import { registrationSchema } from "#core/validation/account.ts";
import { passwordWithConfirmSchema } from "#core/validation/password.ts";
import { emailSchema } from "#core/validation/common.ts";
import { z } from "zod";
import { ok, parse } from "#server/http/envelope.ts";
import { clearUidCookie, setUidCookie } from "#server/http/auth.ts";
import { toUserInfo } from "#server/modules/init/init.service.ts";

export async function accountsRoutes(site: FastifyInstance, { secureCookies }: { secureCookies: boolean }) {
  site.post("/user/login", async (req, reply) => {
    const { identifier, password } = parse(loginSchema, req.body);
    const { customer, token } = await site.services.accounts.login(identifier, password, req.ip);
    setUidCookie(req, reply, token, secureCookies);
    return ok(req, { token, userInfo: toUserInfo(customer) }, "account.logged_in");
  });

  site.post("/user/register", async (req, reply) => {
    const input = parse(registrationSchema, req.body);
    const { customer, token } = await site.services.accounts.register(input, req.lang);
    setUidCookie(req, reply, token, secureCookies);
    return ok(req, { token, userInfo: toUserInfo(customer) }, "account.logged_in");
  });

  // Recovery: the answer is the same whether the address has an account or not.
  site.post("/user/forgotPassword", async (req) => {
    const { email } = parse(z.object({ email: emailSchema }), req.body);
    await site.services.passwordReset.request(email, req.lang);
    return ok(req, null, "account.code_sent");
  });

  site.post("/user/resetPassword", async (req) => {
    const { email, code } = parse(z.object({ email: emailSchema, code: z.string("account.reset_code_incorrect").trim().regex(/^\d{6}$/, "account.reset_code_incorrect") }), req.body);
    const { password } = parse(passwordWithConfirmSchema, req.body);
    await site.services.passwordReset.resetWithCode(email, code, password);
    return ok(req, null, "account.reset_done");
  });

  site.post("/user/resetPasswordByToken", async (req) => {
    const { token } = parse(z.object({ token: z.string("account.reset_link_invalid").min(20, "account.reset_link_invalid").max(100, "account.reset_link_invalid") }), req.body);
    const { password } = parse(passwordWithConfirmSchema, req.body);
    await site.services.passwordReset.resetWithToken(token, password);
    return ok(req, null, "account.reset_done");
  });

  // SPEC §7: POST /site/user/logout. Revokes the server session whatever the client does next.
  site.post("/user/logout", async (req, reply) => {
    if (req.sessionToken) await site.services.accounts.logout(req.sessionToken);
    clearUidCookie(reply, secureCookies);
    return ok(req, null, "account.logged_out");
  });
}
