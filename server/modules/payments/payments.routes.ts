// The card payment API (CONTRACTS.md): start or restart the payment of an unpaid order, and the
// result of a payment. Login required; another customer's order is not found, nothing changes.
import type { FastifyInstance } from "fastify";
import { getPaymentResult, leavePayment } from "#core/contracts/payments.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

const tags = ["Payment"];

export async function paymentRoutes(site: FastifyInstance) {
  const { payments } = site.services;

  apiRoute(
    site,
    leavePayment,
    {
      summary: "Start (or restart) the card payment of one of the caller's unpaid orders",
      description:
        "Answers `{ redirect_url }`, the provider's hosted card page. The amount is what is left to pay: the order's total TTC " +
        "as stored less the credit notes spent on it (decision 079), never taken from the request. Refused when the order is paid or cancelled; another customer's order is not found. " +
        "The Applang header decides the language of the result page the provider sends the buyer back to.",
      tags,
    },
    async (req, _reply, { order_id }, ctx) => {
      const { redirect_url } = await payments.leavePayment(ctx, order_id);
      return ok(req, { redirect_url });
    },
  );

  apiRoute(
    site,
    getPaymentResult,
    {
      summary: "The payment state of one of the caller's orders (result page)",
      description:
        "`pending` is true while the last payment is still open (its notification not yet received); `failure` is the " +
        "translated reason of the last failed or abandoned payment; `invoice_url` once the order is paid.",
      tags,
    },
    async (req, _reply, { order_id }, ctx) => ok(req, await payments.result(ctx, order_id)),
  );
}
