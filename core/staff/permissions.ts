// Staff roles and what each may do (DESIGN §9): one `resource:action` map, read by the server in every
// loader and action and by the back office's pages to hide what a role cannot do. A staff member holds one
// or more roles; any of them grants a permission.

export const STAFF_ROLES = ["owner", "manager", "warehouse", "planner", "customer_service", "catalogue", "accountant"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ROLE_SET = new Set<string>(STAFF_ROLES);

export function isStaffRole(x: unknown): x is StaffRole {
  return typeof x === "string" && ROLE_SET.has(x);
}

export const PERMISSIONS = [
  "dashboard:read",
  "orders:read",
  /** Edit an order's lines before preparation, write internal notes. */
  "orders:edit",
  "orders:cancel",
  "orders:refund",
  "preparation:read",
  /** Picking lists, mark preparing / ready, shipped with its tracking number. */
  "preparation:write",
  "planning:read",
  /** Delivery dates, daily capacities, round sheets. */
  "planning:write",
  /** Hand an order over at the store desk. */
  "pickup:write",
  "customers:read",
  "customers:write",
  "questions:read",
  "questions:answer",
  "returns:read",
  "returns:write",
  "credit_notes:read",
  "credit_notes:write",
  "invoices:read",
  /** The quotations (requests from carts and staff's own), their lines and state. */
  "quotations:read",
  /** Write a quotation for a customer, change its lines, prices and validity, send it, cancel it (decision 148). */
  "quotations:write",
  "catalogue:read",
  "catalogue:write",
  "catalogue:import",
  /** Coupons and model promotions: reading them and their usage figures. */
  "promotions:read",
  /** Create, edit and end coupons and model promotions (decision 144). */
  "promotions:write",
  /** The shop's public texts: content pages and footer links, the shops and their opening hours (decision 155). */
  "content:write",
  "settings:read",
  "settings:write",
  "staff:read",
  /** Invite, disable, reset a second factor, give roles. */
  "staff:write",
  "audit:read",
  /** The accounting export of a period: invoices, credit notes, payments and refunds as journal entries (decision 146). */
  "accounting:export",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const except = (...left: Permission[]): Permission[] => PERMISSIONS.filter((p) => !left.includes(p));

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  /** Runs the company: everything, and alone manages the team (staff:write). */
  owner: PERMISSIONS,
  /** Runs the shop day to day: everything but the team, the shop's settings and the audit log, the owner's. */
  manager: except("staff:write", "settings:write", "audit:read"),
  /** Prepares and ships orders, hands over pickups at the desk. */
  warehouse: ["dashboard:read", "orders:read", "preparation:read", "preparation:write", "pickup:write"],
  /** Plans delivery dates and rounds; sees what the warehouse has ready. */
  planner: ["dashboard:read", "orders:read", "planning:read", "planning:write", "preparation:read"],
  /**
   * Answers buyers: orders (edit before preparation, cancel), accounts, questions, returns, quotations (their prices too); reads the catalogue
   * to change a line, and invoices and credit notes to explain them. A paid order it cancels is refunded as a credit
   * note (core/orders/life.ts CANCEL_REFUND_PERMISSION); refunds by card and credit notes by hand are the accountant's.
   */
  customer_service: [
    "dashboard:read",
    "orders:read",
    "orders:edit",
    "orders:cancel",
    "customers:read",
    "customers:write",
    "questions:read",
    "questions:answer",
    "returns:read",
    "returns:write",
    "credit_notes:read",
    "invoices:read",
    "quotations:read",
    "quotations:write",
    "catalogue:read",
  ],
  /**
   * Keeps the products, prices and stock: by hand or by CSV import. Reads coupons and promotions to see what a price
   * change meets; writing them is a commercial decision, the owner's and the manager's (decision 144). Keeps the
   * shop's public texts too: content pages, footer links, shops and opening hours (decision 155).
   */
  catalogue: ["dashboard:read", "catalogue:read", "catalogue:write", "catalogue:import", "promotions:read", "content:write"],
  /** Money going out and its papers: refunds, credit notes, invoices; reads the audit log to check who did what. */
  accountant: [
    "dashboard:read",
    "orders:read",
    "orders:refund",
    "customers:read",
    "invoices:read",
    "quotations:read",
    "credit_notes:read",
    "credit_notes:write",
    "returns:read",
    "audit:read",
    "accounting:export",
  ],
};

const GRANTS = new Map<string, ReadonlySet<Permission>>(STAFF_ROLES.map((r) => [r, new Set(ROLE_PERMISSIONS[r])]));

/** Whether any of the roles grants the permission; a role no longer known (an old stored value) grants nothing. */
export function can(roles: readonly StaffRole[], permission: Permission): boolean {
  return roles.some((r) => GRANTS.get(r)?.has(permission) === true);
}

/** Everything the roles grant together (what the back office shows). */
export function permissionsOf(roles: readonly StaffRole[]): ReadonlySet<Permission> {
  return new Set(roles.flatMap((r) => [...(GRANTS.get(r) ?? [])]));
}
