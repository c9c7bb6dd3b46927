// The API reference (decisions 069, 131): every /site route serves one contract of core/contracts with
// `apiRoute`, which checks the login the contract asks for, validates the request with its schema and records
// the declaration; the OpenAPI 3.1 document is generated from those very schemas (z.toJSONSchema), requests
// and answers, so the reference cannot drift from the code.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import { LANGS } from "#core/lang.ts";
import { SIGNATURE_WINDOW_S } from "#core/signature.ts";
import type { AnswerOf, Contract, ParsedOf } from "#core/contracts/contract.ts";
import type { SessionCustomer } from "#server/modules/accounts/sessions.service.ts";
import type { Context } from "#server/context.ts";
import { parse, type Envelope, type EnvelopeText } from "./envelope.ts";
import { unauthorized } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's declaration, read by the document generator and the answer check. */
    api?: ApiRoute;
  }
}

/** The scope every contract's path starts with. */
const SITE_PREFIX = "/site";

/** What only the server and the reference need: the prose, and where the input is read when it is not the whole query or body. */
type RouteDocs = {
  summary: string;
  tags: string[];
  description?: string;
  from?: (req: FastifyRequest) => unknown;
};

/** A declared route: its contract and its documentation. */
export type ApiRoute = Contract & RouteDocs;

/** The customer a handler receives: always one on an `auth: true` route, else the caller's if logged in. */
export type Caller<C extends Contract> = C["auth"] extends true ? SessionCustomer : SessionCustomer | null;

/** The context a handler receives (decision 132): the database, the route's customer, the request's language. */
type RouteContext<C extends Contract> = Context<Caller<C>>;

/** A handler's answer: the envelope around the contract's data, or that envelope already serialised. */
type Answer<C extends Contract> = Envelope<AnswerOf<C>> | EnvelopeText<AnswerOf<C>>;

/**
 * Registers the route serving `contract` in the /site scope. The handler receives the input parsed with
 * `contract.input` and the route's context: with `auth: true` a visitor is refused (401) before the input
 * is read, so that they learn nothing from validation messages, and the context holds a customer for sure.
 */
export function apiRoute<const C extends Contract>(
  site: FastifyInstance,
  contract: C,
  docs: RouteDocs,
  handler: (req: FastifyRequest, reply: FastifyReply, input: ParsedOf<C>, ctx: RouteContext<C>) => Promise<Answer<C>>,
) {
  const api: ApiRoute = { ...contract, ...docs };
  site.route({
    method: contract.method,
    url: contract.path.slice(SITE_PREFIX.length),
    config: { api },
    handler: async (req, reply) => {
      const customer = req.customer ?? null;
      if (contract.auth && !customer) throw unauthorized();
      const raw = docs.from ? docs.from(req) : contract.method === "GET" ? req.query : req.body;
      const input = (contract.input ? parse(contract.input, raw) : undefined) as ParsedOf<C>;
      return handler(req, reply, input, { db: site.services.db, customer: customer as Caller<C>, lang: req.lang });
    },
  });
}

/** The declaration of a route being added (onRoute hook), with its full path; null when undeclared. */
export function declaredRoute(route: RouteOptions): ApiRoute | null {
  const api = route.config?.api;
  if (!api || route.method === "HEAD") return null; // Fastify's automatic HEAD twin of a GET
  if (route.url !== api.path) throw new Error(`${api.path} is served at ${route.url}: register it in the ${SITE_PREFIX} scope`);
  return api;
}

const jsonSchema = (schema: z.ZodType, io: "input" | "output") => {
  // Requests are described as sent (io "input": coerced numbers, defaults optional), answers as received;
  // checks that JSON Schema cannot express (refinements such as the SIRET key) are left to the prose and
  // the 400 answer.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
};

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
      "200": { description: "Success.", content: { "application/json": { schema: envelopeOf(jsonSchema(route.output, "output")) } } },
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
    const schema = route.input ? jsonSchema(route.input, "input") : null;
    const props = (schema?.properties ?? {}) as Record<string, unknown>;
    const required = new Set((schema?.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) params.push({ name, in: "query", required: required.has(name), schema: s });
  } else {
    const body = route.input ? jsonSchema(route.input, "input") : { type: "object" };
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
    (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
  }
  const tags = [...new Set(routes.flatMap((r) => r.tags))].sort().map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Comptoir API",
      version: info.version,
      description: "The /site JSON API of the shop. The prose (rules, refusals and their messages, the routes outside /site): docs/api.md.",
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
