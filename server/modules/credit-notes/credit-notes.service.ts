// A customer's credit-note balance (decision 079): what they may spend, spending it on an order (exactly once,
// guarded statements on locked notes), giving it back once, and what an order still owes after it. The credit
// note as a document (number, issue, PDF) stays in server/modules/documents. Every function takes the handle first.
import { and, asc, desc, eq, gt, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { creditNoteUses, creditNotes, orders } from "#server/db/schema/index.ts";
import { notFound, refused } from "#core/domain-errors.ts";
import { dec, sum } from "#core/money.ts";
import { amountDue, creditToApply, spreadOverCreditNotes } from "#core/documents/credit.ts";

/** Σ credit TTC spent on an order and not given back. */
export async function creditUsedOn(q: Db, orderId: number): Promise<string> {
  const [r] = await q
    .select({ used: sql<string>`coalesce(sum(${creditNoteUses.amount}), 0)::text` })
    .from(creditNoteUses)
    .where(and(eq(creditNoteUses.orderId, orderId), isNull(creditNoteUses.releasedAt)));
  return sum([r?.used ?? "0"]).toFixed(2);
}

/**
 * What the buyer pays by card for an order: total_ttc − credit used (decision 079). The payment module asks
 * this instead of reading total_ttc; 0.00 means the credit covered everything (the order is paid already).
 */
export async function orderAmountDue(q: Db, orderId: number): Promise<string> {
  const [o] = await q.select({ total_ttc: orders.totalTtc }).from(orders).where(eq(orders.id, orderId));
  if (!o) throw notFound("orders.order_not_found");
  return amountDue(o.total_ttc, await creditUsedOn(q, orderId));
}

/** The caller's credit balance: Σ remaining_ttc of their credit notes. */
export async function creditBalance(q: Db, customerId: number): Promise<string> {
  const [r] = await q
    .select({ balance: sql<string>`coalesce(sum(${creditNotes.remainingTtc}), 0)::text` })
    .from(creditNotes)
    .where(eq(creditNotes.customerId, customerId));
  return sum([r?.balance ?? "0"]).toFixed(2);
}

/**
 * Inside the order's transaction: takes min(balance, order TTC) from the customer's credit notes, oldest first,
 * each by one guarded statement (remaining_ttc >= amount), and records it per order. Locks the notes
 * (for update, id order) so two orders racing for one balance queue: the second sees what the first left.
 * Returns the amount taken (0.00 when there is no balance).
 */
export async function consumeCreditNotes(tx: Db, customerId: number, orderId: number, orderTtc: string): Promise<string> {
  const notes = await tx
    .select({ id: creditNotes.id, remaining_ttc: creditNotes.remainingTtc })
    .from(creditNotes)
    .where(and(eq(creditNotes.customerId, customerId), gt(creditNotes.remainingTtc, "0")))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id))
    .for("update");
  const wanted = creditToApply(sum(notes.map((n) => n.remaining_ttc)), orderTtc);
  const parts = spreadOverCreditNotes(notes, wanted);
  for (const p of parts) {
    const done = await tx
      .update(creditNotes)
      .set({ remainingTtc: sql`${creditNotes.remainingTtc} - ${p.amount}::numeric` })
      .where(and(eq(creditNotes.id, p.id), eq(creditNotes.customerId, customerId), gte(creditNotes.remainingTtc, p.amount)))
      .returning({ id: creditNotes.id });
    if (done.length === 0) throw refused("documents.credit_unavailable");
    await tx.insert(creditNoteUses).values({ orderId, creditNoteId: p.id, amount: p.amount });
  }
  return sum(parts.map((p) => p.amount)).toFixed(2);
}

/**
 * Gives the credit spent on an order back to its credit notes, exactly once (each use row is released by a
 * guarded update; a second call, or a concurrent one, finds nothing left to release). For the expiry or
 * cancellation of an unpaid order, inside that transaction. Returns the amount given back.
 */
export async function releaseCreditNotes(q: Db, orderId: number): Promise<string> {
  const released = await q
    .update(creditNoteUses)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(creditNoteUses.orderId, orderId), isNull(creditNoteUses.releasedAt)))
    .returning({ credit_note_id: creditNoteUses.creditNoteId, amount: creditNoteUses.amount });
  for (const r of released) {
    await q
      .update(creditNotes)
      .set({ remainingTtc: sql`${creditNotes.remainingTtc} + ${r.amount}::numeric` })
      .where(eq(creditNotes.id, r.credit_note_id));
  }
  return sum(released.map((r) => r.amount)).toFixed(2);
}

/**
 * Gives back to their credit notes the part of the credit spent on an order above `keep` (an edit lowered the order's
 * total below it, decision 140): the newest uses first, each lowered or released by a statement guarded on what it
 * holds. Inside the order's transaction, under its lock. Returns the amount given back.
 */
export async function creditAboveTotal(q: Db, orderId: number, keep: string): Promise<string> {
  const uses = await q
    .select({ id: creditNoteUses.id, credit_note_id: creditNoteUses.creditNoteId, amount: creditNoteUses.amount })
    .from(creditNoteUses)
    .where(and(eq(creditNoteUses.orderId, orderId), isNull(creditNoteUses.releasedAt)))
    .orderBy(desc(creditNoteUses.id));
  let left = sum(uses.map((u) => u.amount)).minus(dec(keep));
  let back = dec(0);
  for (const u of uses) {
    if (left.sign() <= 0) break;
    const take = dec(u.amount).lt(left) ? dec(u.amount) : left;
    const whole = take.eq(dec(u.amount));
    const done = await q
      .update(creditNoteUses)
      .set(whole ? { releasedAt: sql`now()` } : { amount: sql`${creditNoteUses.amount} - ${take.toFixed(2)}::numeric` })
      .where(and(eq(creditNoteUses.id, u.id), isNull(creditNoteUses.releasedAt), eq(creditNoteUses.amount, u.amount)))
      .returning({ id: creditNoteUses.id });
    if (done.length === 0) continue;
    await q
      .update(creditNotes)
      .set({ remainingTtc: sql`${creditNotes.remainingTtc} + ${take.toFixed(2)}::numeric` })
      .where(eq(creditNotes.id, u.credit_note_id));
    left = left.minus(take);
    back = back.plus(take);
  }
  return back.toFixed(2);
}
