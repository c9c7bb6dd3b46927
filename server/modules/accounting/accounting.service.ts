// The accounting export of a period (decision 146): the invoices, credit notes, card payments, transfers (decision
// 149) and refunds of the shop's calendar days from … to, as journal entries (core/documents/accounting.ts). It reads only. An invoice is booked from
// its frozen contents (what it says, whatever became of its order); a credit note from the VAT rows its PDF shows.
// A period past ACCOUNTING_MAX_PIECES is refused (a shorter period is asked): the export is made in the request.
import { and, asc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { creditNotes, customers, invoices, orders, payments, refunds } from "#server/db/schema/index.ts";
import { refused } from "#core/domain-errors.ts";
import {
  accountingCsv,
  bankEntry,
  creditNoteEntry,
  invoiceEntry,
  journalTotals,
  partyName,
  type BankMoveInput,
  type EntryLine,
} from "#core/documents/accounting.ts";
import { invoiceContentsSchema } from "#core/documents/invoice-contents.ts";
import type { AccountingPeriod } from "#core/validation/accounting.ts";
import { creditNoteVatOf } from "#server/modules/documents/documents.service.ts";
import { dayStart, iso, nextDayStart } from "#server/modules/orders/staff-orders.service.ts";

/** The most pieces (invoices, credit notes, payments, refunds) one export makes: about a year of the shop's trade. */
export const ACCOUNTING_MAX_PIECES = 20_000;

const party = {
  company: customers.company,
  first_name: customers.firstName,
  last_name: customers.lastName,
  client_number: customers.clientNumber,
};

type Dated = { at: string; journal: number; lines: EntryLine[] };

export function createAccounting() {
  /** The period's pieces, sales journal first, each journal by date then piece number. */
  async function entries(q: Db, period: AccountingPeriod): Promise<EntryLine[]> {
    const within = (column: Parameters<typeof gte>[0]) => and(gte(column, dayStart(period.from)), lt(column, nextDayStart(period.to)));
    const cap = ACCOUNTING_MAX_PIECES + 1;
    // the order's invoice number, the piece its payments and refunds are lettered against
    const invoiceOf = sql<string | null>`(select ${invoices.number} from ${invoices} where ${invoices.orderId} = ${orders.id})`;
    /** Card money of the period dated by `at`: a payment's (or its refunds') rows with the order, customer, invoice. */
    const moves = (at: AnyPgColumn, amount: AnyPgColumn, id: AnyPgColumn, where: SQL | undefined, ofRefunds = false) => {
      const rows = q
        .select({ at: iso(at), amount: sql<string>`${amount}::text`, order_number: orders.number, invoice: invoiceOf, party })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .$dynamic();
      return (ofRefunds ? rows.innerJoin(refunds, eq(refunds.paymentId, payments.id)) : rows)
        .where(and(where, within(at)))
        .orderBy(asc(at), asc(id))
        .limit(cap);
    };
    const [invoiceRows, noteRows, paymentRows, refundRows, wholeRefundRows, transferRows] = await Promise.all([
      q
        .select({ number: invoices.number, at: iso(invoices.issuedAt), contents: invoices.contents, party })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(within(invoices.issuedAt))
        .orderBy(asc(invoices.issuedAt), asc(invoices.id))
        .limit(cap),
      q
        .select({
          number: creditNotes.number,
          at: iso(creditNotes.issuedAt),
          amount_ttc: creditNotes.amountTtc,
          return_id: creditNotes.returnId,
          order_id: creditNotes.orderId,
          party,
        })
        .from(creditNotes)
        .innerJoin(customers, eq(customers.id, creditNotes.customerId))
        .where(within(creditNotes.issuedAt))
        .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id))
        .limit(cap),
      // a card payment the provider took: still "succeeded", or "refunded" since (its refund is booked apart)
      moves(payments.paidAt, payments.amount, payments.id, inArray(payments.status, ["succeeded", "refunded"])),
      // refunds the shop decided, once the provider made them
      moves(refunds.refundedAt, refunds.amount, refunds.id, eq(refunds.status, "succeeded"), true),
      // a late or second payment refunded whole by its own key (decision 077): its reference is on the payment, and
      // the payment's last change is that refund
      moves(payments.updatedAt, payments.amount, payments.id, and(eq(payments.status, "refunded"), isNotNull(payments.refundRef))),
      // the bank transfers staff recorded against invoices on account (decision 149): the invoice's amount, on that day
      q
        .select({
          at: iso(invoices.settledAt),
          amount: sql<string>`${invoices.amountTtc}::text`,
          order_number: orders.number,
          invoice: invoices.number,
          party,
        })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(and(isNotNull(invoices.settledAt), within(invoices.settledAt)))
        .orderBy(asc(invoices.settledAt), asc(invoices.id))
        .limit(cap),
    ]);
    const pieces =
      invoiceRows.length + noteRows.length + paymentRows.length + refundRows.length + wholeRefundRows.length + transferRows.length;
    if (pieces > ACCOUNTING_MAX_PIECES) throw refused("admin.accounting_too_many", { max: ACCOUNTING_MAX_PIECES });

    const out: Dated[] = [];
    for (const i of invoiceRows) {
      const contents = invoiceContentsSchema.parse(i.contents);
      // the customer as the invoice was made out to, else (invoices issued before it was kept) as the account is
      const who = contents.customer ?? i.party;
      const p = { name: partyName(who), client_number: who.client_number };
      out.push({ at: i.at, journal: 0, lines: invoiceEntry({ number: i.number, issued_at: i.at, contents, party: p }) });
    }
    for (const n of noteRows) {
      const { vat } = await creditNoteVatOf(q, n);
      const p = { name: partyName(n.party), client_number: n.party.client_number };
      out.push({ at: n.at, journal: 0, lines: creditNoteEntry({ number: n.number, issued_at: n.at, vat: vat.rows, party: p }) });
    }
    const bank = (kind: BankMoveInput["kind"]) => (m: (typeof paymentRows)[number]) =>
      out.push({
        at: m.at,
        journal: 1,
        lines: bankEntry({
          kind,
          at: m.at,
          amount: m.amount,
          piece: m.invoice ?? m.order_number,
          order_number: m.order_number,
          party: { name: partyName(m.party), client_number: m.party.client_number },
        }),
      });
    paymentRows.forEach(bank("payment"));
    refundRows.forEach(bank("refund"));
    wholeRefundRows.forEach(bank("refund"));
    transferRows.forEach(bank("transfer"));
    out.sort((a, b) => a.journal - b.journal || (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    return out.flatMap((d) => d.lines);
  }

  /** What the page shows before the download: each journal's debit and credit, and the count of lines. */
  async function summary(q: Db, period: AccountingPeriod) {
    return journalTotals(await entries(q, period));
  }

  /** The CSV file for the accountant. */
  async function csv(q: Db, period: AccountingPeriod): Promise<string> {
    return accountingCsv(await entries(q, period));
  }

  return { entries, summary, csv };
}

export type Accounting = ReturnType<typeof createAccounting>;
