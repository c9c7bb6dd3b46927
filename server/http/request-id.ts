// One id per request through the logs (Fastify puts it on every line of the request's logger) and in the answer's
// X-Request-Id: the proxy's own id when it sends a sane one, so its logs and the shop's meet; else a new one.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

const SANE = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && SANE.test(given) ? given : randomUUID();
}
