// Checkout endpoints (SPEC §7; decision 071): delivery cost, saved cart parameters, the checkout page's data,
// coupons and receiving times. Login required for all of them; every object is checked against the caller.
import type { FastifyInstance } from "fastify";
import {
  cartParamsSchema,
  deliveryExpenseSchema,
  orderAddressValidateSchema,
  promoCodeSchema,
  receiptArrangementSchema,
} from "#core/validation/checkout.ts";
import { wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { legacyApiRoute } from "#server/http/openapi.ts";

const tags = ["Checkout"];

export async function checkoutRoutes(site: FastifyInstance) {
  const { checkout, coupons, receipt, cart, db } = site.services;

  legacyApiRoute(
    site,
    {
      method: "GET",
      url: "/Sale/getDeliveryExpense",
      tags,
      auth: true,
      input: deliveryExpenseSchema,
      summary: "Freight for the chosen delivery address and mode (measures recomputed from the server cart)",
      description:
        "Answers `{ freight, delivery_mode }`; an empty freight when no lookup applies (pickup, no address or zip). getAll=1 saves the freight, the mode and the addresses on the cart.",
    },
    async (req, _reply, input, customer) => ok(req, await checkout.deliveryExpense(db, customer.id, input)),
  );

  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Sale/cartParams",
      tags,
      auth: true,
      input: cartParamsSchema,
      summary: "Save the checkout choices on the cart: addresses, delivery mode or shop, appointment, coupon, note",
    },
    async (req, _reply, { infos }, customer) => ok(req, await checkout.saveParams(db, customer.id, infos), "checkout.params_saved"),
  );

  legacyApiRoute(
    site,
    {
      method: "GET",
      url: "/Index/preOrderInfo",
      tags,
      auth: true,
      summary: "Everything the checkout page needs: addresses, shops, saved choices, receiving times, thresholds, delivery modes",
    },
    async (req, _reply, _input, customer) => ok(req, await checkout.preOrderInfo(db, customer.id, req.lang)),
  );

  legacyApiRoute(
    site,
    {
      method: "GET",
      url: "/Sale/promoCodeVerification",
      tags,
      auth: true,
      input: promoCodeSchema,
      summary:
        "Check a coupon code for the caller (owner, period, uses left, minimum against the cart's goods); answers its value and minimum",
      description:
        "Does not put the code on the cart (cartParams with `code` does, without the minimum check: the cart can still change, and below its minimum a coupon on the cart takes nothing off).",
    },
    async (req, _reply, { code }, customer) => {
      const { cart_info } = await cart.view(db, customer.id, req.lang);
      return ok(req, await coupons.verifyForCart(db, customer.id, code, cart_info.totalAmount, req.lang), "checkout.coupon_valid");
    },
  );

  legacyApiRoute(
    site,
    { method: "GET", url: "/Customer/couponList", tags, auth: true, summary: "The caller's coupons" },
    async (req, _reply, _input, customer) => ok(req, wholeList(await coupons.list(db, customer.id))),
  );

  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Customer/setReceiptArrangement",
      tags,
      auth: true,
      input: receiptArrangementSchema,
      summary: "Save the delivery receiving times per weekday (morning, afternoon)",
    },
    async (req, _reply, input, customer) => ok(req, await receipt.set(db, customer.id, input), "checkout.receipt_saved"),
  );

  legacyApiRoute(
    site,
    { method: "GET", url: "/Customer/getReceiptArrangement", tags, auth: true, summary: "The saved delivery receiving times" },
    async (req, _reply, _input, customer) => ok(req, await receipt.get(db, customer.id)),
  );

  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Customer/orderAddressValidate",
      tags,
      auth: true,
      input: orderAddressValidateSchema,
      summary: "Whether a delivery address can be delivered: for one of the caller's orders, one of their addresses, or both",
      description:
        "Checks the zip (French, metropolitan, in a freight zone), the mode against `paletteBlockZipcode`, the appointment against `optionRdvBlockZipcode`, and that receiving times are saved. Answers `valid` and `problems` (`field`, `key`, translated `message`); another customer's order or address is not found. Changes nothing.",
    },
    async (req, _reply, input, customer) => {
      const answer = await checkout.validateAddress(db, customer.id, input, req.lang);
      return ok(req, answer, answer.valid ? "checkout.address_deliverable" : "checkout.address_not_deliverable");
    },
  );
}
