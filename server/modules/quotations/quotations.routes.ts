// The quotation API (decision 080). Login required; another customer's quotation is not found.
import type { FastifyInstance } from "fastify";
import { cancelQuotation, createQuotation, quotationDetail, quotationList, quotationToCart } from "#core/contracts/quotations.ts";
import { wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";
import { formatDate } from "#core/format-date.ts";

const tags = ["Quotations"];

export async function quotationsRoutes(site: FastifyInstance) {
  const { quotations } = site.services;

  apiRoute(
    site,
    createQuotation,
    {
      tags,
      summary: "Turn the cart into a quotation (devis), idempotent per `idempotency_key`",
      description:
        "Numbers a DV… quotation with the cart's lines at the catalogue's current prices (promotions included), valid `quotationValidityDays` days (site config, 30 by default). The cart is left as it is. The same key answers the quotation already created.",
    },
    async (req, _reply, input, ctx) => {
      const q = await quotations.create(ctx, input);
      return ok(req, q, "quotations.created", { number: q.number, date: formatDate(q.valid_until, req.lang) });
    },
  );

  apiRoute(site, quotationList, { tags, summary: "The caller's quotations, newest first" }, async (req, _reply, _input, ctx) =>
    ok(req, wholeList((await quotations.list(ctx)).list)),
  );

  apiRoute(
    site,
    quotationDetail,
    {
      tags,
      summary: "One of the caller's quotations with its lines",
      description: "`id` is the quotation id or its number (DV2026-000012). Another customer's quotation is not found (404).",
    },
    async (req, _reply, ref, ctx) => ok(req, await quotations.detail(ctx, ref)),
  );

  apiRoute(
    site,
    quotationToCart,
    {
      tags,
      summary: "A valid quotation back into the cart at its quoted prices",
      description:
        "Replaces the cart's lines by the quotation's; each line is then priced from the stored quotation (never from the request) while the quotation is valid and the quantity is the quoted one. Refused when expired, already ordered or cancelled, or when a line is no longer sold or out of stock.",
    },
    async (req, _reply, ref, ctx) => {
      const { number, ...answer } = await quotations.toCart(ctx, ref);
      return ok(req, answer, "quotations.to_cart_done", { number });
    },
  );

  apiRoute(
    site,
    cancelQuotation,
    {
      tags,
      summary: "Cancel one of the caller's usable quotations",
      description:
        "`id` is the id or the number. Only an open quotation, or one loaded into the cart, still within its validity; expired, ordered or already cancelled ones are refused with a translated message naming the number. Another customer's quotation is not found (404).",
    },
    async (req, _reply, ref, ctx) => {
      const q = await quotations.cancel(ctx, ref);
      return ok(req, q, "quotations.cancel_done", { number: q.number });
    },
  );
}
