// Invoices and credit notes of the caller (decision 079), /site JSON API (signed like every /site call):
// GET /site/Customer/invoiceList, GET /site/Customer/creditNoteList. Their PDFs are served by the documents'
// route family (server/http/pdf-download.ts, decision 130).
import type { FastifyInstance } from "fastify";
import { creditNoteList, invoiceList } from "#core/contracts/documents.ts";
import { wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

const tags = ["Documents"];

export async function documentsApiRoutes(site: FastifyInstance) {
  const { documents } = site.services;
  apiRoute(
    site,
    invoiceList,
    {
      tags,
      summary: "The caller's invoices: date, number, order, amounts HT and TTC, PDF link",
      description: "Newest first. `pdf_url` is `/documents/invoice/<order_id>.pdf` (add `?lang=zh` for Chinese), served to the owner only.",
    },
    async (req, _reply, _input, ctx) => ok(req, wholeList(await documents.invoiceList(ctx))),
  );
  apiRoute(
    site,
    creditNoteList,
    {
      tags,
      summary: "The caller's credit notes: number, date, order, amount and remaining balance TTC, PDF link; and the total balance",
      description:
        "Newest first. `balance` is what the next order can use at checkout (`use_credit` on POST /site/Sale/createOrder). `pdf_url` is `/documents/credit-note/<id>.pdf`.",
    },
    async (req, _reply, _input, ctx) => {
      const { list, balance } = await documents.creditNoteList(ctx);
      return ok(req, { ...wholeList(list), balance });
    },
  );
}
