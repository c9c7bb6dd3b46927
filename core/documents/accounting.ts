// The accounting export (decision 146): a period's invoices, credit notes, card payments and refunds as journal
// entries of the French chart of accounts, the way accounting software (EBP, Sage, Cegid) imports them.
//   - Sales journal "VT", one piece per invoice (its number): customer 411 debit TTC; goods sales 707 credit HT, one
//     account per VAT rate; freight 7085 credit HT; VAT collected 44571 credit, one line per rate. A credit note is
//     the same piece reversed (its VAT rows as its PDF shows them).
//   - Bank journal "BQ": a card payment debits the bank 512 and credits the customer 411; a refund the reverse. Its
//     piece is the order's invoice number (so the accountant letters it against the invoice), else the order's.
// Amounts are exact decimals (core/money.ts); a piece's customer line is the sum of its other lines, so each piece
// balances by construction, and an amount below zero goes to the other side. Dates are the shop's calendar days.
import { Decimal, decOrZero, type DecimalInput } from "../money.ts";
import { spreadInProportion, vatByRate, type VatRow } from "../vat.ts";
import { vatBreakdown } from "../order-view.ts";
import { calendarParts, type DateInput } from "../format-date.ts";
import { csvText, type CsvCell } from "../csv.ts";
import type { InvoiceContents } from "./invoice-contents.ts";

export const JOURNALS = { sales: "VT", bank: "BQ" } as const;
export type Journal = (typeof JOURNALS)[keyof typeof JOURNALS];

export const ACCOUNTS = {
  customers: "411000",
  bank: "512000",
  vatCollected: "445710",
  freight: "708500",
} as const;

/** The goods sales account of a VAT rate: 707 then the rate in tenths of a percent (20 % → 707200, 5.5 % → 707055). */
export function salesAccount(rate: DecimalInput): string {
  const tenths = decOrZero(rate).times(1000);
  const whole = tenths.round(0);
  if (!whole.eq(tenths) || whole.sign() < 0 || whole.gt(999)) return "707999";
  return `707${whole.toFixed(0).padStart(3, "0")}`;
}

/** One line of a journal entry: exactly one of debit and credit is above zero; amounts with 2 decimals. */
export type EntryLine = {
  journal: Journal;
  /** The shop's calendar day, DD/MM/YYYY. */
  date: string;
  piece: string;
  account: string;
  label: string;
  debit: string;
  credit: string;
};

/** Who a piece is about: the name on the document and the client number. */
export type Party = { name: string; client_number: string };

/** The name a customer goes by on the documents: the company, else the person. */
export function partyName(c: { company: string | null; first_name: string; last_name: string }): string {
  const company = c.company?.trim();
  return company || `${c.first_name} ${c.last_name}`.trim();
}

/** DD/MM/YYYY of a moment in the shop's time zone ("" when not a date). */
export function accountingDate(at: DateInput): string {
  const p = calendarParts(at);
  if (!p) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(p.day)}/${pad(p.month)}/${p.year}`;
}

type Side = "debit" | "credit";
type Posting = { account: string; amount: Decimal; side: Side; label: string };

const other = (side: Side): Side => (side === "debit" ? "credit" : "debit");

/**
 * A piece from its postings and its balancing line (the customer's or the bank's, on `side`): zero postings are
 * dropped, a negative one changes side, and the balancing line takes what the others leave, so Σ debit = Σ credit.
 */
function piece(
  head: { journal: Journal; date: string; piece: string },
  postings: readonly Posting[],
  balance: { account: string; side: Side; label: string },
): EntryLine[] {
  const lines: EntryLine[] = [];
  let net = Decimal.ZERO; // Σ credit − Σ debit of the postings
  const push = (account: string, amount: Decimal, side: Side, label: string) => {
    if (amount.isZero()) return;
    const s = amount.sign() < 0 ? other(side) : side;
    const a = amount.abs().toFixed(2);
    lines.push({ ...head, account, label, debit: s === "debit" ? a : "0.00", credit: s === "credit" ? a : "0.00" });
  };
  for (const p of postings) {
    const a = p.amount.round(2);
    net = p.side === "credit" ? net.plus(a) : net.minus(a);
  }
  // the balancing line first, as accountants read a piece
  push(balance.account, balance.side === "debit" ? net : net.negated(), balance.side, balance.label);
  for (const p of postings) push(p.account, p.amount.round(2), p.side, p.label);
  return lines;
}

const who = (p: Party) => (p.client_number ? `${p.name} (${p.client_number})` : p.name);

export type InvoiceEntryInput = { number: string; issued_at: DateInput; contents: InvoiceContents; party: Party };

/**
 * An invoice's piece in the sales journal, from its frozen contents: goods HT by rate, freight HT, VAT by rate, the
 * customer's TTC. The invoice's own totals are booked — what it says and what the customer paid: should its rows by
 * rate not add up to them to the cent (invoices of an older rounding took the VAT on the total), the difference is
 * spread over the rates in proportion (core/vat.ts spreadInProportion), the largest taking what rounding leaves.
 */
export function invoiceEntry(inv: InvoiceEntryInput): EntryLine[] {
  const c = inv.contents;
  const label = `Facture ${inv.number} ${who(inv.party)}`;
  // The invoice's VAT rows (freight with the VAT it was charged with) and the goods' bases by rate (less the coupon),
  // highest rate first.
  const vat = vatBreakdown(c.lines, c);
  const goods = vatByRate(
    c.lines.map((l) => ({ amount: l.line_ht, rate: l.tva })),
    { discount: c.discount_amount },
  ).rows;
  const freight = decOrZero(c.freight_ht);
  const goodsHt = spreadInProportion(decOrZero(c.total_ht).minus(freight), new Map(goods.map((r) => [r.rate, decOrZero(r.base)])));
  const vatByRow = spreadInProportion(decOrZero(c.total_tva), new Map(vat.map((r) => [r.rate, decOrZero(r.vat)])));
  return piece(
    { journal: JOURNALS.sales, date: accountingDate(inv.issued_at), piece: inv.number },
    [
      ...goods.map((r) => ({ account: salesAccount(r.rate), amount: goodsHt.get(r.rate)!, side: "credit" as const, label })),
      { account: ACCOUNTS.freight, amount: freight, side: "credit", label },
      ...vat.map((r) => ({ account: ACCOUNTS.vatCollected, amount: vatByRow.get(r.rate)!, side: "credit" as const, label })),
    ],
    { account: ACCOUNTS.customers, side: "debit", label },
  );
}

export type CreditNoteEntryInput = { number: string; issued_at: DateInput; vat: readonly VatRow[]; party: Party };

/** A credit note's piece: its invoice's accounts reversed, from the VAT rows the note shows (decision 122). */
export function creditNoteEntry(cn: CreditNoteEntryInput): EntryLine[] {
  const label = `Avoir ${cn.number} ${who(cn.party)}`;
  return piece(
    { journal: JOURNALS.sales, date: accountingDate(cn.issued_at), piece: cn.number },
    [
      ...cn.vat.map((r) => ({ account: salesAccount(r.rate), amount: decOrZero(r.base), side: "debit" as const, label })),
      ...cn.vat.map((r) => ({ account: ACCOUNTS.vatCollected, amount: decOrZero(r.vat), side: "debit" as const, label })),
    ],
    { account: ACCOUNTS.customers, side: "credit", label },
  );
}

export type BankMoveInput = {
  /** A card payment, a card refund, or a bank transfer that settled an invoice on account (decision 149). */
  kind: "payment" | "refund" | "transfer";
  at: DateInput;
  amount: DecimalInput;
  /** The order's invoice number, else the order's number. */
  piece: string;
  order_number: string;
  party: Party;
};

const BANK_LABEL: Record<BankMoveInput["kind"], string> = {
  payment: "Paiement CB",
  refund: "Remboursement CB",
  transfer: "Virement reçu",
};

/** Money in (a card payment or a transfer: bank debit, customer credit) or a refund (the reverse) in the bank journal. */
export function bankEntry(m: BankMoveInput): EntryLine[] {
  const label = `${BANK_LABEL[m.kind]} ${m.order_number} ${who(m.party)}`;
  const incoming = m.kind !== "refund";
  return piece(
    { journal: JOURNALS.bank, date: accountingDate(m.at), piece: m.piece },
    [{ account: ACCOUNTS.customers, amount: decOrZero(m.amount), side: incoming ? "credit" : "debit", label }],
    { account: ACCOUNTS.bank, side: incoming ? "debit" : "credit", label },
  );
}

export type JournalTotals = { journal: Journal; debit: string; credit: string; lines: number };

/** Σ debit and Σ credit of each journal that has lines (VT then BQ), and of all of them. */
export function journalTotals(lines: readonly EntryLine[]): { journals: JournalTotals[]; debit: string; credit: string } {
  const by = new Map<Journal, { debit: Decimal; credit: Decimal; lines: number }>();
  let debit = Decimal.ZERO;
  let credit = Decimal.ZERO;
  for (const l of lines) {
    const t = by.get(l.journal) ?? { debit: Decimal.ZERO, credit: Decimal.ZERO, lines: 0 };
    by.set(l.journal, { debit: t.debit.plus(l.debit), credit: t.credit.plus(l.credit), lines: t.lines + 1 });
    debit = debit.plus(l.debit);
    credit = credit.plus(l.credit);
  }
  const journals = [JOURNALS.sales, JOURNALS.bank].flatMap((j) => {
    const t = by.get(j);
    return t ? [{ journal: j, debit: t.debit.toFixed(2), credit: t.credit.toFixed(2), lines: t.lines }] : [];
  });
  return { journals, debit: debit.toFixed(2), credit: credit.toFixed(2) };
}

/** The header row accounting software maps on import (French: the file is the accountant's). */
export const ACCOUNTING_CSV_HEADER = ["Journal", "Date", "Pièce", "Compte", "Libellé", "Débit", "Crédit"] as const;

/** An amount as French software reads it: a decimal comma, no thousands separator ("1234,50"). */
export const accountingAmount = (amount: string) => amount.replace(".", ",");

/** The CSV file (core/csv.ts: UTF-8 with its byte order mark, ";" between fields, CRLF). */
export function accountingCsv(lines: readonly EntryLine[]): string {
  const rows: CsvCell[][] = [[...ACCOUNTING_CSV_HEADER]];
  for (const l of lines) rows.push([l.journal, l.date, l.piece, l.account, l.label, accountingAmount(l.debit), accountingAmount(l.credit)]);
  return csvText(rows);
}
