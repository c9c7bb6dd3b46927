import { describe, expect, it, vi } from "vitest";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorHandler } from "./envelope.ts";
import { ApiError } from "./errors.ts";

function fakeReply() {
  const r = { status: 0, body: undefined as unknown, code(c: number) { r.status = c; return r; }, send(b: unknown) { r.body = b; return r; } };
  return r;
}
const req = (lang: "fr" | "zh" = "fr") => ({ lang, log: { error: vi.fn() } }) as unknown as FastifyRequest;

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
    errorHandler(new ApiError(400, "carts_out_of_limit", { num: 99 }) as unknown as FastifyError, req("zh"), reply as unknown as FastifyReply);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 400, data: null, info: "购物车最多只能包含 99 种不同商品。" });
  });
});
