// One way to serve a personal PDF (invoice, credit note, quotation; decisions 079, 080, 085), outside the
// signed /site scope so a plain link works. The caller is the uid cookie or a bearer token (a rotated token
// comes back in the header and the cookie). No session: a browser goes to the login page and comes back, an
// app gets 401. A malformed name, an unknown document and another customer's are the same 404 page. The file
// is an attachment named after the document's number (`-zh` for the Chinese one), never cached.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDomainError } from "#core/domain-errors.ts";
import { isLang, translate, type Lang } from "#core/i18n/messages.ts";
import { localePath } from "#core/slug.ts";
import { authenticate, setUidCookie } from "./auth.ts";
import { errorPage } from "./root-errors.ts";

/** A rendered document and its number (the file name is made here, the same way for every kind). */
export type PdfFile = { number: string; pdf: Buffer };

type PdfRoute<Ref> = {
  /** Path with a `:file` parameter, e.g. "/documents/invoice/:file". */
  url: string;
  /** The document reference in the file name (`<ref>.pdf`), or null when it cannot be one. */
  parse: (ref: string) => Ref | null;
  /** The caller's document; throws a not_found domain error for anything else. */
  make: (customerId: number, ref: Ref, lang: Lang) => Promise<PdfFile>;
};

/** The file name of a document: its number, with `-zh` for the Chinese copy. */
export const pdfFileName = (number: string, lang: Lang) => `${number}${lang === "zh" ? "-zh" : ""}.pdf`;

export function pdfDownloadRoute<Ref>(app: FastifyInstance, opts: { secureCookies: boolean }, route: PdfRoute<Ref>) {
  const { sessions, db } = app.services;
  app.get(route.url, async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.query as Record<string, unknown>;
    const lang: Lang = isLang(q.lang) ? q.lang : "fr";
    reply.header("Cache-Control", "private, no-store");
    const notFoundPage = () => reply.code(404).type("text/html; charset=utf-8").send(errorPage(lang, 404));
    const auth = await authenticate(req, sessions, db);
    if (auth.rotatedToken) {
      reply.header("Authorization", `Bearer ${auth.rotatedToken}`);
      setUidCookie(req, reply, auth.rotatedToken, opts.secureCookies);
    }
    if (!auth.customer) {
      const browser = !req.headers.authorization && (req.headers.accept ?? "").includes("text/html");
      if (browser) return reply.redirect(`${localePath(lang, "/connexion")}?redirect=${encodeURIComponent(req.url)}`, 302);
      return reply.code(401).type("text/plain; charset=utf-8").send(translate(lang, "documents.pdf_login"));
    }
    const m = /^(.{1,40})\.pdf$/.exec((req.params as { file?: string }).file ?? "");
    const ref = m ? route.parse(m[1]) : null;
    if (ref === null) return notFoundPage();
    try {
      const file = await route.make(auth.customer.id, ref, lang);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${pdfFileName(file.number, lang)}"`)
        .header("X-Content-Type-Options", "nosniff")
        .send(file.pdf);
    } catch (e) {
      if (isDomainError(e) && e.kind === "not_found") return notFoundPage();
      throw e;
    }
  });
}
