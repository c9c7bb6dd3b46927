import type { FastifyInstance } from "fastify";
import { ok } from "#server/http/envelope.ts";
import { unauthorized } from "#server/http/errors.ts";
import { toUserInfo } from "./init.service.ts";

export async function initRoutes(site: FastifyInstance) {
  site.get("/Index/config", async (req) =>
    ok(req, await site.services.init.initData(req.lang, { customer: req.customer, tokenSent: req.tokenSent, rotatedToken: req.rotatedToken })),
  );

  site.get("/Customer/getUserInfo", async (req) => {
    if (!req.customer) throw unauthorized();
    return ok(req, toUserInfo(req.customer));
  });
}
