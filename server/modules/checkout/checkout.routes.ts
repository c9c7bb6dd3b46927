// Checkout endpoints (SPEC §7; decision 071): delivery cost, saved cart parameters, the checkout page's data,
// coupons and receiving times. Login required for all of them; every object is checked against the caller.
import type { FastifyInstance } from "fastify";
import {
  cartParams,
  couponList,
  getDeliveryExpense,
  getReceiptArrangement,
  orderAddressValidate,
  preOrderInfo,
  promoCodeVerification,
  setReceiptArrangement,
} from "#core/contracts/checkout.ts";
import { wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

const tags = ["Checkout"];

export async function checkoutRoutes(site: FastifyInstance) {
  const { checkout, coupons, receipt, cart } = site.services;

  apiRoute(
    site,
    getDeliveryExpense,
    {
      tags,
      summary: "Freight for the chosen delivery address and mode (measures recomputed from the server cart)",
      description:
        "An empty freight when no lookup applies (pickup, no address or zip). getAll=1 saves the freight, the mode and the addresses on the cart.",
    },
    async (req, _reply, input, ctx) => ok(req, await checkout.deliveryExpense(ctx, input)),
  );

  apiRoute(
    site,
    cartParams,
    { tags, summary: "Save the checkout choices on the cart: addresses, delivery mode or shop, appointment, coupon, note" },
    async (req, _reply, { infos }, ctx) => ok(req, await checkout.saveParams(ctx, infos), "checkout.params_saved"),
  );

  apiRoute(
    site,
    preOrderInfo,
    {
      tags,
      summary: "Everything the checkout page needs: addresses, shops, saved choices, receiving times, thresholds, delivery modes",
    },
    async (req, _reply, _input, ctx) => ok(req, await checkout.preOrderInfo(ctx)),
  );

  apiRoute(
    site,
    promoCodeVerification,
    {
      tags,
      summary:
        "Check a coupon code for the caller (owner, period, uses left, minimum against the cart's goods); answers its value and minimum",
      description:
        "Does not put the code on the cart (cartParams with `code` does, without the minimum check: the cart can still change, and below its minimum a coupon on the cart takes nothing off).",
    },
    async (req, _reply, { code }, ctx) => {
      const { cart_info } = await cart.view(ctx);
      return ok(req, await coupons.verifyForCart(ctx, code, cart_info.totalAmount), "checkout.coupon_valid");
    },
  );

  apiRoute(site, couponList, { tags, summary: "The caller's coupons" }, async (req, _reply, _input, ctx) =>
    ok(req, wholeList(await coupons.list(ctx))),
  );

  apiRoute(
    site,
    setReceiptArrangement,
    { tags, summary: "Save the delivery receiving times per weekday (morning, afternoon)" },
    async (req, _reply, input, ctx) => ok(req, await receipt.set(ctx, input), "checkout.receipt_saved"),
  );

  apiRoute(site, getReceiptArrangement, { tags, summary: "The saved delivery receiving times" }, async (req, _reply, _input, ctx) =>
    ok(req, await receipt.get(ctx)),
  );

  apiRoute(
    site,
    orderAddressValidate,
    {
      tags,
      summary: "Whether a delivery address can be delivered: for one of the caller's orders, one of their addresses, or both",
      description:
        "Checks the zip (French, metropolitan, in a freight zone), the mode against `paletteBlockZipcode`, the appointment against `optionRdvBlockZipcode`, and that receiving times are saved. Answers `valid` and `problems` (`field`, `key`, translated `message`); another customer's order or address is not found. Changes nothing.",
    },
    async (req, _reply, input, ctx) => {
      const answer = await checkout.validateAddress(ctx, input);
      return ok(req, answer, answer.valid ? "checkout.address_deliverable" : "checkout.address_not_deliverable");
    },
  );
}
