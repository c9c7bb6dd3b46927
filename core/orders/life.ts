// One order life (DESIGN §9): every change of an order's status, by staff, by the payment provider or by the shop's
// own jobs, is an event this machine accepts or refuses. The server writes an accepted change guarded on the states
// it may leave (`update … where status in (from)`), so two staff, a late payment notice and the expiry of an unpaid
// order never both win; the customer's tracking, the notifications and the back office read the same states.
//
//   unpaid ──pay──▶ processing ──plan──▶ planned (a delivery date; the customer confirms it on /livraisons)
//     │                 └───────┬──────────┘
//     │              start_preparation
//     │                        ▼
//     │                    preparing ──mark_ready──▶ ready ──ship──▶ shipped ──deliver──▶ delivered
//     │                                      └─(pickup)─▶ ready_for_pickup ──hand_over──▶ picked_up
//     └─expire / cancel──▶ cancelled ◀──cancel── any state before shipped or picked up
import { can, type Permission, type StaffRole } from "../staff/permissions.ts";

export const ORDER_STATUSES = [
  "unpaid",
  "processing",
  "planned",
  "preparing",
  "ready",
  "ready_for_pickup",
  "shipped",
  "picked_up",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const isOrderStatus = (s: unknown): s is OrderStatus => typeof s === "string" && (ORDER_STATUSES as readonly string[]).includes(s);

/** What a staff member records when an order is ready: the parcels and pallets made and their weight. */
export type Packing = { parcels: number; pallets: number; weight_kg: number };

export type OrderEvent =
  | { type: "pay" }
  | { type: "expire" }
  /** `force`: staff plan beyond the round's capacity on purpose (decision 138). */
  | { type: "plan"; date: string; force?: boolean }
  | { type: "unplan" }
  | { type: "start_preparation" }
  | ({ type: "mark_ready" } & Packing)
  | { type: "ship"; carrier: string; tracking: string }
  | { type: "deliver" }
  | { type: "hand_over"; picked_up_by: string }
  | { type: "cancel"; refund: CancelRefund };

export type OrderEventType = OrderEvent["type"];

/** The events staff cause through the order life's steps (payment and expiry are the shop's own; a cancellation, with
 * its refund, is a use case of its own): from the order page, and planning from the delivery board. */
export type StaffOrderEvent = Extract<
  OrderEvent,
  { type: "plan" | "unplan" | "start_preparation" | "mark_ready" | "ship" | "deliver" | "hand_over" }
>;

/** How a cancelled order's payment goes back: through the payment provider, as a credit note, or nothing was paid. */
export const CANCEL_REFUNDS = ["provider", "credit_note", "none"] as const;
export type CancelRefund = (typeof CANCEL_REFUNDS)[number];

/** What the machine needs of the order: its status, and whether the buyer collects it at a store. */
export type OrderLife = { status: OrderStatus; pickup: boolean };

/** The states each event may leave. */
export const FROM: Readonly<Record<OrderEventType, readonly OrderStatus[]>> = {
  pay: ["unpaid"],
  expire: ["unpaid"],
  plan: ["processing", "planned"],
  unplan: ["planned"],
  start_preparation: ["processing", "planned"],
  mark_ready: ["preparing"],
  ship: ["ready"],
  deliver: ["shipped"],
  hand_over: ["ready_for_pickup"],
  cancel: ["unpaid", "processing", "planned", "preparing", "ready", "ready_for_pickup"],
};

/** The permission a staff member needs for each event staff may cause (payment and expiry are the system's). */
export const EVENT_PERMISSION: Readonly<Partial<Record<OrderEventType, Permission>>> = {
  plan: "planning:write",
  unplan: "planning:write",
  start_preparation: "preparation:write",
  mark_ready: "preparation:write",
  ship: "preparation:write",
  deliver: "preparation:write",
  hand_over: "pickup:write",
  cancel: "orders:cancel",
};

/**
 * Cancelling needs `orders:cancel`; refunding through the payment provider sends money out of the shop and needs
 * `orders:refund` too. A credit note keeps the money in the shop as the customer's credit: customer service may
 * give one when it cancels.
 */
export const CANCEL_REFUND_PERMISSION: Readonly<Record<CancelRefund, Permission | null>> = {
  provider: "orders:refund",
  credit_note: null,
  none: null,
};

/** Whether the roles may cancel an order with this way of refunding it. */
export function mayCancel(roles: readonly StaffRole[], refund: CancelRefund): boolean {
  const extra = CANCEL_REFUND_PERMISSION[refund];
  return can(roles, "orders:cancel") && (extra === null || can(roles, extra));
}

/** Limits of what staff type in (the pages' schemas use them too). */
export const PACKING_MAX = { parcels: 999, pallets: 99, weight_kg: 99_999 } as const;
export const TRACKING_MAX = 60;
export const CARRIER_MAX = 40;
export const PICKED_UP_BY_MAX = 80;
export const CANCEL_REASON_MAX = 300;

export type Transition = { ok: true; status: OrderStatus } | { ok: false; key: string };

const refusal = (key: string): Transition => ({ ok: false, key });

/**
 * The status after `event`, or the refusal's message key. Pure: the server applies it under its guard, a page uses
 * it to offer only the actions that can succeed.
 */
export function nextStatus(order: OrderLife, event: OrderEvent): Transition {
  if (!FROM[event.type].includes(order.status)) return refusal(`orders.transition_refused_${order.status}`);
  switch (event.type) {
    case "pay":
    case "unplan":
      return { ok: true, status: "processing" };
    case "expire":
    case "cancel":
      if (event.type === "cancel" && event.refund === "none" && order.status !== "unpaid") return refusal("orders.cancel_refund_required");
      if (event.type === "cancel" && event.refund !== "none" && order.status === "unpaid") return refusal("orders.cancel_nothing_paid");
      return { ok: true, status: "cancelled" };
    case "plan":
      if (order.pickup) return refusal("orders.plan_pickup");
      return { ok: true, status: "planned" };
    case "start_preparation":
      return { ok: true, status: "preparing" };
    case "mark_ready":
      if (!validPacking(event, order.pickup)) return refusal("orders.packing_invalid");
      return { ok: true, status: order.pickup ? "ready_for_pickup" : "ready" };
    case "ship":
      if (order.pickup) return refusal("orders.ship_pickup");
      if (!event.carrier.trim() || !event.tracking.trim()) return refusal("orders.tracking_required");
      return { ok: true, status: "shipped" };
    case "deliver":
      return { ok: true, status: "delivered" };
    case "hand_over":
      if (!event.picked_up_by.trim()) return refusal("orders.picked_up_by_required");
      return { ok: true, status: "picked_up" };
  }
}

/** Whole numbers within the limits, something to carry, a weight above 0; a delivered order needs a parcel or a pallet. */
export function validPacking(p: Packing, pickup: boolean): boolean {
  const whole = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max;
  if (!whole(p.parcels, PACKING_MAX.parcels) || !whole(p.pallets, PACKING_MAX.pallets)) return false;
  if (!Number.isFinite(p.weight_kg) || p.weight_kg <= 0 || p.weight_kg > PACKING_MAX.weight_kg) return false;
  return pickup || p.parcels + p.pallets > 0;
}

/** The events that can succeed from a status (what a page offers), before their details are known. */
export function possibleEvents(order: OrderLife): OrderEventType[] {
  return (Object.keys(FROM) as OrderEventType[]).filter((t) => {
    if (!FROM[t].includes(order.status)) return false;
    if (order.pickup && (t === "plan" || t === "ship")) return false;
    return true;
  });
}

/** A status after which nothing changes any more. */
export const isFinal = (s: OrderStatus) => s === "delivered" || s === "picked_up" || s === "cancelled";

/** Whether the order's stock is still held by it: a cancellation gives it back (exactly once: the guard on the status). */
export const holdsStock = (s: OrderStatus) => s !== "cancelled";
