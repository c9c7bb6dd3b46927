// Payment on account (decision 149): a customer's terms (allowed, term in days, outstanding limit), what they owe and
// may still order on account, staff's writes on them (the terms; a bank transfer received, which settles an invoice
// and frees the outstanding), and the list of invoices on account past their due date.
// Every write locks the customer's row first, as an order on account does: a transfer recorded, a limit changed and an
// order placed apply one after the other.
import { and, eq, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { statement } from "#server/db/statement.ts";
import { customers, invoices, orders } from "#server/db/schema/index.ts";
import { forbidden, notFound, refused } from "#core/domain-errors.ts";
import { can, type Permission } from "#core/staff/permissions.ts";
import { availableCents, daysOverdue, ON_ACCOUNT_METHOD, shopDay } from "#core/customers/on-account.ts";
import type { OnAccountTermsInput, UnpaidQuery } from "#core/validation/staff-customers.ts";
import type { ListPage } from "#core/list-page.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import { iso } from "#server/modules/orders/staff-orders.service.ts";

function allow(ctx: StaffContext, permission: Permission) {
  if (!can(ctx.staff.roles, permission)) throw forbidden("admin.permission_denied");
}

/** What the customer's invoices on account still owe, in cents (settled ones and cancelled orders' excepted). */
export const outstandingSql = statement(
  (p: { customerId: number }) => sql`
    select coalesce(sum(round(i.amount_ttc * 100)), 0)::float8 as cents
    from invoices i join orders o on o.id = i.order_id
    where i.customer_id = ${p.customerId} and i.due_on is not null and i.settled_at is null and o.status <> 'cancelled'`,
);

export async function outstandingCents(q: Db, customerId: number): Promise<number> {
  const [row] = await query<{ cents: number }>(q, outstandingSql({ customerId }));
  return Number(row?.cents ?? 0);
}

export type AccountTerms = {
  allowed: boolean;
  days: number;
  limit_cents: number;
  outstanding_cents: number;
  available_cents: number;
};

/** The customer's terms with what they owe and may still order on account. */
export async function accountTerms(q: Db, customerId: number): Promise<AccountTerms | null> {
  const [c] = await q
    .select({ allowed: customers.onAccount, days: customers.onAccountDays, limit_cents: customers.onAccountLimitCents })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!c) return null;
  const outstanding = await outstandingCents(q, customerId);
  return { ...c, outstanding_cents: outstanding, available_cents: availableCents(c.limit_cents, outstanding) };
}

export type UnpaidInvoiceRow = {
  number: string;
  order_number: string;
  client_number: string;
  company: string | null;
  name: string;
  issued_at: string;
  due_on: string;
  amount_ttc: string;
  days_overdue: number;
};

/** The invoices on account still owed, oldest due date first; `overdue` keeps those past it. */
const unpaidWhere = (today: string, overdue: boolean, customerId?: number) =>
  and(
    sql`${invoices.dueOn} is not null and ${invoices.settledAt} is null and ${orders.status} <> 'cancelled'`,
    overdue ? sql`${invoices.dueOn} < ${today}::date` : undefined,
    customerId === undefined ? undefined : eq(invoices.customerId, customerId),
  );

async function unpaidRows(q: Db, today: string, where: ReturnType<typeof unpaidWhere>, limit: number, offset: number) {
  const rows = await q
    .select({
      number: invoices.number,
      order_number: orders.number,
      client_number: customers.clientNumber,
      company: customers.company,
      name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      issued_at: iso(invoices.issuedAt),
      due_on: sql<string>`${invoices.dueOn}::text`,
      amount_ttc: invoices.amountTtc,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(where)
    .orderBy(invoices.dueOn, invoices.id)
    .limit(limit)
    .offset(offset);
  return rows.map((r): UnpaidInvoiceRow => ({ ...r, amount_ttc: String(r.amount_ttc), days_overdue: daysOverdue(r.due_on, today) }));
}

export function createOnAccount() {
  /** The back office's list: invoices past due (or every one still owed), with their days overdue. */
  async function unpaid(q: Db, query: UnpaidQuery, now = new Date()): Promise<ListPage<UnpaidInvoiceRow> & { total_ttc: string }> {
    const today = shopDay(now);
    const where = unpaidWhere(today, !query.all);
    const list = await unpaidRows(q, today, where, query.page_size, (query.page - 1) * query.page_size);
    const [{ n, sum }] = await q
      .select({ n: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${invoices.amountTtc}), 0)::text` })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where);
    return { list, total: n, page: query.page, page_size: query.page_size, total_ttc: Number(sum).toFixed(2) };
  }

  /** One customer's invoices on account still owed (a few: the limit bounds them), overdue ones marked. */
  async function customerUnpaid(q: Db, customerId: number, now = new Date()) {
    const today = shopDay(now);
    return unpaidRows(q, today, unpaidWhere(today, false, customerId), 100, 0);
  }

  /** Staff set the customer's terms (customers:write); the row locked, the change audited. */
  async function setTerms(ctx: StaffContext, clientNumber: string, input: OnAccountTermsInput) {
    allow(ctx, "customers:write");
    return staffWrite(ctx, async ({ db }, audit) => {
      const [c] = await db
        .select({
          id: customers.id,
          on_account: customers.onAccount,
          days: customers.onAccountDays,
          limit_cents: customers.onAccountLimitCents,
        })
        .from(customers)
        .where(eq(customers.clientNumber, clientNumber.trim().toUpperCase()))
        .for("no key update");
      if (!c) throw notFound("admin.customer_not_found");
      const after = { on_account: input.on_account, days: input.days, limit_cents: input.limit };
      const before = { on_account: c.on_account, days: c.days, limit_cents: c.limit_cents };
      if (JSON.stringify(before) === JSON.stringify(after)) return after;
      await db
        .update(customers)
        .set({ onAccount: input.on_account, onAccountDays: input.days, onAccountLimitCents: input.limit })
        .where(eq(customers.id, c.id));
      await audit({ entity: "customer", id: clientNumber.trim().toUpperCase(), action: "terms", before, after });
      return after;
    });
  }

  /**
   * Staff record the bank transfer that paid an invoice on account (orders:refund: money matters, the accountant's
   * and the managers'). The customer's row is locked first (the order of locks placement takes), then the invoice's
   * settlement is guarded: two staff recording the same transfer settle it once, the second is told.
   */
  async function settle(ctx: StaffContext, invoiceNumber: string) {
    allow(ctx, "orders:refund");
    return staffWrite(ctx, async ({ db }, audit) => {
      const [inv] = await db
        .select({ id: invoices.id, customer_id: invoices.customerId, order_id: invoices.orderId, due_on: invoices.dueOn })
        .from(invoices)
        .where(eq(invoices.number, invoiceNumber));
      if (!inv) throw notFound("admin.invoice_not_found");
      if (!inv.due_on) throw refused("admin.invoice_not_on_account");
      await db.select({ id: customers.id }).from(customers).where(eq(customers.id, inv.customer_id)).for("no key update");
      const [settled] = await db
        .update(invoices)
        .set({ settledAt: sql`now()` })
        .where(and(eq(invoices.id, inv.id), sql`${invoices.settledAt} is null`))
        .returning({ at: iso(invoices.settledAt) });
      if (!settled) throw refused("admin.invoice_already_settled");
      // the order on account is paid now (its "not paid" filter and the accounting read paid_at)
      await db
        .update(orders)
        .set({ paidAt: sql`now()` })
        .where(and(eq(orders.id, inv.order_id), eq(orders.paymentMethod, ON_ACCOUNT_METHOD), sql`${orders.paidAt} is null`));
      await audit({
        entity: "invoice",
        id: invoiceNumber,
        action: "transfer_received",
        before: { settled_at: null },
        after: { settled_at: settled.at },
      });
      return { settled_at: settled.at };
    });
  }

  return { terms: accountTerms, unpaid, customerUnpaid, setTerms, settle };
}

export type OnAccountService = ReturnType<typeof createOnAccount>;
