// The accounting export over the demo data: every piece balances and so do the period's totals; an invoice is booked
// for its TTC from its frozen contents; a credit note issued on an order reverses its invoice's accounts; a card
// payment and its refunds (decided by the shop, or a late payment's whole), and a transfer that settled an invoice on
// account, are booked in the bank journal. PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { issueOrderCreditNote } from "#server/modules/documents/credit-notes.ts";
import { Decimal, sum } from "#core/money.ts";
import type { EntryLine } from "#core/documents/accounting.ts";
import { CSV_BOM } from "#core/csv.ts";

const period = { from: "2026-09-01", to: "2026-11-30" };
const balanced = (lines: readonly EntryLine[]) => sum(lines.map((l) => l.debit)).eq(sum(lines.map((l) => l.credit)));
const byPiece = (lines: readonly EntryLine[]) => {
  const m = new Map<string, EntryLine[]>();
  for (const l of lines) m.set(`${l.journal} ${l.piece}`, [...(m.get(`${l.journal} ${l.piece}`) ?? []), l]);
  return m;
};

describe.each(testDbKinds())("accounting export (%s)", (kind) => {
  let t: TestApp;
  let invoice: { number: string; amount_ttc: string; order_id: number; order_number: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    [invoice] = await query<typeof invoice>(
      t.app.services.db,
      sql`select i.number, i.amount_ttc, i.order_id, o.number as order_number
          from invoices i join orders o on o.id = i.order_id where o.freight_ht = 0 order by i.id limit 1`,
    );
  });
  afterAll(() => t?.close());

  it("books each invoice of the period for its TTC, every piece and the totals balancing", async () => {
    const { accounting, db } = t.app.services;
    const lines = await accounting.entries(db, period);
    const issued = await query<{ number: string; amount_ttc: string }>(db, sql`select number, amount_ttc from invoices`);
    expect(issued.length).toBeGreaterThan(0);
    const pieces = byPiece(lines);
    for (const i of issued) {
      const piece = pieces.get(`VT ${i.number}`)!;
      expect(piece[0]).toMatchObject({ account: "411000", debit: i.amount_ttc, credit: "0.00" });
      expect(piece.some((l) => l.account.startsWith("707"))).toBe(true);
    }
    for (const [, piece] of pieces) expect(balanced(piece)).toBe(true);
    const totals = await accounting.summary(db, period);
    expect(totals.debit).toBe(totals.credit);
    expect(Decimal.from(totals.debit).sign()).toBe(1);
    // nothing outside the period
    expect(await accounting.entries(db, { from: "2025-01-01", to: "2025-12-31" })).toEqual([]);
  });

  it("books a credit note on an order as its invoice's accounts reversed", async () => {
    const { accounting, db } = t.app.services;
    const note = await withTransaction(db, (tx) =>
      issueOrderCreditNote(tx, invoice.order_id, invoice.amount_ttc, { publicUrl: "http://localhost", cause: "staff", reason: "Geste" }),
    );
    const today = new Date().toISOString().slice(0, 10);
    const pieces = byPiece(await accounting.entries(db, { from: period.from, to: today }));
    const credit = pieces.get(`VT ${note.number}`)!;
    const inv = pieces.get(`VT ${invoice.number}`)!;
    expect(balanced(credit)).toBe(true);
    // the whole invoice credited back, its order at one rate and without freight: each account to the cent, reversed
    const net = (lines: EntryLine[]) => {
      const m = new Map<string, Decimal>();
      for (const l of lines) m.set(l.account, (m.get(l.account) ?? Decimal.ZERO).plus(Decimal.from(l.debit).minus(l.credit)));
      return [...m].map(([a, v]) => `${a} ${v.toFixed(2)}`).sort();
    };
    expect(net(credit)).toEqual(net(inv).map((s) => s.replace(/ (-)?/, (_, minus) => (minus ? " " : " -"))));
    expect(credit[0]).toMatchObject({ account: "411000", credit: invoice.amount_ttc });
  });

  it("books a card payment and its refund in the bank journal against the invoice", async () => {
    const { accounting, db } = t.app.services;
    const [p] = await query<{ id: number }>(
      db,
      sql`insert into payments (order_id, provider, amount, status, paid_at, transaction_id)
          values (${invoice.order_id}, 'sandbox', ${invoice.amount_ttc}, 'succeeded', '2026-10-15T09:00:00Z', 'txn-acc') returning id`,
    );
    await query(
      db,
      sql`insert into refunds (payment_id, amount, status, refund_ref, refunded_at)
          values (${p.id}, '10.00', 'succeeded', 're_acc', '2026-10-16T09:00:00Z')`,
    );
    await query(db, sql`insert into refunds (payment_id, amount, status) values (${p.id}, '5.00', 'pending')`);
    // a second payment, refunded whole by its own key: booked as paid, then as refunded on its last change
    await query(
      db,
      sql`insert into payments (order_id, provider, amount, status, paid_at, updated_at, transaction_id, refund_ref)
          values (${invoice.order_id}, 'sandbox', '12.00', 'refunded', '2026-10-15T10:00:00Z', '2026-10-16T10:00:00Z', 'txn-2', 're_whole')`,
    );
    const lines = await accounting.entries(db, { from: "2026-10-15", to: "2026-10-16" });
    const bank = lines.filter((l) => l.journal === "BQ");
    expect(bank.map((l) => [l.date, l.piece, l.account, l.debit, l.credit])).toEqual([
      ["15/10/2026", invoice.number, "512000", invoice.amount_ttc, "0.00"],
      ["15/10/2026", invoice.number, "411000", "0.00", invoice.amount_ttc],
      ["15/10/2026", invoice.number, "512000", "12.00", "0.00"],
      ["15/10/2026", invoice.number, "411000", "0.00", "12.00"],
      ["16/10/2026", invoice.number, "512000", "0.00", "10.00"],
      ["16/10/2026", invoice.number, "411000", "10.00", "0.00"],
      ["16/10/2026", invoice.number, "512000", "0.00", "12.00"],
      ["16/10/2026", invoice.number, "411000", "12.00", "0.00"],
    ]);
    expect(bank[6].label).toMatch(/^Remboursement CB /);
    expect(bank[0].label).toContain(invoice.order_number);
    const csv = await accounting.csv(db, { from: "2026-10-15", to: "2026-10-16" });
    expect(csv.startsWith(`${CSV_BOM}Journal;Date;Pièce;Compte;Libellé;Débit;Crédit\r\n`)).toBe(true);
    expect(csv).toContain(`BQ;16/10/2026;${invoice.number};512000;`);
    expect(csv).toContain(";0,00;10,00\r\n");
  });

  it("books a transfer that settled an invoice on account in the bank journal, on the day it was recorded", async () => {
    const { accounting, db } = t.app.services;
    await query(db, sql`update invoices set due_on = '2026-11-10', settled_at = '2026-11-05T15:00:00Z' where number = ${invoice.number}`);
    const transfers = async (day: string) =>
      (await accounting.entries(db, { from: day, to: day })).filter((l) => l.journal === "BQ" && l.label.startsWith("Virement reçu"));
    const bank = await transfers("2026-11-05");
    expect(bank.map((l) => [l.date, l.piece, l.account, l.debit, l.credit])).toEqual([
      ["05/11/2026", invoice.number, "512000", invoice.amount_ttc, "0.00"],
      ["05/11/2026", invoice.number, "411000", "0.00", invoice.amount_ttc],
    ]);
    expect(bank[0].label).toContain(invoice.order_number);
    expect(await transfers("2026-11-06")).toEqual([]);
  });
});
