// The upload scope (DESIGN §3: uploads have their own scope outside the signed JSON /site scope, with their
// own size limits): POST /common/attachment/upload (SPEC §7: multipart with t, at and file) and the owner's
// download. Same language header, maintenance, envelope and signature as /site; login required.
import { closedFor } from "#server/http/maintenance-gate.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import { isLang } from "#core/i18n/messages.ts";
import { ATTACHMENT_MAX_BYTES } from "#core/questions.ts";
import { attachmentRefSchema } from "#core/validation/questions.ts";
import type { Env } from "#server/env.ts";
import type { Context } from "#server/context.ts";
import { errorHandler, ok, sendError } from "#server/http/envelope.ts";
import { ApiError, notFound, unauthorized } from "#server/http/errors.ts";
import { checkSignature } from "#server/http/signature.ts";
import { resolveCaller } from "#server/http/auth.ts";
import { attachmentHeaders } from "#core/questions.ts";

const UPLOAD_PATH = "/common/attachment/upload";
/** Room for the multipart framing and the t/at fields around the file. */
const FRAMING = 16 * 1024;

/**
 * The body's parts, as the multipart parser reads them. Its own refusals (no boundary, a body cut short, a
 * malformed part header: plain errors without a code) are the client's fault, a 400; its limits keep their
 * codes (413, 415 below).
 */
async function* partsOf(req: FastifyRequest) {
  const parts = req.parts()[Symbol.asyncIterator]();
  for (;;) {
    const next = await parts.next().catch((e: unknown) => Promise.reject(unreadable(e)));
    if (next.done) return;
    yield next.value;
  }
}
const unreadable = (e: unknown) =>
  e instanceof Error && !(e as { code?: unknown }).code && !(e as { statusCode?: unknown }).statusCode
    ? new ApiError(400, "invalid_body")
    : e;

export async function attachmentRoutes(scope: FastifyInstance, { env, secureCookies }: { env: Env; secureCookies: boolean }) {
  const { questions, db } = scope.services;
  scope.setErrorHandler((e, req, reply) => {
    // @fastify/multipart's limits (file size, parts) are 413s: the translated "too large" message
    const code = (e as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT")
      return sendError(req, reply, 413, "questions.attachment_too_large");
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return sendError(req, reply, 415, "unsupported_media_type");
    return errorHandler(e as Parameters<typeof errorHandler>[0], req, reply);
  });
  await scope.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 5, headerPairs: 20 },
  });

  scope.addHook("onRequest", async (req, reply) => {
    const header = req.headers.applang;
    req.lang = "fr";
    // the maintenance answer in the caller's language when it names one the shop speaks
    const closed = await closedFor(req, env);
    if (closed) {
      if (isLang(header)) req.lang = header;
      const message = req.lang === "zh" ? closed.message_zh : closed.message_fr;
      return message ? reply.code(503).send({ code: 503, data: null, info: message }) : sendError(req, reply, 503, "maintenance");
    }
    if (header !== undefined && header !== "") {
      if (!isLang(header)) throw new ApiError(400, "unsupported_language");
      req.lang = header;
    }
  });

  /** The caller's context (decision 132); no session: 401. */
  async function caller(req: FastifyRequest, reply: FastifyReply): Promise<Context> {
    const auth = await resolveCaller(req, reply, secureCookies);
    if (!auth.customer) throw unauthorized();
    return { db, customer: auth.customer, lang: req.lang };
  }

  scope.post("/attachment/upload", { bodyLimit: ATTACHMENT_MAX_BYTES + FRAMING }, async (req, reply) => {
    // an announced body over the limit is refused before a byte is read
    if (Number(req.headers["content-length"] ?? 0) > ATTACHMENT_MAX_BYTES + FRAMING) {
      return sendError(req, reply, 413, "questions.attachment_too_large");
    }
    if (!req.isMultipart()) throw new ApiError(415, "unsupported_media_type");
    const fields: Record<string, string> = {};
    let ctx: Context | null = null;
    let file: { filename: string; bytes: Buffer } | null = null;
    for await (const part of partsOf(req)) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file" || file) throw new ApiError(400, "questions.attachment_missing");
      // t and at come before the file (FormData order): an unsigned or anonymous upload is not read
      if (env.SIGN_CHECK) checkSignature(fields, UPLOAD_PATH, env.SIGN_SECRET);
      ctx = await caller(req, reply);
      file = { filename: part.filename ?? "", bytes: await part.toBuffer().catch((e: unknown) => Promise.reject(unreadable(e))) };
    }
    if (env.SIGN_CHECK) checkSignature(fields, UPLOAD_PATH, env.SIGN_SECRET);
    ctx ??= await caller(req, reply);
    if (!file) throw new ApiError(400, "questions.attachment_missing");
    return ok(req, await questions.upload(ctx, file), "questions.attachment_uploaded");
  });

  // The owner's file, as a download: its checked type, never sniffed, never rendered as a page.
  scope.get("/attachment/:id", async (req, reply) => {
    const ctx = await caller(req, reply);
    const ref = attachmentRefSchema.safeParse(req.params);
    if (!ref.success) throw notFound(); // not an id we could have given: like an unknown one
    const { id } = ref.data;
    const file = await questions.attachmentFile(ctx, id);
    return reply.headers(attachmentHeaders(file)).send(file.bytes);
  });

  scope.all("/*", (req, reply) => sendError(req, reply, 404, "not_found"));
}
