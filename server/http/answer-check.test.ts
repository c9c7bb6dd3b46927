// The answer check of tests: an answer that breaks its contract in any way is a 500 written to console.error.
import { afterEach, describe, expect, it, vi } from "vitest";
import Fastify from "fastify";
import { z } from "zod";
import { answerProblem, checkAnswer } from "./answer-check.ts";
import { apiRoute } from "./openapi.ts";
import { ok } from "./envelope.ts";
import type { Services } from "#server/services.ts";
import "./types.ts";

const line = z.object({ id: z.number(), label: z.string().nullable(), note: z.string().optional() });
const answer = z.object({ list: z.array(line), total: z.number() });

describe("answerProblem", () => {
  it("accepts an answer that is exactly its schema, optional keys absent", () => {
    expect(answerProblem(answer, { list: [{ id: 1, label: null }], total: 1 })).toBeNull();
  });

  it("names a missing field, a wrong type and a field the contract does not declare", () => {
    expect(answerProblem(answer, { list: [{ id: 1 }], total: 1 })).toMatch(/list\[0\]\.label/);
    expect(answerProblem(answer, { list: [{ id: "1", label: null }], total: 1 })).toMatch(/list\[0\]\.id/);
    expect(answerProblem(answer, { list: [{ id: 1, label: null, price: "9.99" }], total: 1 })).toBe("not declared: data.list[0].price");
  });

  it("refuses a schema that rewrites the answer (a default)", () => {
    expect(answerProblem(z.object({ n: z.number().default(0) }), {})).toMatch(/changed the answer/);
  });
});

describe("checkAnswer", () => {
  afterEach(() => vi.restoreAllMocks());

  async function serve(data: unknown) {
    const app = Fastify();
    app.decorate("services", {} as Services);
    app.decorateRequest("lang", "fr");
    app.decorateRequest("customer", null);
    await app.register(
      async (site) => {
        site.addHook("onSend", checkAnswer);
        apiRoute(site, { method: "GET", path: "/site/x", output: answer }, { summary: "", tags: [] }, async (req) =>
          ok(req, data as never),
        );
      },
      { prefix: "/site" },
    );
    return app;
  }

  it("lets an answer that keeps its contract through untouched", async () => {
    const app = await serve({ list: [], total: 0 });
    const res = await app.inject({ method: "GET", url: "/site/x" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ list: [], total: 0 });
    await app.close();
  });

  it("turns an answer that breaks it into a 500 and says why on console.error", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = await serve({ list: [], total: 0, secret: "x" });
    const res = await app.inject({ method: "GET", url: "/site/x" });
    expect(res.statusCode).toBe(500);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("GET /site/x: the answer breaks its contract\nnot declared: data.secret"));
    await app.close();
  });
});
