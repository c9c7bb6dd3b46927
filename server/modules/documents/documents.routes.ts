// Invoices and credit notes of the caller (decision 079). Two scopes:
// - /site JSON API (signed like every /site call): GET /site/Customer/invoiceList, GET /site/Customer/creditNoteList;
// - /documents/… PDF downloads for the browser (uid cookie) or an app (bearer token), owner only:
//   GET /documents/invoice/<orderId>.pdf, GET /documents/credit-note/<id>.pdf, `?lang=zh` for Chinese.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ok } from "#server/http/envelope.ts";
import { unauthorized } from "#server/http/errors.ts";
import { apiRoute } from "#server/http/openapi.ts";
import { authenticate, setUidCookie } from "#server/http/auth.ts";
import { errorPage } from "#server/http/root-errors.ts";
import { isDomainError } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { localePath } from "#core/slug.ts";
import type { PdfFile } from "./documents.service.ts";

const me = (req: FastifyRequest) =>
  req.customer ??
  (() => {
    throw unauthorized();
  })();
const tags = ["Documents"];

export async function documentsApiRoutes(site: FastifyInstance) {
  const { documents, db } = site.services;
  site.addHook("preHandler", async (req) => void (req.routeOptions.config.api?.auth && me(req)));
  apiRoute(
    site,
    {
      method: "GET",
      url: "/Customer/invoiceList",
      tags,
      auth: true,
      summary: "The caller's invoices: date, number, order, amounts HT and TTC, PDF link",
      description: "Newest first. `pdf_url` is `/documents/invoice/<order_id>.pdf` (add `?lang=zh` for Chinese), served to the owner only.",
    },
    async (req) => ok(req, { list: await documents.invoiceList(db, me(req).id) }),
  );
  apiRoute(
    site,
    {
      method: "GET",
      url: "/Customer/creditNoteList",
      tags,
      auth: true,
      summary: "The caller's credit notes: number, date, order, amount and remaining balance TTC, PDF link; and the total balance",
      description:
        "Newest first. `balance` is what the next order can use at checkout (`use_credit` on POST /site/Sale/createOrder). `pdf_url` is `/documents/credit-note/<id>.pdf`.",
    },
    async (req) => ok(req, await documents.creditNoteList(db, me(req).id, req.lang)),
  );
}

const FILE = /^(\d{1,9})\.pdf$/;

export async function documentFileRoutes(app: FastifyInstance, opts: { secureCookies: boolean }) {
  const { documents, sessions, db } = app.services;

  async function serve(req: FastifyRequest, reply: FastifyReply, make: (customerId: number, id: number, lang: Lang) => Promise<PdfFile>) {
    const lang: Lang = (req.query as Record<string, unknown>).lang === "zh" ? "zh" : "fr";
    reply.header("Cache-Control", "private, no-store");
    const m = FILE.exec((req.params as { file: string }).file);
    if (!m) return reply.code(404).type("text/html; charset=utf-8").send(errorPage(lang, 404));
    const auth = await authenticate(req, sessions, db);
    if (auth.rotatedToken) {
      reply.header("Authorization", `Bearer ${auth.rotatedToken}`);
      setUidCookie(req, reply, auth.rotatedToken, opts.secureCookies);
    }
    if (!auth.customer) {
      // A browser goes to the login page and comes back; an app (bearer token, or no HTML wanted) gets 401.
      const browser = !req.headers.authorization && (req.headers.accept ?? "").includes("text/html");
      if (browser) return reply.redirect(`${localePath(lang, "/connexion")}?redirect=${encodeURIComponent(req.url)}`, 302);
      return reply.code(401).type("text/plain; charset=utf-8").send(translate(lang, "documents.pdf_login"));
    }
    try {
      const file = await make(auth.customer.id, Number(m[1]), lang);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${file.fileName}"`)
        .header("X-Content-Type-Options", "nosniff")
        .send(file.pdf);
    } catch (e) {
      if (isDomainError(e) && e.kind === "not_found") return reply.code(404).type("text/html; charset=utf-8").send(errorPage(lang, 404));
      throw e;
    }
  }

  app.get("/invoice/:file", (req, reply) => serve(req, reply, (c, id, lang) => documents.invoicePdf(db, c, id, lang)));
  app.get("/credit-note/:file", (req, reply) => serve(req, reply, (c, id, lang) => documents.creditNotePdf(db, c, id, lang)));
}
