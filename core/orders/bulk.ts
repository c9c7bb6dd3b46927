// Bulk actions on the order queue's selection: an event of the order life applied to each chosen order (each its
// own audited write, so one order in a wrong state is reported and the others move), or the selection exported.
// A role sees and may send only the actions its permissions grant; the server checks again for each order.
import { can, type Permission, type StaffRole } from "../staff/permissions.ts";
import { EVENT_PERMISSION } from "./life.ts";

export const BULK_EVENTS = ["start_preparation", "deliver"] as const;
export type BulkEvent = (typeof BULK_EVENTS)[number];
export const BULK_ACTIONS = [...BULK_EVENTS, "export"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The most orders of one selection: the queue's largest page. */
export const BULK_MAX = 100;

/** Exporting shows what the queue already shows: reading orders is enough. */
export const BULK_PERMISSION: Readonly<Record<BulkAction, Permission>> = {
  start_preparation: EVENT_PERMISSION.start_preparation!,
  deliver: EVENT_PERMISSION.deliver!,
  export: "orders:read",
};

export const isBulkEvent = (a: BulkAction): a is BulkEvent => (BULK_EVENTS as readonly string[]).includes(a);

/** The bulk actions the roles may take, in the toolbar's order. */
export function bulkActionsOf(roles: readonly StaffRole[]): BulkAction[] {
  return BULK_ACTIONS.filter((a) => can(roles, BULK_PERMISSION[a]));
}
