// The back office's customers (DESIGN §9): the list (searched, filtered by approval, accounts waiting for approval
// first, paged in SQL along customers_queue_idx) and one customer's page (identity, addresses and receiving times,
// latest orders, invoices, credit notes and balance, returns, questions, live sessions). It reads only.
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  addresses,
  creditNotes,
  customers,
  invoices,
  orders,
  questions,
  receiptArrangements,
  returnRequests,
} from "#server/db/schema/index.ts";
import type { StaffCustomerQuery } from "#core/validation/staff-customers.ts";
import type { ListPage } from "#core/list-page.ts";
import { notFound } from "#core/domain-errors.ts";
import { creditBalance } from "#server/modules/credit-notes/credit-notes.service.ts";
import type { SessionService } from "#server/modules/accounts/sessions.service.ts";
import { iso } from "#server/modules/orders/staff-orders.service.ts";
import { customerMatch } from "./customer-search.ts";

export type StaffCustomerRow = {
  id: number;
  client_number: string;
  company: string | null;
  name: string;
  email: string;
  phone: string | null;
  siret: string | null;
  approval: string;
  created_at: string;
};

/** How many of each of the customer's documents the page shows (the newest); the orders link to the queue for more. */
export const CUSTOMER_PAGE_ROWS = 10;
/** The list counts matching customers up to this; past it the page says "more than". */
export const CUSTOMER_COUNT_CAP = 10_000;

/** Accounts waiting for approval first, then the newest: customers_queue_idx's order. */
const QUEUE_ORDER = [sql`(${customers.approval} <> 'pending')`, desc(customers.createdAt), desc(customers.id)];

export function createStaffCustomers(deps: { sessions: SessionService }, countCap = CUSTOMER_COUNT_CAP) {
  async function list(q: Db, query: StaffCustomerQuery): Promise<ListPage<StaffCustomerRow> & { capped: boolean }> {
    const where: SQL[] = [];
    if (query.q !== undefined) where.push(customerMatch(query.q));
    if (query.approval !== undefined) where.push(eq(customers.approval, query.approval));
    const filter = where.length ? and(...where) : undefined;
    const rows = await q
      .select({
        id: customers.id,
        client_number: customers.clientNumber,
        company: customers.company,
        name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
        email: customers.email,
        phone: customers.phone,
        siret: customers.siret,
        approval: customers.approval,
        created_at: iso(customers.createdAt),
      })
      .from(customers)
      .where(filter)
      .orderBy(...QUEUE_ORDER)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    let total = rows.length;
    let capped = false;
    if (query.page > 1 || rows.length === query.page_size) {
      const matching = q
        .select({ one: sql`1` })
        .from(customers)
        .where(filter)
        .limit(countCap + 1)
        .as("matching");
      const [{ n }] = await q.select({ n: sql<number>`count(*)::int` }).from(matching);
      total = Math.min(n, countCap);
      capped = n > countCap;
    }
    return { list: rows, total, capped, page: query.page, page_size: query.page_size };
  }

  /** How many accounts wait for approval (the list's heading says it). */
  async function pendingCount(q: Db): Promise<number> {
    const [{ n }] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.approval, "pending"));
    return n;
  }

  /** The customer page's data, by client number; 404 for an unknown one. */
  async function detail(q: Db, clientNumber: string) {
    const [c] = await q
      .select({
        id: customers.id,
        client_number: customers.clientNumber,
        title: customers.title,
        first_name: customers.firstName,
        last_name: customers.lastName,
        company: customers.company,
        siret: customers.siret,
        vat_number: customers.vatNumber,
        email: customers.email,
        phone: customers.phone,
        lang: customers.lang,
        created_at: iso(customers.createdAt),
        approval: customers.approval,
        approval_message: customers.approvalMessage,
        approval_decided_at: iso(customers.approvalDecidedAt) as SQL<string | null>,
      })
      .from(customers)
      .where(eq(customers.clientNumber, clientNumber.trim().toUpperCase()));
    if (!c) throw notFound("admin.customer_not_found");
    const id = c.id;
    const [addressRows, receiving, orderRows, [{ orders_count }], invoiceRows, notes, balance, returns, questionRows, sessions] =
      await Promise.all([
        q
          .select({
            id: addresses.id,
            kind: addresses.kind,
            is_default: addresses.isDefault,
            name: sql<string>`${addresses.firstName} || ' ' || ${addresses.lastName}`,
            company: addresses.company,
            line1: addresses.line1,
            line2: addresses.line2,
            zip_code: addresses.zipCode,
            city: addresses.city,
            country: addresses.country,
            phone: addresses.phone,
          })
          .from(addresses)
          .where(and(eq(addresses.customerId, id), isNull(addresses.deletedAt)))
          .orderBy(addresses.kind, desc(addresses.isDefault), addresses.id),
        q
          .select({ days: receiptArrangements.days, note: receiptArrangements.note })
          .from(receiptArrangements)
          .where(eq(receiptArrangements.customerId, id)),
        q
          .select({
            number: orders.number,
            placed_at: iso(orders.createdAt),
            status: orders.status,
            cancelled_at: iso(orders.cancelledAt) as SQL<string | null>,
            planned_delivery_date: orders.plannedDeliveryDate,
            paid_at: iso(orders.paidAt) as SQL<string | null>,
            total_ttc: orders.totalTtc,
          })
          .from(orders)
          .where(eq(orders.customerId, id))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(CUSTOMER_PAGE_ROWS),
        q
          .select({ orders_count: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.customerId, id)),
        q
          .select({
            number: invoices.number,
            issued_at: iso(invoices.issuedAt),
            amount_ttc: invoices.amountTtc,
            order_number: orders.number,
          })
          .from(invoices)
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .where(eq(invoices.customerId, id))
          .orderBy(desc(invoices.issuedAt), desc(invoices.id))
          .limit(CUSTOMER_PAGE_ROWS),
        q
          .select({
            number: creditNotes.number,
            issued_at: iso(creditNotes.issuedAt),
            amount_ttc: creditNotes.amountTtc,
            remaining_ttc: creditNotes.remainingTtc,
          })
          .from(creditNotes)
          .where(eq(creditNotes.customerId, id))
          .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.id))
          .limit(CUSTOMER_PAGE_ROWS),
        creditBalance(q, id),
        q
          .select({
            id: returnRequests.id,
            order_number: orders.number,
            status: returnRequests.status,
            reason: returnRequests.reason,
            created_at: iso(returnRequests.createdAt),
          })
          .from(returnRequests)
          .innerJoin(orders, eq(orders.id, returnRequests.orderId))
          .where(eq(returnRequests.customerId, id))
          .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
          .limit(CUSTOMER_PAGE_ROWS),
        q
          .select({
            id: questions.id,
            type: questions.type,
            content: sql<string>`left(${questions.content}, 200)`,
            order_number: orders.number,
            created_at: iso(questions.createdAt),
            answered_at: iso(questions.answeredAt) as SQL<string | null>,
          })
          .from(questions)
          .leftJoin(orders, eq(orders.id, questions.orderId))
          .where(eq(questions.customerId, id))
          .orderBy(desc(questions.createdAt), desc(questions.id))
          .limit(CUSTOMER_PAGE_ROWS),
        deps.sessions.list(q, id),
      ]);
    return {
      customer: c,
      addresses: addressRows,
      receiving: receiving[0] ?? null,
      orders: orderRows.map((o) => ({ ...o, total_ttc: String(o.total_ttc) })),
      orders_count,
      invoices: invoiceRows.map((i) => ({ ...i, amount_ttc: String(i.amount_ttc) })),
      credit_notes: notes.map((n) => ({ ...n, amount_ttc: String(n.amount_ttc), remaining_ttc: String(n.remaining_ttc) })),
      credit_balance: balance,
      returns,
      questions: questionRows,
      sessions: sessions.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        user_agent: s.userAgent,
      })),
    };
  }

  return { list, pendingCount, detail };
}

export type StaffCustomersService = ReturnType<typeof createStaffCustomers>;
export type StaffCustomerDetail = Awaited<ReturnType<StaffCustomersService["detail"]>>;
