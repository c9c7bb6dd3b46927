// The `{ code, data, info }` envelope of SPEC §7 and the one error handler that produces it.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { JsonText } from "#core/contracts/contract.ts";
import { translate } from "#core/i18n/messages.ts";
import { isDomainError, type DomainError, type DomainErrorKind } from "#core/domain-errors.ts";
import { ApiError, type ApiCode } from "./errors.ts";

export type Envelope<T> = { code: number; data: T; info: string };

/** The envelope around a JsonText<T>, as okJson sends it. */
export type EnvelopeText<T> = JsonText<Envelope<T>>;

export function ok<T>(req: FastifyRequest, data: T, infoKey = "ok", vars?: Record<string, string | number>): Envelope<T> {
  return { code: 200, data, info: translate(req.lang, infoKey, vars) };
}

/** The same envelope around `dataJson`, data already serialised (decision 091): sent as is, with the JSON type. */
export function okJson<T>(req: FastifyRequest, reply: FastifyReply, dataJson: JsonText<T>, infoKey = "ok"): EnvelopeText<T> {
  reply.type("application/json; charset=utf-8");
  return `{"code":200,"data":${dataJson},"info":${JSON.stringify(translate(req.lang, infoKey))}}` as EnvelopeText<T>;
}

export function sendError(req: FastifyRequest, reply: FastifyReply, code: ApiCode, key: string, vars?: Record<string, string | number>) {
  return reply.code(code).send({ code, data: null, info: translate(req.lang, key, vars) });
}

/**
 * The catalogue key of a validation issue. Schemas give keys as messages; where zod speaks for itself (a
 * number where a text is expected, an array for an object…) its English never reaches the client: a
 * missing value reads "required", anything else "invalid value".
 */
function issueKey(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "invalid_body";
  const m = issue.message;
  if (/^[a-z_]+\.[a-z0-9_.]+$/.test(m) && translate("fr", m) !== m) return m;
  // zod 4 leaves `input` out of issues unless asked: its message tells a missing value
  if (issue.code === "invalid_type" && / undefined$/.test(m)) return "validation.required";
  return "validation.invalid_value";
}

/** The bound a size refusal names ({{max}}, {{min}} in the message), for the texts that show it. */
function issueVars(issue: z.core.$ZodIssue | undefined): Record<string, number> | undefined {
  if (issue?.code === "too_big") return { max: Number(issue.maximum) };
  if (issue?.code === "too_small") return { min: Number(issue.minimum) };
  return undefined;
}

/** Parses input with a zod schema; the first issue's message (a catalogue key) becomes a 400. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new ApiError(400, issueKey(r.error.issues[0]), issueVars(r.error.issues[0]));
  return r.data;
}

const fastifyCodes: Record<string, [ApiCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "body_too_large"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupported_media_type"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "invalid_body"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "invalid_body"],
};

/**
 * Domain error kinds as envelope codes (decision 065). A conflict is a refusal for the user (SPEC §4: only
 * 200 and 400 reach them with a message); the kind stays distinct for callers that retry or branch.
 */
const domainCodes: Record<DomainErrorKind, ApiCode> = {
  refused: 400,
  conflict: 400,
  not_found: 404,
  unauthenticated: 401,
  forbidden: 403,
  rate_limited: 429,
};

export function errorHandler(error: FastifyError | ApiError | DomainError, req: FastifyRequest, reply: FastifyReply) {
  if (isDomainError(error)) return sendError(req, reply, domainCodes[error.kind], error.key, error.vars);
  if (error instanceof ApiError) return sendError(req, reply, error.code, error.key, error.vars);
  const known = fastifyCodes[error.code as string];
  if (known) return sendError(req, reply, known[0], known[1]);
  if (error.statusCode === 429) return sendError(req, reply, 429, "rate_limited");
  // Malformed JSON and other client faults: a 4xx from Fastify, never its raw message.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendError(req, reply, 400, "invalid_body");
  req.log.error({ err: error }, "unhandled error");
  return sendError(req, reply, 500, "server_error");
}
