// Erasing a customer's personal data on request (decision 147). The account stays as a row (its orders, invoices,
// credit notes and returns refer to it and the law keeps them ten years, Code de commerce L123-22) but everything
// that names the person is replaced by placeholders, and it can no longer log in.
import type { OrderStatus } from "#core/orders/life.ts";

/** Order statuses after which nothing is owed nor being handled: only then may the account be erased. */
export const ERASABLE_ORDER_STATUSES: readonly OrderStatus[] = ["delivered", "picked_up", "cancelled"];

/** The domain of the erased accounts' placeholder e-mails (RFC 2606: never delivered). */
export const ERASED_EMAIL_DOMAIN = "erased.invalid";

/** A stored password that no password matches (password.server.ts verifies only "scrypt$…"). */
export const ERASED_PASSWORD = "erased";

/** The placeholder identity of an erased account: unique e-mail (the unique index), nothing that names anyone. */
export function erasedIdentity(customerId: number) {
  return {
    title: "M" as const,
    firstName: "—",
    lastName: "—",
    company: null,
    siret: null,
    vatNumber: null,
    phone: null,
    email: `erased-${customerId}@${ERASED_EMAIL_DOMAIN}`,
  };
}

export const isErasedEmail = (email: string) => email.toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);

/**
 * Why the account cannot be erased now, or null: an order still unpaid or with a balance due (the shop would lose
 * whom to claim it from), or one still in progress (to deliver, to hand over).
 */
export function erasureBlocker(orders: readonly { status: string; balance_due: string | number }[]): "unpaid" | "in_progress" | null {
  if (orders.some((o) => o.status === "unpaid" || Number(o.balance_due) > 0)) return "unpaid";
  if (orders.some((o) => !(ERASABLE_ORDER_STATUSES as readonly string[]).includes(o.status))) return "in_progress";
  return null;
}
