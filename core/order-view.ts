// What the account shows of an order (decision 072): the VAT breakdown by rate, the tracking timeline and the
// delivery mode's name. The answer types, shared by the API and the pages, are core/contracts/orders.ts's.
import { decOrZero, sum } from "./money.ts";
import { vatByRate, type VatRow } from "./vat.ts";
import type { OrderAddressAnswer, TrackingStepAnswer } from "./contracts/orders.ts";

/**
 * An order's address snapshot as read from the order (the e-mails, the documents): the answer's fields
 * (core/contracts/orders.ts), any of which a row written by hand may lack.
 */
export type OrderAddress = Record<string, unknown> & Partial<OrderAddressAnswer>;

export type { VatRow };

const DELIVERY_MODES: Record<string, string> = {
  parcel: "orders.delivery_mode_parcel",
  pallet: "orders.delivery_mode_pallet",
  carrier: "orders.delivery_mode_carrier",
};

/** The delivery mode as the order names it (an `orders` key): store pickup, or the carriage it was charged for. */
export function deliveryModeKey(o: { pickup_method: number; delivery_mode: string | null }): string {
  if (o.pickup_method === 2) return "orders.delivery_mode_pickup";
  return DELIVERY_MODES[o.delivery_mode ?? ""] ?? "orders.delivery_mode_delivery";
}

/** What an order stored of its money that the VAT rows read (freight_* absent on rows older than those columns). */
type OrderVatFigures = {
  freight_ht: string;
  freight_tva: string;
  discount_amount: string;
  /** The freight's VAT rate as charged (the tariff's general_tva); null without freight. */
  freight_vat_rate?: string | null;
};

/**
 * VAT by rate of an order (core/vat.ts): its lines at their rates less the coupon, the freight charged (net of
 * the freight discount) at the rate it was charged at with the VAT it was charged with. The rows add up to
 * the order's total HT and total VAT.
 */
export function vatBreakdown(lines: readonly { tva: string; line_ht: string }[], order: OrderVatFigures): VatRow[] {
  const freight = decOrZero(order.freight_ht);
  // Orders without a stored rate have no freight (the column was filled for the others when added).
  const rate = order.freight_vat_rate ?? (freight.isZero() ? "0" : "0.2");
  return vatByRate(
    lines.map((l) => ({ amount: l.line_ht, rate: l.tva })),
    { discount: order.discount_amount, charges: [{ amount: freight, rate, vat: order.freight_tva }] },
  ).rows;
}

/** Goods before the order discount: Σ line_ht (each line already net of its own promotion). */
export function goodsTotal(lines: readonly { line_ht: string }[]): string {
  return sum(lines.map((l) => l.line_ht)).toFixed(2);
}

/** How far each status has come on the customer's timeline (a pickup's ready and picked up sit with ready, delivered). */
const PROGRESS: Record<string, number> = {
  unpaid: 0,
  processing: 1,
  planned: 2,
  preparing: 3,
  ready: 4,
  ready_for_pickup: 4,
  shipped: 5,
  picked_up: 6,
  delivered: 6,
};

/**
 * Tracking timeline: placed, paid, planned (with its date), prepared, shipped, delivered; a store pickup: placed,
 * paid, prepared (ready to collect), picked up. A cancelled order shows placed (and paid when it was) then
 * cancelled. A step is done when the status has reached it.
 */
export function trackingSteps(o: {
  status: string;
  pickup_method?: number | null;
  created_at: string;
  paid_at: string | null;
  planned_delivery_date: string | null;
  cancelled_at: string | null;
  shipped_at?: string | null;
  delivered_at?: string | null;
}): TrackingStepAnswer[] {
  if (o.status === "cancelled") {
    return [
      { key: "placed", done: true, date: o.created_at },
      ...(o.paid_at ? [{ key: "paid" as const, done: true, date: o.paid_at }] : []),
      { key: "cancelled", done: true, date: o.cancelled_at },
    ];
  }
  const reached = PROGRESS[o.status] ?? -1;
  const at = (s: string) => reached >= PROGRESS[s];
  const paid = { key: "paid" as const, done: o.paid_at !== null || at("processing"), date: o.paid_at };
  if (o.pickup_method === 2) {
    return [
      { key: "placed", done: true, date: o.created_at },
      paid,
      { key: "prepared", done: at("ready_for_pickup"), date: null },
      { key: "picked_up", done: at("picked_up"), date: o.delivered_at ?? null },
    ];
  }
  return [
    { key: "placed", done: true, date: o.created_at },
    paid,
    { key: "planned", done: at("planned") && (o.planned_delivery_date !== null || at("shipped")), date: o.planned_delivery_date },
    { key: "prepared", done: at("ready"), date: null },
    { key: "shipped", done: at("shipped"), date: o.shipped_at ?? null },
    { key: "delivered", done: at("delivered"), date: o.delivered_at ?? null },
  ];
}
