// Card refunds the shop decides (a cancelled paid order): a `refunds` row written in the deciding transaction, under
// the order's row lock, for at most what the card payment may still refund; then, outside any transaction, the
// payments worker claims due rows (SKIP LOCKED, the next attempt pushed ahead) and asks the provider with the row's
// own idempotency key, so a retry, a second process or a crash between the provider's answer and the row's update
// refunds once. A failure is recorded on the row and retried later, backing off from one minute to one hour.
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { orders, payments, refunds } from "#server/db/schema/index.ts";
import { afterCommit, assertOutsideTransaction, withTransaction } from "#server/db/tx.ts";
import { toCents } from "#core/money.ts";
import type { PaymentProviderAdapter } from "./provider.ts";

type Log = { warn: (o: object, msg: string) => void };

// One per process even when this module is loaded twice (server source and the page bundle).
const listeners: Set<() => void> = ((globalThis as Record<symbol, unknown>)[Symbol.for("comptoir.refunds")] ??= new Set<
  () => void
>()) as Set<() => void>;

/** The payments worker of this process subscribes to refund right after a commit that asked for a refund. */
export function onRefundRequested(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The provider's idempotency key of a refund row. */
export const refundKey = (refundId: number) => `comptoir-refund-r${refundId}`;

/** A refund may be asked this long after a claim that did not finish (a process that died while asking). */
const CLAIM_MINUTES = 5;

/**
 * The order's card payment (the one that paid it) and what it may still refund: its amount less every refund row of
 * it, done or not. Null when the provider knows no payment of the order (paid otherwise, or before the shop took
 * cards). Read under the order's row lock, which every writer of refund rows holds.
 */
export async function cardRefundable(tx: Db, orderId: number): Promise<{ paymentId: number; refundable: string } | null> {
  const [p] = await tx
    .select({
      id: payments.id,
      refundable: sql<string>`(${payments.amount} - coalesce((select sum(r.amount) from refunds r where r.payment_id = ${payments.id}), 0))::text`,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, "succeeded"),
        isNotNull(payments.providerRef),
        eq(payments.transactionId, orders.transactionId),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(1);
  return p ? { paymentId: p.id, refundable: p.refundable } : null;
}

/** Records a refund to make (in the deciding transaction); the worker of this process is woken after the commit. */
export async function requestRefund(tx: Db, r: { paymentId: number; amount: string; staffId: number | null }): Promise<number> {
  const [row] = await tx.insert(refunds).values(r).returning({ id: refunds.id });
  afterCommit(() => listeners.forEach((cb) => cb()));
  return row.id;
}

/** One pass over the due refund rows of this provider: answers how many the provider made. */
export async function refundRequested(q: Db, provider: PaymentProviderAdapter, log: Log, batch = 20): Promise<number> {
  assertOutsideTransaction("refund");
  const due = await withTransaction(q, async (tx) => {
    const ids = tx
      .select({ id: refunds.id })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.status, "pending"), lte(refunds.nextAttemptAt, sql`now()`), eq(payments.provider, provider.name)))
      .orderBy(asc(refunds.id))
      .limit(batch)
      .for("update", { of: refunds, skipLocked: true });
    const claimed = await tx
      .update(refunds)
      .set({ attempts: sql`${refunds.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(mins => ${CLAIM_MINUTES})` })
      .where(inArray(refunds.id, ids))
      .returning({
        id: refunds.id,
        payment_id: refunds.paymentId,
        amount: sql<string>`${refunds.amount}::text`,
        attempts: refunds.attempts,
      });
    if (claimed.length === 0) return [];
    const paid = await tx
      .select({ id: payments.id, provider_ref: sql<string>`${payments.providerRef}`, transaction_id: payments.transactionId })
      .from(payments)
      .where(
        inArray(
          payments.id,
          claimed.map((c) => c.payment_id),
        ),
      );
    return claimed.map((c) => ({ ...c, payment: paid.find((p) => p.id === c.payment_id)! }));
  });
  let n = 0;
  for (const r of due.sort((a, b) => a.id - b.id)) {
    try {
      const { refundRef } = await provider.refund({
        providerRef: r.payment.provider_ref,
        transactionId: r.payment.transaction_id,
        amountCents: toCents(r.amount),
        idempotencyKey: refundKey(r.id),
      });
      await withTransaction(q, async (tx) => {
        const [done] = await tx
          .update(refunds)
          .set({ status: "succeeded", refundRef, refundedAt: sql`now()`, lastError: null })
          .where(and(eq(refunds.id, r.id), eq(refunds.status, "pending")))
          .returning({ id: refunds.id });
        // the payment is refunded once its refunds give back all it took
        if (done)
          await tx
            .update(payments)
            .set({ status: "refunded", updatedAt: sql`now()` })
            .where(
              and(
                eq(payments.id, r.payment_id),
                eq(payments.status, "succeeded"),
                sql`${payments.amount} <= (select coalesce(sum(amount), 0) from refunds where payment_id = ${r.payment_id} and status = 'succeeded')`,
              ),
            );
      });
      n++;
    } catch (e) {
      const error = String((e as Error)?.message ?? e).slice(0, 300);
      log.warn({ refund: r.id, error }, "payment: refund failed, will retry");
      await q
        .update(refunds)
        .set({ lastError: error, nextAttemptAt: sql`now() + make_interval(mins => least(60, power(2, least(${r.attempts}, 7) - 1)::int))` })
        .where(and(eq(refunds.id, r.id), eq(refunds.status, "pending")));
    }
  }
  return n;
}
