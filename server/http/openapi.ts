// The API reference (decision 069): every /site route is declared once with `apiRoute`, which checks the
// login the route declares, validates the request with the declared zod schema and records the declaration;
// the OpenAPI 3.1 document is generated from those very schemas (z.toJSONSchema), so the reference cannot
// drift from the code.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import { LANGS } from "#core/lang.ts";
import { SIGNATURE_WINDOW_S } from "#core/signature.ts";
import type { SessionCustomer } from "#server/modules/accounts/sessions.service.ts";
import { parse } from "./envelope.ts";
import { unauthorized } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's declaration, read by the document generator. */
    api?: ApiSpec;
  }
}

type ApiMethod = "GET" | "POST";

export type ApiSpec<S extends z.ZodType | undefined = z.ZodType | undefined, A extends boolean = boolean> = {
  method: ApiMethod;
  /** Path inside the /site scope ("/Product/detail"). */
  url: string;
  summary: string;
  tags: string[];
  description?: string;
  /** The request schema: the query of a GET, the JSON body of a POST. */
  input?: S;
  /** Where the input is read when it is not the whole query or body (e.g. unwrapping `params`). */
  from?: (req: FastifyRequest) => unknown;
  /** A logged-in customer is needed (bearer token or uid cookie); 401 otherwise, before the input is read. */
  auth?: A;
  /** A POST that writes nothing: the caller's cached cart answer stays (decision 091; other POSTs drop it). */
  readOnly?: boolean;
};

/** A declared route as the document needs it: its full path and its spec. */
export type ApiRoute = ApiSpec & { path: string };

type Input<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** The customer a handler receives: always one on an `auth: true` route, else the caller's if logged in. */
export type Caller<A extends boolean> = A extends true ? SessionCustomer : SessionCustomer | null;

/**
 * Declares and registers one route. The handler receives the input parsed with `spec.input` and the route's
 * customer: with `auth: true` a visitor is refused (401) before the input is read, so that they learn nothing
 * from validation messages, and the handler gets a customer for sure.
 */
export function apiRoute<S extends z.ZodType | undefined = undefined, A extends boolean = false>(
  site: FastifyInstance,
  spec: ApiSpec<S, A>,
  handler: (req: FastifyRequest, reply: FastifyReply, input: Input<S>, customer: Caller<A>) => Promise<unknown>,
) {
  site.route({
    method: spec.method,
    url: spec.url,
    config: { api: spec },
    handler: async (req, reply) => {
      const customer = req.customer ?? null;
      if (spec.auth && !customer) throw unauthorized();
      const raw = spec.from ? spec.from(req) : spec.method === "GET" ? req.query : req.body;
      const input = (spec.input ? parse(spec.input, raw) : undefined) as Input<S>;
      return handler(req, reply, input, customer as Caller<A>);
    },
  });
}

/** The declaration of a route being added (onRoute hook), with its full path; null when undeclared. */
export function declaredRoute(route: RouteOptions): ApiRoute | null {
  const api = route.config?.api;
  if (!api || route.method === "HEAD") return null; // Fastify's automatic HEAD twin of a GET
  return { ...api, path: route.url };
}

const jsonSchema = (schema: z.ZodType) => {
  // Requests are described as sent (io "input": coerced numbers, defaults optional); checks that JSON
  // Schema cannot express (refinements such as the SIRET key) are left to the prose and the 400 answer.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
};

/** {id} style for the document; Fastify paths here have no parameters, but keep it total. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function envelopeOf(data: Record<string, unknown>) {
  return { allOf: [ref("Envelope"), { type: "object", properties: { data } }] };
}

const errorResponses = {
  "400": {
    description: "Business refusal or invalid input: `info` is the translated message of the first problem.",
    content: { "application/json": { schema: ref("ErrorEnvelope") } },
  },
  "403": {
    description: "Missing, malformed or stale signature (`t`/`at`).",
    content: { "application/json": { schema: ref("ErrorEnvelope") } },
  },
  "429": { description: "Rate limited.", content: { "application/json": { schema: ref("ErrorEnvelope") } } },
  "503": { description: "Maintenance.", content: { "application/json": { schema: ref("ErrorEnvelope") } } },
};

function operation(route: ApiRoute) {
  const op: Record<string, unknown> = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags,
    parameters: [{ $ref: "#/components/parameters/Applang" }],
    responses: {
      "200": { description: "Success.", content: { "application/json": { schema: envelopeOf({}) } } },
      ...errorResponses,
      ...(route.auth
        ? {
            "401": {
              description: "Not logged in or session expired: the client logs out.",
              content: { "application/json": { schema: ref("ErrorEnvelope") } },
            },
          }
        : {}),
    },
    security: route.auth ? [{ bearer: [] }, { uidCookie: [] }] : [{}, { bearer: [] }, { uidCookie: [] }],
  };
  const params = op.parameters as unknown[];
  if (route.method === "GET") {
    params.push({ $ref: "#/components/parameters/t" }, { $ref: "#/components/parameters/at" });
    const schema = route.input ? jsonSchema(route.input) : null;
    const props = (schema?.properties ?? {}) as Record<string, unknown>;
    const required = new Set((schema?.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) params.push({ name, in: "query", required: required.has(name), schema: s });
  } else {
    const body = route.input ? jsonSchema(route.input) : { type: "object" };
    op.requestBody = {
      required: true,
      content: { "application/json": { schema: { allOf: [ref("Signature"), body] } } },
    };
  }
  return op;
}

/** The OpenAPI 3.1 document of the declared routes. */
export function openApiDocument(routes: readonly ApiRoute[], info: { version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    (paths[openApiPath(r.path)] ??= {})[r.method.toLowerCase()] = operation(r);
  }
  const tags = [...new Set(routes.flatMap((r) => r.tags))].sort().map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Comptoir API",
      version: info.version,
      description: "The /site JSON API of the shop. Prose, conventions and examples: docs/api.md.",
    },
    servers: [{ url: info.serverUrl ?? "/" }],
    tags,
    paths,
    components: {
      schemas: {
        Envelope: {
          type: "object",
          required: ["code", "data", "info"],
          properties: {
            code: { type: "integer", description: "Equals the HTTP status: 200 success, 400 refusal, 401, 403, 404, 413, 429, 503, 500." },
            data: { description: "The answer; null on error." },
            info: { type: "string", description: "A message translated by the Applang header." },
          },
        },
        ErrorEnvelope: {
          allOf: [ref("Envelope"), { type: "object", properties: { code: { type: "integer", minimum: 400 }, data: { type: "null" } } }],
        },
        Signature: {
          type: "object",
          required: ["t", "at"],
          description: `Anti-scraping signature, in the JSON body of a POST: t = unix seconds (within ±${SIGNATURE_WINDOW_S} s), at = md5(t + lower-cased request path + shared secret).`,
          properties: { t: { type: "integer" }, at: { type: "string", pattern: "^[0-9a-f]{32}$" } },
        },
      },
      parameters: {
        Applang: {
          name: "Applang",
          in: "header",
          required: false,
          schema: { type: "string", enum: [...LANGS], default: "fr" },
          description: "Language of `info` and of translated content.",
        },
        t: {
          name: "t",
          in: "query",
          required: true,
          schema: { type: "integer" },
          description: `Unix seconds, within ±${SIGNATURE_WINDOW_S} s of the server clock.`,
        },
        at: {
          name: "at",
          in: "query",
          required: true,
          schema: { type: "string", pattern: "^[0-9a-f]{32}$" },
          description: "md5(t + lower-cased request path + shared secret).",
        },
      },
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "Session token; a response may carry a fresh `Authorization: Bearer` header (rotation) to store.",
        },
        uidCookie: { type: "apiKey", in: "cookie", name: "uid", description: "The same session token in the HttpOnly uid cookie." },
      },
    },
  };
}
