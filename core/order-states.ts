// Order state labels (SPEC §4 "Order states as labels"; decision 024). Labels are i18n keys of the
// "orders" namespace with their interpolation values; the texts live in the app catalogues.
import { formatDate } from "./format-date.ts";
import type { Lang } from "./lang.ts";
import { ORDER_STATUSES, isOrderStatus } from "./orders/life.ts";

/** The order states stored by the server (server/db/schema/sales.ts): the order life's (orders/life.ts). */
export const ORDER_STATES = ORDER_STATUSES;
export const isOrderState = isOrderStatus;

interface OrderStateInput {
  status: string;
  /** Cancellation moment (for "cancelled"). */
  cancelled_at?: string | Date | null;
  /** Planned delivery date "YYYY-MM-DD" (for "planned"). */
  planned_delivery_date?: string | Date | null;
}

export interface StateLabel {
  /** i18n key, e.g. "orders.state_cancelled_on". */
  key: string;
  /** Interpolation values ({{date}}), already formatted for the language. */
  values: Record<string, string>;
  /** Visual tone for a badge. */
  tone: "warning" | "info" | "success" | "danger" | "neutral";
}

/**
 * Label of an order state: processing; unpaid (awaiting payment); cancelled, with its date when known;
 * planned for a date; shipped; delivered. An unknown status gives orders.state_unknown.
 */
export function orderStateLabel(order: OrderStateInput, lang: Lang): StateLabel {
  switch (order.status) {
    case "unpaid":
      return { key: "orders.state_unpaid", values: {}, tone: "warning" };
    case "processing":
      return { key: "orders.state_processing", values: {}, tone: "info" };
    case "planned": {
      const date = formatDate(order.planned_delivery_date ?? null, lang);
      return date
        ? { key: "orders.state_planned_on", values: { date }, tone: "info" }
        : { key: "orders.state_planned", values: {}, tone: "info" };
    }
    case "preparing":
      return { key: "orders.state_preparing", values: {}, tone: "info" };
    case "ready":
      return { key: "orders.state_ready", values: {}, tone: "info" };
    case "ready_for_pickup":
      return { key: "orders.state_ready_for_pickup", values: {}, tone: "success" };
    case "picked_up":
      return { key: "orders.state_picked_up", values: {}, tone: "success" };
    case "shipped":
      return { key: "orders.state_shipped", values: {}, tone: "info" };
    case "delivered":
      return { key: "orders.state_delivered", values: {}, tone: "success" };
    case "cancelled": {
      const date = formatDate(order.cancelled_at ?? null, lang);
      return date
        ? { key: "orders.state_cancelled_on", values: { date }, tone: "danger" }
        : { key: "orders.state_cancelled", values: {}, tone: "danger" };
    }
    default:
      return { key: "orders.state_unknown", values: {}, tone: "neutral" };
  }
}

/** Every key orderStateLabel can return (for catalogue completeness tests). */
export const ORDER_STATE_KEYS = [
  "orders.state_unpaid",
  "orders.state_processing",
  "orders.state_planned",
  "orders.state_planned_on",
  "orders.state_preparing",
  "orders.state_ready",
  "orders.state_ready_for_pickup",
  "orders.state_picked_up",
  "orders.state_shipped",
  "orders.state_delivered",
  "orders.state_cancelled",
  "orders.state_cancelled_on",
  "orders.state_unknown",
] as const;

/**
 * Whether the order may be paid (again): unpaid (re-pay after a failed or abandoned payment), or a paid order whose
 * total staff raised, for the balance due (decision 140).
 */
export function canRepay(status: string, balanceDue: string | number = 0): boolean {
  return status === "unpaid" || (status !== "cancelled" && Number(balanceDue) > 0);
}
