// In tests (CHECK_ANSWERS), every success of a declared route is checked against its contract's answer
// schema: a field missing, of the wrong type or not declared fails the test that met it (the answer
// becomes a 500 and the mismatch is written with console.error, which fails any test).
import { isDeepStrictEqual } from "node:util";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

/** The paths of `sent` that `kept` (the schema's parse of it) dropped: fields the contract does not declare. */
function undeclared(sent: unknown, kept: unknown, at = "data"): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((v, i) => undeclared(v, kept[i], `${at}[${i}]`));
  if (typeof sent !== "object" || sent === null || typeof kept !== "object" || kept === null) return [];
  return Object.entries(sent).flatMap(([k, v]) =>
    k in kept ? undeclared(v, (kept as Record<string, unknown>)[k], `${at}.${k}`) : [`${at}.${k}`],
  );
}

/** Why `data` breaks `schema`, or null when it keeps it exactly. */
export function answerProblem(schema: z.ZodType, data: unknown): string | null {
  const r = schema.safeParse(data);
  if (!r.success) return z.prettifyError(r.error);
  if (isDeepStrictEqual(r.data, data)) return null;
  const extra = undeclared(data, r.data);
  return extra.length
    ? `not declared: ${extra.slice(0, 10).join(", ")}`
    : "the parse changed the answer (a default or a transform in an answer schema)";
}

export async function checkAnswer(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const api = req.routeOptions.config.api;
  if (!api || reply.statusCode !== 200) return payload;
  const text = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
  const body = text === null ? null : (JSON.parse(text) as { code?: number; data?: unknown });
  const problem = body === null ? "not a JSON text" : body.code === 200 ? answerProblem(api.output, body.data) : null;
  if (!problem) return payload;
  console.error(`${api.method} ${api.path}: the answer breaks its contract\n${problem}`);
  reply.code(500);
  return JSON.stringify({ code: 500, data: null, info: "answer breaks its contract" });
}
