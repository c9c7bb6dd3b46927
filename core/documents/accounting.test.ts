import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ACCOUNTS,
  accountingCsv,
  accountingDate,
  bankEntry,
  creditNoteEntry,
  invoiceEntry,
  journalTotals,
  partyName,
  salesAccount,
  type EntryLine,
} from "./accounting.ts";
import type { InvoiceContents, InvoiceLine } from "./invoice-contents.ts";
import { Decimal, sum } from "../money.ts";
import { vatBreakdown } from "../order-view.ts";
import { CSV_BOM } from "../csv.ts";
import { accountingPeriodSchema } from "../validation/accounting.ts";

const party = { name: "Épicerie Lin", client_number: "C00042" };

const line = (line_ht: string, tva: string): InvoiceLine => ({
  reference: "R1",
  designation: "Riz",
  unit: "sac",
  price: line_ht,
  num: 1,
  tva,
  remise: "0.00",
  line_ht,
  gifted_units: 0,
});

function contents(over: Partial<InvoiceContents>): InvoiceContents {
  return {
    lines: [],
    total_ht: "0.00",
    total_tva: "0.00",
    total_ttc: "0.00",
    freight_ht: "0.00",
    freight_tva: "0.00",
    freight_discount_ht: "0.00",
    freight_vat_rate: null,
    discount_amount: "0.00",
    payment_method: "card",
    transaction_id: null,
    paid_at: null,
    invoice_address: null,
    delivery_address: null,
    credit_used: "0.00",
    ...over,
  };
}

const short = (lines: EntryLine[]) => lines.map((l) => [l.account, l.debit, l.credit]);
const balanced = (lines: EntryLine[]) => sum(lines.map((l) => l.debit)).eq(sum(lines.map((l) => l.credit)));

// Goods 100.00 at 20 % and 50.00 at 5.5 %, a coupon of 15.00, freight 20.00 at 20 % (VAT 4.00): bases 90.00 and 45.00
// (the coupon spread in proportion), VAT 20 % = 20.00 − 2.00 + 4.00, 5.5 % = 2.75 − 0.28; TTC 179.47.
const mixed = contents({
  lines: [line("100.00", "0.2000"), line("50.00", "0.0550")],
  discount_amount: "15.00",
  freight_ht: "20.00",
  freight_tva: "4.00",
  freight_vat_rate: "0.2000",
  total_ht: "155.00",
  total_tva: "24.47",
  total_ttc: "179.47",
});

const noFreight = { ...mixed, freight_ht: "0.00", freight_tva: "0.00", total_ht: "135.00", total_tva: "20.47", total_ttc: "155.47" };

describe("accounting entries", () => {
  it("names the sales account by the VAT rate", () => {
    expect(salesAccount("0.2000")).toBe("707200");
    expect(salesAccount("0.1000")).toBe("707100");
    expect(salesAccount("0.0550")).toBe("707055");
    expect(salesAccount("0.0210")).toBe("707021");
    expect(salesAccount("0")).toBe("707000");
    expect(salesAccount("0.00555")).toBe("707999");
  });

  it("dates a moment by the shop's calendar day, DD/MM/YYYY", () => {
    expect(accountingDate("2026-03-31T22:30:00Z")).toBe("01/04/2026"); // Paris, summer time
    expect(accountingDate("2026-12-31T22:59:59Z")).toBe("31/12/2026");
    expect(accountingDate("2026-12-31T23:00:00Z")).toBe("01/01/2027");
  });

  it("takes the company's name, else the person's", () => {
    expect(partyName({ company: "SARL Lin", first_name: "Wei", last_name: "Lin" })).toBe("SARL Lin");
    expect(partyName({ company: " ", first_name: "Wei", last_name: "Lin" })).toBe("Wei Lin");
  });

  it("books an invoice: 411 debit TTC, goods HT by rate, freight on 7085, VAT by rate", () => {
    const e = invoiceEntry({ number: "F2026-000012", issued_at: "2026-03-31T22:30:00Z", contents: mixed, party });
    expect(short(e)).toEqual([
      ["411000", "179.47", "0.00"],
      ["707200", "0.00", "90.00"],
      ["707055", "0.00", "45.00"],
      ["708500", "0.00", "20.00"],
      ["445710", "0.00", "22.00"],
      ["445710", "0.00", "2.47"],
    ]);
    expect(e.every((l) => l.journal === "VT" && l.piece === "F2026-000012" && l.date === "01/04/2026")).toBe(true);
    expect(e[0].label).toBe("Facture F2026-000012 Épicerie Lin (C00042)");
    expect(e[0].debit).toBe(mixed.total_ttc);
  });

  it("books an invoice's own totals when its rows by rate are a cent off them (VAT once taken on the total)", () => {
    const older = contents({
      lines: [line("0.08", "0.2000"), line("83.90", "0.2000"), line("2.48", "0.2000")],
      freight_ht: "24.90",
      freight_tva: "4.98",
      freight_vat_rate: "0.2000",
      total_ht: "111.36",
      total_tva: "22.27", // the rows say 22.28
      total_ttc: "133.63",
    });
    expect(short(invoiceEntry({ number: "F2", issued_at: "2026-10-02T08:00:00Z", contents: older, party }))).toEqual([
      ["411000", "133.63", "0.00"],
      ["707200", "0.00", "86.46"],
      ["708500", "0.00", "24.90"],
      ["445710", "0.00", "22.27"],
    ]);
  });

  it("books a credit note as its invoice reversed", () => {
    const inv = invoiceEntry({ number: "F1", issued_at: "2026-05-02T10:00:00Z", contents: noFreight, party });
    const vat = vatBreakdown(mixed.lines, { ...mixed, freight_ht: "0.00", freight_tva: "0.00" });
    const cn = creditNoteEntry({ number: "A1", issued_at: "2026-05-03T10:00:00Z", vat, party });
    expect(short(cn)).toEqual([
      ["411000", "0.00", "155.47"],
      ["707200", "90.00", "0.00"],
      ["707055", "45.00", "0.00"],
      ["445710", "18.00", "0.00"],
      ["445710", "2.47", "0.00"],
    ]);
    // the same goods' invoice without freight, account by account, with the opposite sign
    const net = (lines: EntryLine[], sign: 1 | -1) => {
      const m = new Map<string, Decimal>();
      for (const l of lines) m.set(l.account, (m.get(l.account) ?? Decimal.ZERO).plus(Decimal.from(l.debit).minus(l.credit).times(sign)));
      return [...m].map(([a, v]) => `${a} ${v.toFixed(2)}`).sort();
    };
    expect(net(cn, 1)).toEqual(net(inv, -1));
    expect(cn[0].label).toBe("Avoir A1 Épicerie Lin (C00042)");
  });

  it("books a card payment, a refund and a transfer in the bank journal", () => {
    const pay = bankEntry({ kind: "payment", at: "2026-05-02T10:00:00Z", amount: "179.47", piece: "F1", order_number: "CMD-7", party });
    expect(short(pay)).toEqual([
      [ACCOUNTS.bank, "179.47", "0.00"],
      [ACCOUNTS.customers, "0.00", "179.47"],
    ]);
    expect(pay[0].journal).toBe("BQ");
    expect(pay[0].label).toBe("Paiement CB CMD-7 Épicerie Lin (C00042)");
    const refund = bankEntry({ kind: "refund", at: "2026-05-04T10:00:00Z", amount: "20.00", piece: "F1", order_number: "CMD-7", party });
    expect(short(refund)).toEqual([
      [ACCOUNTS.bank, "0.00", "20.00"],
      [ACCOUNTS.customers, "20.00", "0.00"],
    ]);
    const transfer = bankEntry({
      kind: "transfer",
      at: "2026-06-01T10:00:00Z",
      amount: "96.00",
      piece: "F2",
      order_number: "CMD-8",
      party,
    });
    expect(short(transfer)).toEqual([
      [ACCOUNTS.bank, "96.00", "0.00"],
      [ACCOUNTS.customers, "0.00", "96.00"],
    ]);
    expect(transfer[0].label).toBe("Virement reçu CMD-8 Épicerie Lin (C00042)");
  });

  it("adds up each journal and writes the CSV with decimal commas", () => {
    const lines = [
      ...invoiceEntry({ number: "F1", issued_at: "2026-05-02T10:00:00Z", contents: mixed, party }),
      ...bankEntry({ kind: "payment", at: "2026-05-02T10:00:00Z", amount: "179.47", piece: "F1", order_number: "CMD-7", party }),
    ];
    expect(journalTotals(lines)).toEqual({
      journals: [
        { journal: "VT", debit: "179.47", credit: "179.47", lines: 6 },
        { journal: "BQ", debit: "179.47", credit: "179.47", lines: 2 },
      ],
      debit: "358.94",
      credit: "358.94",
    });
    const csv = accountingCsv(lines);
    expect(csv.startsWith(`${CSV_BOM}Journal;Date;Pièce;Compte;Libellé;Débit;Crédit\r\n`)).toBe(true);
    expect(csv).toContain("\r\nVT;02/05/2026;F1;411000;Facture F1 Épicerie Lin (C00042);179,47;0,00\r\n");
    expect(csv).toContain("\r\nBQ;02/05/2026;F1;512000;Paiement CB CMD-7 Épicerie Lin (C00042);179,47;0,00\r\n");
  });

  it("balances every piece, whatever the lines, coupon and freight", () => {
    const amount = fc.integer({ min: 0, max: 5_000_000 }).map((c) => (c / 100).toFixed(2));
    const rate = fc.constantFrom("0.2000", "0.1000", "0.0550", "0.0210", "0.0000");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(amount, rate), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        amount,
        rate,
        fc.constantFrom("0", "0.01", "-0.01"),
        (lines, discountShare, freight, freightRate, drift) => {
          const goods = sum(lines.map(([a]) => a));
          const discount = goods.times(discountShare.toFixed(4)).round(2);
          const freightTva = Decimal.from(freight).times(freightRate).round(2).toFixed(2);
          const figures = contents({
            lines: lines.map(([a, r]) => line(a, r)),
            discount_amount: discount.toFixed(2),
            freight_ht: freight,
            freight_tva: freightTva,
            freight_vat_rate: freightRate,
          });
          const vat = vatBreakdown(figures.lines, figures);
          const ht = sum(vat.map((r) => r.base));
          const tva = sum(vat.map((r) => r.vat));
          // an invoice's totals are its rows' (or, older, off by cents: booked as they are)
          const c = {
            ...figures,
            total_ht: ht.toFixed(2),
            total_tva: tva.plus(drift).toFixed(2),
            total_ttc: ht.plus(tva).plus(drift).toFixed(2),
          };
          const inv = invoiceEntry({ number: "F", issued_at: "2026-01-01T10:00:00Z", contents: c, party });
          const cn = creditNoteEntry({ number: "A", issued_at: "2026-01-01T10:00:00Z", vat, party });
          for (const e of [inv, cn]) {
            expect(balanced(e)).toBe(true);
            for (const l of e) expect(Decimal.from(l.debit).sign() >= 0 && Decimal.from(l.credit).sign() >= 0).toBe(true);
            for (const l of e) expect(Decimal.from(l.debit).isZero() !== Decimal.from(l.credit).isZero()).toBe(true);
          }
          // the customer owes the invoice's TTC
          if (vat.length > 0 && Decimal.from(c.total_ttc).sign() > 0)
            expect(inv[0]).toMatchObject({ account: "411000", debit: c.total_ttc });
        },
      ),
    );
  });
});

describe("accounting period", () => {
  it("takes two days in order, at most a year apart", () => {
    expect(accountingPeriodSchema.safeParse({ from: "2026-01-01", to: "2026-12-31" }).success).toBe(true);
    expect(accountingPeriodSchema.safeParse({ from: "2024-01-01", to: "2024-12-31" }).success).toBe(true); // leap year
    expect(accountingPeriodSchema.safeParse({ from: "2026-05-01", to: "2026-05-01" }).success).toBe(true);
    const message = (v: unknown) => accountingPeriodSchema.safeParse(v).error?.issues[0].message;
    expect(message({ from: "2026-01-01", to: "2027-01-01" })).toBe("admin.accounting_period_too_long");
    expect(accountingPeriodSchema.safeParse({ from: "2026-03-15", to: "2027-03-14" }).success).toBe(true);
    expect(message({ from: "2024-02-29", to: "2025-03-01" })).toBe("admin.accounting_period_too_long");
    expect(message({ from: "2026-05-02", to: "2026-05-01" })).toBe("admin.date_range_invalid");
    expect(message({ from: "2026-02-30", to: "2026-05-01" })).toBe("admin.date_invalid");
    expect(message({ from: "", to: "2026-05-01" })).toBe("admin.date_invalid");
    expect(message({ to: "2026-05-01" })).toBe("admin.date_invalid");
  });
});
