// The customer's PDF documents (invoice, credit note, quotation; decisions 079, 080, 085, 130), one route family
// outside the signed /site scope so a plain link works: GET /documents/<kind>/<ref>.pdf (core/documents/pdf-url.ts).
// Every kind answers alike. The caller is the uid cookie or a bearer token (a rotated token comes back in the
// header and the cookie). No session: a browser goes to the login page (in the document's language) and comes
// back, an app gets 401 (it cannot follow a login page). A malformed name, an unknown document and another
// customer's are the same 404 page. The file is an attachment named after the document's number, never cached.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DOCUMENT_KINDS, documentPdfRoute, pdfFileName, type DocumentKind } from "#core/documents/pdf-url.ts";
import { isDomainError } from "#core/domain-errors.ts";
import { isLang, translate, type Lang } from "#core/i18n/messages.ts";
import { localePath } from "#core/slug.ts";
import { quotationRefSchema } from "#core/validation/quotations.ts";
import { resolveCaller } from "./auth.ts";
import type { Context } from "#server/context.ts";
import { errorPage } from "./root-errors.ts";

/** A rendered document and its number (the file name is made from it, the same way for every kind). */
export type PdfFile = { number: string; pdf: Buffer };

/**
 * The caller's document from the reference in its file name (`<ref>.pdf`): null when the name cannot be one;
 * a not_found domain error for an unknown document or another customer's.
 */
type RenderPdf = (ctx: Context, ref: string) => Promise<PdfFile | null>;

/** A reference that is a positive id (the order's for an invoice, the note's for a credit note). */
const byId =
  (render: (ctx: Context, id: number) => Promise<PdfFile>): RenderPdf =>
  (ctx, ref) =>
    /^\d{1,9}$/.test(ref) ? render(ctx, Number(ref)) : Promise.resolve(null);

/** One route per kind, same answers for every kind; the services render and check the owner. */
export async function documentFileRoutes(app: FastifyInstance, opts: { secureCookies: boolean }) {
  const { documents, quotations } = app.services;
  const kinds: Record<DocumentKind, RenderPdf> = {
    invoice: byId(documents.invoicePdf),
    "credit-note": byId(documents.creditNotePdf),
    quotation: async (ctx, ref) => {
      const r = quotationRefSchema.safeParse({ id: ref });
      return r.success ? quotations.pdf(ctx, r.data) : null;
    },
  };
  for (const kind of DOCUMENT_KINDS) pdfRoute(app, opts, kind, kinds[kind]);
}

function pdfRoute(app: FastifyInstance, opts: { secureCookies: boolean }, kind: DocumentKind, render: RenderPdf) {
  app.get(documentPdfRoute(kind), async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.query as Record<string, unknown>;
    const lang: Lang = isLang(q.lang) ? q.lang : "fr";
    reply.header("Cache-Control", "private, no-store");
    const notFoundPage = () => reply.code(404).type("text/html; charset=utf-8").send(errorPage(lang, 404));
    const auth = await resolveCaller(req, reply, opts.secureCookies);
    if (!auth.customer) {
      const browser = !req.headers.authorization && (req.headers.accept ?? "").includes("text/html");
      if (browser) return reply.redirect(`${localePath(lang, "/connexion")}?redirect=${encodeURIComponent(req.url)}`, 302);
      return reply.code(401).type("text/plain; charset=utf-8").send(translate(lang, "documents.pdf_login"));
    }
    const m = /^(.{1,40})\.pdf$/.exec((req.params as { file?: string }).file ?? "");
    try {
      const file = m ? await render({ db: app.services.db, customer: auth.customer, lang }, m[1]) : null;
      if (!file) return notFoundPage();
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
