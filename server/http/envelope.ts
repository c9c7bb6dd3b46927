// The `{ code, data, info }` envelope of SPEC §7 and the one error handler that produces it.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { translate } from "#app/lib/messages.ts";
import { ApiError, type ApiCode } from "./errors.ts";

export type Envelope<T> = { code: number; data: T; info: string };

export function ok<T>(req: FastifyRequest, data: T, infoKey = "ok"): Envelope<T> {
  return { code: 200, data, info: translate(req.lang, infoKey) };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, code: ApiCode, key: string, vars?: Record<string, string | number>) {
  return reply.code(code).send({ code, data: null, info: translate(req.lang, key, vars) });
}

/** Parses input with a zod schema; the first issue's message (a catalogue key) becomes a 400. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new ApiError(400, r.error.issues[0]?.message ?? "invalid_body");
  return r.data;
}

const fastifyCodes: Record<string, [ApiCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "body_too_large"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupported_media_type"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "invalid_body"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "invalid_body"],
};

export function errorHandler(error: FastifyError | ApiError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) return sendError(req, reply, error.code, error.key, error.vars);
  const known = fastifyCodes[error.code as string];
  if (known) return sendError(req, reply, known[0], known[1]);
  if (error.statusCode === 429) return sendError(req, reply, 429, "rate_limited");
  // Malformed JSON and other client faults: a 4xx from Fastify, never its raw message.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendError(req, reply, 400, "invalid_body");
  req.log.error({ err: error }, "unhandled error");
  return sendError(req, reply, 500, "server_error");
}
