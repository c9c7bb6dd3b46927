// What a cancelled order gives back to the customer (DESIGN §9), by the way staff chose (life.ts CancelRefund). The
// credit notes spent on it go back to them, as the unpaid-order expiry does; what was paid besides goes back by card
// (never more than the card payment may still refund) or as a new credit note; an unpaid order gives back no money.
import { dec, decOrZero, type DecimalInput } from "../money.ts";
import { amountDue } from "../documents/credit.ts";
import type { CancelRefund, OrderStatus } from "./life.ts";

/** The order's money as the server read it under the order's lock. */
export type CancelMoney = {
  total_ttc: DecimalInput;
  /** Credit notes spent on it and not given back. */
  credit_used: DecimalInput;
  /** What its card payment may still refund through the provider; null when the provider knows no payment of it. */
  card_refundable: DecimalInput | null;
  /** What the customer still owed after an edit raised the paid order's total (decision 140): never paid, never refunded. */
  balance_due?: DecimalInput;
};

export type Settlement = { ok: true; credit_released: string; card_refund: string; credit_note: string } | { ok: false; key: string };

/** The amounts a cancellation gives back, or the refusal's message key. */
export function cancelSettlement(status: OrderStatus, refund: CancelRefund, m: CancelMoney): Settlement {
  const credit_released = decOrZero(m.credit_used).toFixed(2);
  const paid = status === "unpaid" ? "0.00" : amountDue(decOrZero(m.total_ttc).minus(decOrZero(m.balance_due)), m.credit_used);
  const none = { ok: true as const, credit_released, card_refund: "0.00", credit_note: "0.00" };
  if (status === "unpaid" && refund !== "none") return { ok: false, key: "orders.cancel_nothing_paid" };
  switch (refund) {
    case "none":
      return status === "unpaid" ? none : { ok: false, key: "orders.cancel_refund_required" };
    case "credit_note":
      return { ...none, credit_note: paid };
    case "provider":
      if (m.card_refundable === null || dec(m.card_refundable).lt(paid)) return { ok: false, key: "orders.cancel_card_unavailable" };
      return { ...none, card_refund: paid };
  }
}
