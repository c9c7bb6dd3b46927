// GET /documents/quotation/:id.pdf (issue 12 item 2; decision 080): the caller's quotation as a PDF, French by
// default, Chinese with ?lang=zh. Cookie (or bearer) session; another customer's quotation, an unknown id
// or no session answer a plain 404 / 401 with no detail. Outside the signed /site scope: a browser link.
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { isDomainError } from "#core/domain-errors.ts";
import { isLang, translate, type Lang } from "#core/i18n/messages.ts";
import { quotationRefSchema } from "#core/validation/quotations.ts";
import { query } from "#server/db/client.ts";
import { authenticate, setUidCookie } from "#server/http/auth.ts";
import { quotationPdf } from "./quotation-pdf.ts";

export async function quotationDocumentRoutes(app: FastifyInstance, { secureCookies }: { secureCookies: boolean }) {
  const { quotations, sessions, db } = app.services;

  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>("/documents/quotation/:file", async (req, reply) => {
    const lang: Lang = isLang(req.query.lang) ? req.query.lang : "fr";
    reply.header("Cache-Control", "private, no-store");
    const text = (code: number, key: string) => reply.code(code).type("text/plain; charset=utf-8").send(translate(lang, key));
    const auth = await authenticate(req, sessions, db);
    if (!auth.customer) return text(401, "session_expired");
    if (auth.rotatedToken) setUidCookie(req, reply, auth.rotatedToken, secureCookies);
    const m = /^(.+)\.pdf$/.exec(req.params.file);
    const ref = m ? quotationRefSchema.safeParse({ id: m[1] }) : null;
    if (!ref?.success) return text(404, "not_found");
    try {
      const qt = await quotations.detail(db, auth.customer.id, ref.data, lang);
      const [c] = await query<{
        first_name: string;
        last_name: string;
        company: string | null;
        client_number: string;
        email: string;
        siret: string | null;
      }>(db, sql`select first_name, last_name, company, client_number, email, siret from customers where id = ${auth.customer.id}`);
      const pdf = await quotationPdf(
        qt,
        { name: `${c.first_name} ${c.last_name}`, company: c.company, clientNumber: c.client_number, email: c.email, siret: c.siret },
        lang,
      );
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `inline; filename="${qt.number}${lang === "zh" ? "-zh" : ""}.pdf"`)
        .send(pdf);
    } catch (e) {
      if (isDomainError(e) && e.kind === "not_found") return text(404, "not_found");
      throw e;
    }
  });
}
