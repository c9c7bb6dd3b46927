// GET /documents/quotation/:id.pdf (decisions 080, 085): the caller's quotation as a PDF, by id
// or number, French by default, Chinese with ?lang=zh, through the PDF route shared with invoices and credit
// notes (server/http/pdf-download.ts): login redirect or 401, the same 404 for anything not the caller's.
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { quotationRefSchema } from "#core/validation/quotations.ts";
import { query } from "#server/db/client.ts";
import { pdfDownloadRoute } from "#server/http/pdf-download.ts";
import { quotationPdf } from "./quotation-pdf.ts";

export async function quotationDocumentRoutes(app: FastifyInstance, opts: { secureCookies: boolean }) {
  const { quotations, db } = app.services;
  pdfDownloadRoute(app, opts, {
    url: "/documents/quotation/:file",
    parse: (ref) => {
      const r = quotationRefSchema.safeParse({ id: ref });
      return r.success ? r.data : null;
    },
    make: async (customerId, ref, lang) => {
      const qt = await quotations.detail(db, customerId, ref, lang);
      const [c] = await query<{
        first_name: string;
        last_name: string;
        company: string | null;
        client_number: string;
        email: string;
        siret: string | null;
      }>(db, sql`select first_name, last_name, company, client_number, email, siret from customers where id = ${customerId}`);
      const pdf = await quotationPdf(
        qt,
        { name: `${c.first_name} ${c.last_name}`, company: c.company, clientNumber: c.client_number, email: c.email, siret: c.siret },
        lang,
      );
      return { number: qt.number, pdf };
    },
  });
}
