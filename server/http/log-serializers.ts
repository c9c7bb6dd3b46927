// What the logs may hold: never query parameters, password hashes or personal data.
// A failing database query carries its SQL parameters (Drizzle's `params` and its message's "params:"
// line, pg's `parameters` and `detail` such as "Key (email)=(…) already exists"): an error is logged with
// its type, code, message and stack cut before the parameters, its cause the same way. Request lines keep
// the path and drop the query string (search text, signatures, reset tokens).
import type { FastifyRequest } from "fastify";

type Serialized = { type: string; message: string; code?: string; stack: string; cause?: Serialized };

/** The message without the parameter list Drizzle appends ("Failed query: …\nparams: …"). */
const withoutParams = (text: string) => text.replace(/\nparams:[\s\S]*?(?=\n {4}at |$)/, "\nparams: [redacted]");

function serializeError(err: unknown, depth = 0): Serialized {
  if (!(err instanceof Error)) return { type: typeof err, message: "[not an Error]", stack: "" };
  const e = err as Error & { code?: unknown; cause?: unknown };
  const out: Serialized = { type: e.constructor?.name ?? "Error", message: withoutParams(e.message), stack: withoutParams(e.stack ?? "") };
  if (typeof e.code === "string") out.code = e.code;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: req.url.split("?")[0], hostname: req.hostname, remoteAddress: req.ip };
}

export const logSerializers = { err: serializeError, error: serializeError, req: serializeRequest };
