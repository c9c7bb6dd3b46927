// Outside the signed /site scope (decision 077): the providers' webhook, on the raw body, and the sandbox's
// hosted card page. Both are encapsulated here with their own body parsers.
import type { FastifyInstance, FastifyReply } from "fastify";
import { isLang, type Lang } from "#core/lang.ts";
import { cardDigits, cardErrors, DECLINE_KEYS, testCardBehaviour, type CardInput } from "#core/payments.ts";
import { paymentNotificationSchema } from "#core/validation/payment.ts";
import { WebhookRejected } from "./provider.ts";
import { challengePage, cardPage, finishedPage, notFoundPage, SANDBOX_CSP, SANDBOX_CSS, SANDBOX_CSS_PATH } from "./sandbox-page.ts";
import type { SandboxSession } from "./sandbox.provider.ts";

const WEBHOOK_BODY_LIMIT = 256 * 1024;
const FORM_BODY_LIMIT = 4 * 1024;

export async function paymentWebhookRoutes(app: FastifyInstance) {
  const { payments, sandbox, db } = app.services;
  // The raw bytes: signatures are computed over them, never over a re-serialised object.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));

  app.post<{ Params: { provider: string } }>("/payments/webhook/:provider", async (req, reply) => {
    if (req.params.provider !== payments.provider.name) return reply.code(404).send({ error: "unknown provider" });
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    // Refused: 400. Signed by the provider but not a notification the shop can take: recorded as a rejection
    // too (a badly signed one is anybody's, and recorded nowhere).
    const reject = async (reason: WebhookRejected["reason"], problem: string | null = null) => {
      req.log.warn({ reason, problem, provider: req.params.provider }, "payment webhook rejected");
      if (reason === "invalid_payload") await payments.recordRejected(db, raw, reason, problem);
      return reply.code(400).send({ error: reason });
    };
    let unchecked;
    try {
      unchecked = payments.provider.parseNotification(raw, req.headers);
    } catch (e) {
      if (e instanceof WebhookRejected) return reject(e.reason);
      throw e;
    }
    const n = paymentNotificationSchema.safeParse(unchecked);
    if (!n.success) {
      const issue = n.error.issues[0];
      return reject("invalid_payload", issue ? `${issue.path.join(".")}: ${issue.code}` : null);
    }
    // Any other failure is a 500: the provider delivers again later, and the event id keeps it once.
    const outcome = await payments.handleNotification(db, n.data);
    return reply.code(200).send({ received: true, outcome });
  });

  if (!sandbox) return;

  app.get(SANDBOX_CSS_PATH, async (_req, reply) =>
    reply.header("cache-control", "public, max-age=3600").type("text/css; charset=utf-8").send(SANDBOX_CSS),
  );

  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const html = (reply: FastifyReply, body: string, code = 200) =>
      reply
        .code(code)
        .header("content-security-policy", SANDBOX_CSP)
        .header("cache-control", "no-store")
        .header("x-robots-tag", "noindex")
        .type("text/html; charset=utf-8")
        .send(body);
    const langOf = (s: SandboxSession | null, asked: unknown): Lang => (isLang(asked) ? asked : (s?.lang ?? "fr"));
    const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : "");
    const after = (reply: FastifyReply, s: SandboxSession) => reply.redirect(s.outcome === "succeeded" ? s.success_url : s.fail_url, 303);

    pages.get<{ Params: { token: string }; Querystring: { lang?: string } }>("/sandbox/pay/:token", async (req, reply) => {
      const s = await sandbox.session(req.params.token);
      const lang = langOf(s, req.query.lang);
      if (!s) return html(reply, notFoundPage(lang), 404);
      if (s.status === "challenge") return html(reply, challengePage(s, lang));
      if (s.status === "done") return html(reply, finishedPage(s, lang));
      return html(reply, cardPage(s, lang));
    });

    pages.post<{ Params: { token: string }; Body: Record<string, unknown> }>("/sandbox/pay/:token", async (req, reply) => {
      const s = await sandbox.session(req.params.token);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const lang = langOf(s, body.lang);
      if (!s) return html(reply, notFoundPage(lang), 404);
      if (s.status === "done") return html(reply, finishedPage(s, lang));
      if (s.status === "challenge") return reply.redirect(`/sandbox/pay/${encodeURIComponent(s.token)}?lang=${lang}`, 303);
      if (body.action === "cancel") {
        const done = await sandbox.finish(s.token, "open", "abandoned", DECLINE_KEYS.abandoned, null);
        return done ? after(reply, done) : html(reply, notFoundPage(lang), 404);
      }
      const card: CardInput = { name: str(body.name), number: str(body.number), expiry: str(body.expiry), cvc: str(body.cvc) };
      const errors = cardErrors(card);
      if (Object.keys(errors).length > 0) return html(reply, cardPage(s, lang, { values: card, errors }), 422);
      const last4 = cardDigits(card.number).slice(-4);
      const behaviour = testCardBehaviour(card.number);
      if (behaviour === "challenge") {
        await sandbox.startChallenge(s.token, last4);
        return reply.redirect(`/sandbox/pay/${encodeURIComponent(s.token)}?lang=${lang}`, 303);
      }
      const done =
        behaviour === "success"
          ? await sandbox.finish(s.token, "open", "succeeded", null, last4)
          : await sandbox.finish(s.token, "open", "failed", DECLINE_KEYS[behaviour], last4);
      return done ? after(reply, done) : html(reply, notFoundPage(lang), 404);
    });

    pages.post<{ Params: { token: string }; Body: Record<string, unknown> }>("/sandbox/pay/:token/challenge", async (req, reply) => {
      const s = await sandbox.session(req.params.token);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const lang = langOf(s, body.lang);
      if (!s) return html(reply, notFoundPage(lang), 404);
      if (s.status === "done") return html(reply, finishedPage(s, lang));
      if (s.status !== "challenge") return reply.redirect(`/sandbox/pay/${encodeURIComponent(s.token)}?lang=${lang}`, 303);
      const done =
        body.action === "pass"
          ? await sandbox.finish(s.token, "challenge", "succeeded", null, null)
          : await sandbox.finish(s.token, "challenge", "failed", DECLINE_KEYS.authentication_failed, null);
      return done ? after(reply, done) : html(reply, notFoundPage(lang), 404);
    });
  });
}
