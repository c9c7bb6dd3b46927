// The generated API reference (decision 069): every /site route is in it, with the schema it validates with.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import cookie from "@fastify/cookie";
import { z } from "zod";
import { loadEnv } from "#server/env.ts";
import { get, post, TEST_SECRET } from "#server/test/app.ts";
import { translate } from "#core/i18n/messages.ts";
import { resetWithCodeSchema } from "#core/validation/password-reset.ts";
import { addressBodySchema } from "#core/validation/address.ts";
import { searchRequestSchema } from "#core/validation/search.ts";
import { listParamsSchema } from "#core/validation/catalogue.ts";
import type { SessionCustomer } from "#server/modules/accounts/sessions.service.ts";
import type { Services } from "#server/services.ts";
import { apiRoute } from "./openapi.ts";
import { allContracts } from "#core/contracts/all.ts";
import { ok } from "./envelope.ts";
import { OPENAPI_PATH, siteApi } from "./site.ts";
import "./types.ts";

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<
      string,
      {
        summary: string;
        tags: string[];
        security: unknown[];
        parameters: ({ $ref: string } | { name: string; in: string; required: boolean; schema: unknown })[];
        requestBody?: { content: { "application/json": { schema: { allOf: [{ $ref: string }, Record<string, unknown>] } } } };
        responses: Record<string, unknown>;
      }
    >
  >;
  components: {
    schemas: Record<string, unknown>;
    parameters: Record<string, { name: string; in: string }>;
    securitySchemes: Record<string, unknown>;
  };
};

const asJson = (schema: z.ZodType, io: "input" | "output" = "input") => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
};
const answerJson = (schema: z.ZodType) => asJson(schema, "output");

describe("OpenAPI document", () => {
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  let doc: Doc;

  beforeAll(async () => {
    // The /site scope alone, with no database: declarations and validation need none.
    app = Fastify();
    app.addHook("onRoute", (r) => void routes.push(r));
    app.decorate("services", {} as Services);
    app.decorateRequest("lang", "fr");
    app.decorateRequest("customer", null);
    app.decorateRequest("tokenSent", false);
    await app.register(cookie);
    await app.register(siteApi, {
      prefix: "/site",
      env: loadEnv({ NODE_ENV: "test", SIGN_SECRET: TEST_SECRET, LOG_LEVEL: "silent" }),
      secureCookies: false,
    });
    await app.ready();
    const res = await app.inject({ method: "GET", url: OPENAPI_PATH }); // unsigned: the reference is public
    expect(res.statusCode).toBe(200);
    doc = res.json() as Doc;
  });
  afterAll(() => app.close());

  const api = (url: string) => routes.find((r) => r.url === url && r.method !== "HEAD")!.config!.api!;

  it("is an OpenAPI 3.1 document with the envelope, the signature and the headers", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(15);
    const operations = Object.values(doc.paths).flatMap((ops) => Object.keys(ops));
    expect(operations.every((m) => m === "get" || m === "post")).toBe(true);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["Envelope", "ErrorEnvelope", "Signature"]));
    expect(doc.components.schemas.Envelope).toMatchObject({ required: ["code", "data", "info"] });
    expect(doc.components.parameters.Applang).toMatchObject({ name: "Applang", in: "header" });
    expect(doc.components.parameters.t).toMatchObject({ name: "t", in: "query" });
    expect(doc.components.parameters.at).toMatchObject({ name: "at", in: "query" });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/site\//);
      for (const op of Object.values(ops)) {
        expect(op.summary, path).toBeTruthy();
        expect(op.responses).toHaveProperty("200");
        expect(op.parameters).toContainEqual({ $ref: "#/components/parameters/Applang" });
      }
    }
    // Every $ref points inside the document.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const r of new Set(refs)) {
      const [, kind, name] = /#\/components\/(\w+)\/(\w+)/.exec(r)!;
      expect((doc.components as Record<string, Record<string, unknown>>)[kind][name], r).toBeDefined();
    }
  });

  it("lists every /site route with the schema it validates with", () => {
    const site = routes.filter((r) => r.url.startsWith("/site/") && r.url !== "/site/*" && r.url !== OPENAPI_PATH && r.method !== "HEAD");
    expect(site.length).toBeGreaterThan(15);
    for (const r of site) {
      const method = String(r.method).toLowerCase();
      const op = doc.paths[r.url]?.[method];
      expect(op, `${r.method} ${r.url} is not in the document`).toBeDefined();
      const spec = r.config?.api;
      expect(spec, `${r.method} ${r.url} is not declared with apiRoute`).toBeDefined();
      if (method === "get") {
        expect(op.parameters).toEqual(
          expect.arrayContaining([{ $ref: "#/components/parameters/t" }, { $ref: "#/components/parameters/at" }]),
        );
        const props = spec!.input ? Object.keys((asJson(spec!.input).properties ?? {}) as object) : [];
        expect(op.parameters.filter((p) => "in" in p && p.in === "query").map((p) => (p as { name: string }).name)).toEqual(props);
      } else {
        const [signature, body] = op.requestBody!.content["application/json"].schema.allOf;
        expect(signature).toEqual({ $ref: "#/components/schemas/Signature" });
        expect(body).toEqual(spec!.input ? asJson(spec!.input) : { type: "object" });
      }
      expect("401" in op.responses, `${r.url} 401`).toBe(spec!.auth === true);
    }
  });

  it("serves each contract of core/contracts once, and documents its answer with the contract's schema", () => {
    const served = routes.filter((r) => r.url.startsWith("/site/") && r.method !== "HEAD" && r.config?.api).map((r) => r.config!.api!);
    const names = (list: { method: string; path: string }[]) => list.map((c) => `${c.method} ${c.path}`).sort();
    expect(new Set(names(allContracts)).size).toBe(allContracts.length);
    expect(names(served)).toEqual(names(allContracts));
    for (const c of allContracts) {
      expect(api(c.path).output).toBe(c.output);
      const ok = doc.paths[c.path][c.method.toLowerCase()].responses["200"];
      expect(ok, c.path).toEqual({
        description: "Success.",
        content: {
          "application/json": {
            schema: { allOf: [{ $ref: "#/components/schemas/Envelope" }, { type: "object", properties: { data: answerJson(c.output) } }] },
          },
        },
      });
    }
  });

  it("documents the very schema objects the routes validate with", () => {
    expect(api("/site/user/resetPassword").input).toBe(resetWithCodeSchema);
    expect(api("/site/Customer/saveAddress").input).toBe(addressBodySchema);
    expect(api("/site/Product/search").input).toBe(searchRequestSchema);
    expect(api("/site/Product/index").input).toBe(listParamsSchema);
    const body = doc.paths["/site/user/resetPassword"].post.requestBody!.content["application/json"].schema.allOf[1];
    expect(body).toEqual(asJson(resetWithCodeSchema));
    expect(body).toMatchObject({ required: expect.arrayContaining(["email", "code", "password", "confirm"]) });
    const page = doc.paths["/site/Product/search"].get.parameters.find((p) => "name" in p && p.name === "page");
    // an integer bounded by its column (core/validation intField), or its digits in a query string
    expect(page).toMatchObject({ required: false, schema: { anyOf: [{ type: "integer", minimum: 1, maximum: 500 }, { type: "string" }] } });
  });

  it("refuses a request with the first message of that schema", async () => {
    const input = { email: "achat@comptoir.fr", code: "12", password: "Emball@ge2025", confirm: "Emball@ge2025" };
    const key = resetWithCodeSchema.safeParse(input).error!.issues[0].message;
    expect(key).toBe("account.reset_code_incorrect");
    const res = await post(app, "/site/user/resetPassword", input, { lang: "zh" });
    expect(res.json()).toEqual({ code: 400, data: null, info: translate("zh", key) });
    const search = await get(app, "/site/Product/search", { search: "carton", page: "501" });
    expect(search.json()).toMatchObject({ code: 400, info: translate("fr", "search.invalid_page") });
  });

  it("refuses a visitor on every route that needs a customer, before reading the input", async () => {
    const needing = routes.filter((r) => r.url.startsWith("/site/") && r.method !== "HEAD" && r.config?.api?.auth);
    expect(needing.length).toBeGreaterThan(40);
    for (const r of needing) {
      // an empty input, invalid for most of them: the visitor gets the 401, never a validation message
      const res = r.method === "GET" ? await get(app, r.url) : await post(app, r.url);
      expect(res.json(), `${r.method} ${r.url}`).toEqual({ code: 401, data: null, info: translate("fr", "session_expired") });
    }
  });

  it("hands the handler of an auth route a context with its customer, and other handlers the caller if any", () => {
    // types only: never registered
    const _declare = (site: FastifyInstance) => {
      const docs = { summary: "", tags: [] };
      const output = z.null();
      apiRoute(site, { method: "GET", path: "/site/a", output, auth: true }, docs, async (req, _reply, _input, { customer }) => {
        expectTypeOf(customer).toEqualTypeOf<SessionCustomer>();
        return ok(req, null);
      });
      apiRoute(site, { method: "GET", path: "/site/b", output }, docs, async (req, _reply, _input, { customer }) => {
        expectTypeOf(customer).toEqualTypeOf<SessionCustomer | null>();
        return ok(req, null);
      });
    };
  });

  it("keeps the signature on the API itself", async () => {
    const res = await app.inject({ method: "GET", url: "/site/Product/search?search=carton" });
    expect(res.statusCode).toBe(403);
  });
});
