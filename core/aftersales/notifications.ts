// Notifications (decision 082): what changed for the customer. Each kind has a text in the
// "aftersales" catalogue, `aftersales.notif_<kind>`, with {{ref}} (an order, return or credit note number)
// and the kind's own values.
export const NOTIFICATION_KINDS = [
  "order_planned",
  "order_unplanned",
  "order_preparing",
  "order_ready",
  "order_ready_for_pickup",
  "order_picked_up",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "order_edited",
  "delivery_rescheduled",
  "return_status",
  "credit_note_issued",
  "answer_received",
  "account_approved",
  "account_refused",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The catalogue key of a kind. */
export const notificationKey = (kind: NotificationKind) => `aftersales.notif_${kind}`;

/** Most notifications a page lists. */
export const NOTIFICATIONS_PAGE = 50;
