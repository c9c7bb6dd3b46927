// What the account shows of an order (decision 072): answer types shared by the API and
// the pages (app/ imports nothing from server/), the VAT breakdown by rate and the tracking timeline.
import type { Acceptance } from "./legal.ts";
import type { ListPage } from "./list-page.ts";
import { decOrZero, sum } from "./money.ts";
import { vatByRate, type VatRow } from "./vat.ts";
import type { StateLabel } from "./order-states.ts";

export type OrderAddress = Record<string, unknown> & {
  first_name?: string;
  last_name?: string;
  company?: string | null;
  line1?: string;
  line2?: string | null;
  zip_code?: string;
  city?: string;
  country?: string;
  phone?: string | null;
};

export type OrderSummary = {
  id: number;
  number: string;
  created_at: string; // ISO moment
  status: string;
  state: StateLabel;
  /** The state label translated in the caller's language. */
  status_text: string;
  total_ht: string;
  total_ttc: string;
  /** Credit-note balance spent on the order (decision 079; 0.00 without) and what the card pays: total_ttc − credit. */
  credit_used: string;
  amount_due: string;
  lines_count: number;
  pickup_method: number;
  /** parcel, pallet, carrier or pickup (decision 071); null for orders written before the column. */
  delivery_mode: string | null;
  planned_delivery_date: string | null;
};

/** The list shape of every list answer (core/list-page.ts), and the page count the pager shows. */
export type OrderList = ListPage<OrderSummary> & { page_count: number };

export type OrderLineView = {
  id: number;
  model_id: number | null;
  reference: string;
  designation: string;
  unit: string;
  price: string;
  num: number;
  tva: string;
  remise: string;
  line_ht: string;
  /** Units offered by the line's promotion on top of `num` (0 for none). */
  gifted_units: number;
};

export type { VatRow };

export type OrderTotals = {
  goods_ht: string;
  discount_amount: string;
  /** Freight charged, net of the freight discount (what total HT counts). */
  freight_ht: string;
  freight_tva: string;
  /** The freight discount of SPEC §9 taken off the freight (≥ 0; 0 for orders without, or older than the column). */
  freight_discount_ht: string;
  total_ht: string;
  vat: VatRow[];
  total_tva: string;
  total_ttc: string;
};

export type TrackingStep = {
  key: "placed" | "paid" | "planned" | "shipped" | "delivered" | "cancelled";
  done: boolean;
  date: string | null;
};

export type OrderDetail = OrderSummary & {
  lines: OrderLineView[];
  totals: OrderTotals;
  delivery_address: OrderAddress | null;
  invoice_address: OrderAddress | null;
  /** Set for a pickup order (pickup_method 2). */
  shop: { id: number; name: string; address: string } | null;
  cancelled_at: string | null;
  payment: { method: string | null; transaction_id: string | null; paid_at: string } | null;
  note: string | null;
  tracking: TrackingStep[];
  can_repay: boolean;
  /** The invoice of a paid order and its PDF path (/documents/invoice/<id>.pdf), else null. */
  invoice_number: string | null;
  invoice_url: string | null;
  /** Handed to the carrier / delivered (decision 082); null before, or for orders older than these columns. */
  shipped_at?: string | null;
  delivered_at?: string | null;
  /** The planned date's confirmation state (core/aftersales/deliveries.ts) and the reply deadline. */
  delivery_status?: string | null;
  delivery_reply_by?: string | null;
  /** The terms of sale accepted with the order: version and time; null when none was recorded. */
  cgv?: Acceptance | null;
};

/** Answer of POST /site/Sale/reorder: what went back into the cart and what could not. */
export type ReorderResult = {
  added: { model_id: number; reference: string; num: number }[];
  messages: { model_id: number; reference: string; key: string; vars: Record<string, string | number>; text: string }[];
};

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

const PROGRESS = ["unpaid", "processing", "planned", "shipped", "delivered"] as const;

/**
 * Tracking timeline: placed, paid, planned (with its date), shipped, delivered; a cancelled order shows
 * placed (and paid when it was) then cancelled. A step is done when the status has reached it.
 */
export function trackingSteps(o: {
  status: string;
  created_at: string;
  paid_at: string | null;
  planned_delivery_date: string | null;
  cancelled_at: string | null;
  shipped_at?: string | null;
  delivered_at?: string | null;
}): TrackingStep[] {
  if (o.status === "cancelled") {
    return [
      { key: "placed", done: true, date: o.created_at },
      ...(o.paid_at ? [{ key: "paid" as const, done: true, date: o.paid_at }] : []),
      { key: "cancelled", done: true, date: o.cancelled_at },
    ];
  }
  const reached = PROGRESS.indexOf(o.status as (typeof PROGRESS)[number]);
  const at = (s: (typeof PROGRESS)[number]) => reached >= PROGRESS.indexOf(s);
  return [
    { key: "placed", done: true, date: o.created_at },
    { key: "paid", done: o.paid_at !== null || at("processing"), date: o.paid_at },
    { key: "planned", done: at("planned") && (o.planned_delivery_date !== null || at("shipped")), date: o.planned_delivery_date },
    { key: "shipped", done: at("shipped"), date: o.shipped_at ?? null },
    { key: "delivered", done: at("delivered"), date: o.delivered_at ?? null },
  ];
}
