// Errors outside the API scope and before routing: unsupported methods (TRACE …), a URL
// that does not decode (/site/%ZZ), a request line or headers too long for Node (431). The API answers
// the envelope, pages the error page, in the language of the path; never Fastify's or Node's raw text.
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { translate } from "#core/i18n/messages.ts";
import { errorPage } from "#core/error-page.ts";
import { langOfPath } from "#core/slug.ts";
import { sendError } from "./envelope.ts";

export { errorPage };

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);
const isApi = (url: string) => url === "/site" || url.startsWith("/site/") || url.startsWith("/site?");

function answer(req: FastifyRequest, reply: FastifyReply, status: 400 | 404 | 405 | 500, apiKey: string) {
  if (!METHODS.has(req.method)) reply.header("allow", [...METHODS].join(", "));
  if (isApi(req.url)) {
    req.lang = "fr";
    return sendError(req, reply, status, apiKey);
  }
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(errorPage(langOfPath(req.url), status));
}

/** Fastify's framework errors (a URL that does not decode). */
export function frameworkErrors(_error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  return answer(req, reply, 400, "bad_url");
}

/** Errors of the page scope and the root (the API scope has its own handler). */
export function rootErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (!METHODS.has(req.method)) return answer(req, reply, 405, "method_not_allowed");
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return answer(req, reply, 400, "bad_url");
  req.log.error({ err: error }, "unhandled error");
  return answer(req, reply, 500, "server_error");
}

export function rootNotFound(req: FastifyRequest, reply: FastifyReply) {
  if (!METHODS.has(req.method)) return answer(req, reply, 405, "method_not_allowed");
  return answer(req, reply, 404, "not_found");
}

/** Node's parser refused the request (431 for an over-long URL or headers, 400 otherwise) before Fastify saw it. */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === "HPE_HEADER_OVERFLOW" || err.code === "HPE_URI_TOO_LONG" ? 431 : 400;
  const start = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.subarray(0, 40).toString("latin1") : "";
  const path = / (\/\S*)/.exec(start)?.[1] ?? "/";
  const reason = status === 431 ? "Request Header Fields Too Large" : "Bad Request";
  const [type, body] = isApi(path)
    ? [
        "application/json; charset=utf-8",
        JSON.stringify({
          code: status === 431 ? 400 : 400,
          data: null,
          info: translate("fr", status === 431 ? "uri_too_long" : "bad_url"),
        }),
      ]
    : ["text/html; charset=utf-8", errorPage(langOfPath(path), status)];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
