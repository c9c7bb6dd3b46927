// Requests of the card payment API (issue 11; decision 077). Messages are catalogue keys.
import { z } from "zod";
import { parseOrderRef, type OrderRef } from "./orders.ts";

const orderId = z.unknown().transform((v, ctx): OrderRef => {
  const ref = parseOrderRef(v);
  if (!ref) {
    ctx.addIssue({ code: "custom", message: "orders.order_id_invalid" });
    return z.NEVER;
  }
  return ref;
});

/** GET /site/Sale/leavePayment?order_id=<id or number> */
export const leavePaymentSchema = z.object({ order_id: orderId });
/** POST /site/Index/getPaymentResult { order_id } */
export const paymentResultSchema = z.object({ order_id: orderId });
