// Editing an order before its preparation (decision 140): which orders may change, what a line of an order is to
// core's cart rules (so an edited order is totalled by the rules it was placed with), which quantities the stock must
// give or take back, and how the difference in money is settled. Pure: the server applies it under the order's lock.
import { dec, decOrZero, type Decimal, type DecimalInput } from "../money.ts";
import { quantityProblem, type Availability, type AvailabilityKey } from "../cart/availability.ts";
import type { CartLine, PromotionInfo } from "../cart/types.ts";
import type { OrderStatus } from "./life.ts";

/** Before preparation: placed and unpaid, or paid and not yet taken by the warehouse (planned or not). */
export const EDITABLE: readonly OrderStatus[] = ["unpaid", "processing", "planned"];
export const isEditable = (status: string): boolean => (EDITABLE as readonly string[]).includes(status);

/** Most lines an edited order may hold, and most units a line may hold (the cart's own ceiling). */
export const EDIT_LINES_MAX = 200;

/** What priced an order line besides its unit price, VAT rate and quantity (kept on the line at placement). */
export type LinePricing = {
  site_price: string | null;
  remise_info: PromotionInfo | null;
  poids: string | null;
  volume: string | null;
  non_gls_status: number | null;
};

const text = (v: DecimalInput | null | undefined) => (v === null || v === undefined ? null : String(v));

/** The pricing of a cart line as the order keeps it. */
export function linePricing(l: CartLine): LinePricing {
  return {
    site_price: text(l.site_price),
    remise_info: l.remise_info ?? null,
    poids: text(l.poids),
    volume: text(l.volume),
    non_gls_status: l.non_gls_status ?? null,
  };
}

/** An order line as core's cart rules read it: the price and rate it was ordered at, its pricing, a quantity. */
export function orderCartLine(l: { model_id: number; num: number; price: DecimalInput; tva: DecimalInput }, p: LinePricing): CartLine {
  return {
    model_id: l.model_id,
    num: l.num,
    price: String(l.price),
    tva: String(l.tva),
    site_price: p.site_price,
    remise_info: p.remise_info,
    poids: p.poids,
    volume: p.volume,
    non_gls_status: p.non_gls_status,
  };
}

/** A line of the order as it is, and what the edit asks of it (0: removed). */
export type LineChange = { model_id: number; before: number; after: number };

/** Units each model gives to the order (> 0: taken from stock) or gives back (< 0), in model id order, zeros left out. */
export function stockDeltas(changes: readonly LineChange[]): { model_id: number; delta: number }[] {
  const by = new Map<number, number>();
  for (const c of changes) by.set(c.model_id, (by.get(c.model_id) ?? 0) + c.after - c.before);
  return [...by]
    .filter(([, d]) => d !== 0)
    .sort(([a], [b]) => a - b)
    .map(([model_id, delta]) => ({ model_id, delta }));
}

/**
 * Whether a line may go from `before` to `after` units of a model as it is now (null: it may). Lowering a quantity is
 * always allowed (the units go back to stock); raising it or adding a line is the cart's rule, the order's own units
 * counting as available: stock, the purchase ceiling, a model not for sale.
 */
export function lineProblem(m: Availability | undefined, before: number, after: number): AvailabilityKey | null {
  if (after <= before) return null;
  if (!m) return "api.cart_items_unavailable";
  return quantityProblem({ ...m, stock: m.stock + before }, after);
}

/** How a paid order's lower total goes back: to the card that paid it, or as a credit note. */
export const EDIT_REFUNDS = ["provider", "credit_note"] as const;
export type EditRefund = (typeof EDIT_REFUNDS)[number];

/** The order's money as the server read it under the order's lock, and the new total. */
export type EditMoney = {
  status: OrderStatus;
  /** Before and after the edit, TTC. */
  total_before: DecimalInput;
  total_after: DecimalInput;
  /** What the customer still owed of the paid order before this edit (a balance an earlier edit left). */
  balance_before: DecimalInput;
  /** What the order's card payment may still refund; null when the provider knows no payment of it. */
  card_refundable: DecimalInput | null;
};

export type EditSettlement =
  | {
      ok: true;
      /** New total − old total, TTC (negative: lower). */
      difference: string;
      /** What the customer owes of the paid order after the edit (0 for an unpaid order: its amount due changes). */
      balance_due: string;
      /** What goes back to the card, or as a credit note (at most one of them above 0). */
      card_refund: string;
      credit_note: string;
    }
  | { ok: false; key: string };

const fixed = (d: Decimal) => d.toFixed(2);

/**
 * The money of an edit. Unpaid: nothing to settle, the new total is what the customer pays. Paid: what the customer
 * has paid so far is the old total less the balance still due; a new total above it leaves a balance due, below it
 * the difference goes back the way staff chose (to the card only while its payment may still refund it all).
 */
export function editSettlement(m: EditMoney, refund: EditRefund | null): EditSettlement {
  const difference = dec(m.total_after).minus(dec(m.total_before));
  const none = { ok: true as const, difference: fixed(difference), balance_due: "0.00", card_refund: "0.00", credit_note: "0.00" };
  if (m.status === "unpaid") return none;
  const paid = dec(m.total_before).minus(decOrZero(m.balance_before));
  const owed = dec(m.total_after).minus(paid);
  if (owed.sign() >= 0) return { ...none, balance_due: fixed(owed) };
  const back = owed.negated();
  if (refund === null) return { ok: false, key: "orders.edit_refund_required" };
  if (refund === "credit_note") return { ...none, credit_note: fixed(back) };
  if (m.card_refundable === null || dec(m.card_refundable).lt(back)) return { ok: false, key: "orders.cancel_card_unavailable" };
  return { ...none, card_refund: fixed(back) };
}

/** Whether the edit gives money back to a paid order's customer (the page then asks how). */
export function needsRefund(m: Omit<EditMoney, "card_refundable">): boolean {
  if (m.status === "unpaid") return false;
  return dec(m.total_after).lt(dec(m.total_before).minus(decOrZero(m.balance_before)));
}

/**
 * What the confirmation carries of the order it was computed for: its status, total and lines. A confirmation whose
 * order changed meanwhile (another edit, a payment, a step of its life) is refused rather than applied to it.
 */
export function editRevision(o: {
  status: string;
  total_ttc: DecimalInput;
  balance_due: DecimalInput;
  lines: readonly { id: number; num: number }[];
}): string {
  const lines = [...o.lines]
    .sort((a, b) => a.id - b.id)
    .map((l) => `${l.id}x${l.num}`)
    .join(".");
  return `${o.status}-${dec(o.total_ttc).toFixed(2)}-${decOrZero(o.balance_due).toFixed(2)}-${lines}`;
}

/** The order's money as stored (amounts as texts). */
export type OrderTotals = {
  goods_ht: string;
  discount_amount: string;
  freight_ht: string;
  total_ht: string;
  total_tva: string;
  total_ttc: string;
};

/** A line of the edit's preview: its reference and designation, the quantity before and after (0: removed). */
export type EditedLine = {
  id: number | null;
  reference: string;
  designation: string;
  unit: string;
  before: number;
  after: number;
  line_ht: string;
};

/** What the page shows before staff confirm: old and new totals, the lines changed, and how the money settles. */
export type EditPreview = {
  revision: string;
  status: OrderStatus;
  before: OrderTotals;
  after: OrderTotals;
  lines: EditedLine[];
  /** What the customer will pay for an unpaid order (new total less the credit spent on it). */
  amount_due: string;
  /** The settlement of each refund way a lower paid total allows (the page's choice); one entry with `null` otherwise. */
  settlements: { refund: EditRefund | null; settlement: Extract<EditSettlement, { ok: true }> }[];
};
