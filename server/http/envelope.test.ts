import { describe, expect, it, vi } from "vitest";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { Lang } from "#core/lang.ts";
import { errorHandler } from "./envelope.ts";
import { ApiError } from "./errors.ts";
import { conflict, notFound, rateLimited, refused, unauthenticated } from "#core/domain-errors.ts";

function fakeReply() {
  const r = {
    status: 0,
    body: undefined as unknown,
    code(c: number) {
      r.status = c;
      return r;
    },
    send(b: unknown) {
      r.body = b;
      return r;
    },
  };
  return r;
}
const req = (lang: Lang = "fr") => ({ lang, log: { error: vi.fn() } }) as unknown as FastifyRequest;

describe("errorHandler", () => {
  it("hides unexpected errors behind a translated 500", () => {
    const reply = fakeReply();
    const r = req();
    errorHandler(new Error("password=hunter2 at /srv/db.ts:12") as FastifyError, r, reply as unknown as FastifyReply);
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ code: 500, data: null, info: "Erreur du serveur, veuillez réessayer plus tard." });
    expect(JSON.stringify(reply.body)).not.toMatch(/hunter2|db\.ts/);
    expect(r.log.error).toHaveBeenCalled();
  });
  it("translates business errors with variables", () => {
    const reply = fakeReply();
    errorHandler(
      new ApiError(400, "carts_out_of_limit", { num: 99 }) as unknown as FastifyError,
      req("zh"),
      reply as unknown as FastifyReply,
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 400, data: null, info: "购物车最多只能包含 99 种不同商品。" });
  });

  it("maps domain errors to envelope codes with the message translated in fr and zh", () => {
    const cases = [
      [refused("account.login_failed"), 400],
      [conflict("account.already_registered"), 400],
      [notFound("catalogue.api_product_not_found"), 404],
      [unauthenticated(), 401],
      [rateLimited("account.too_many_attempts", { count: 3 }), 429],
    ] as const;
    for (const [error, code] of cases) {
      const reply = fakeReply();
      errorHandler(error as unknown as FastifyError, req(), reply as unknown as FastifyReply);
      expect(reply.status, error.kind).toBe(code);
      expect((reply.body as { code: number }).code).toBe(code);
    }
    const fr = fakeReply();
    errorHandler(
      rateLimited("account.too_many_attempts", { count: 3 }) as unknown as FastifyError,
      req("fr"),
      fr as unknown as FastifyReply,
    );
    expect(fr.body).toEqual({ code: 429, data: null, info: "Trop de tentatives de connexion. Veuillez réessayer dans 3 minutes." });
    const one = fakeReply();
    errorHandler(
      rateLimited("account.too_many_attempts", { count: 1 }) as unknown as FastifyError,
      req("fr"),
      one as unknown as FastifyReply,
    );
    expect(one.body).toEqual({ code: 429, data: null, info: "Trop de tentatives de connexion. Veuillez réessayer dans 1 minute." });
    const zh = fakeReply();
    errorHandler(conflict("account.already_registered") as unknown as FastifyError, req("zh"), zh as unknown as FastifyReply);
    expect(zh.body).toEqual({ code: 400, data: null, info: "该电子邮箱或电话号码已注册。请直接登录或使用“忘记密码”。" });
    const nf = fakeReply();
    errorHandler(notFound("catalogue.api_product_not_found") as unknown as FastifyError, req("zh"), nf as unknown as FastifyReply);
    expect(nf.body).toEqual({ code: 404, data: null, info: "未找到该商品。" });
  });
});
