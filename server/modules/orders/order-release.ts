// What a cancelled order gives back, for the unpaid-order expiry and for staff's cancellation alike: its stock, its
// coupon use and the credit notes spent on it. Called only by the writer whose guarded change to "cancelled" won
// (order-transition.ts), in that transaction: given back exactly once.
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { coupons, models, orderLines, orders } from "#server/db/schema/index.ts";
import { releaseCreditNotes } from "#server/modules/credit-notes/credit-notes.service.ts";

/** Gives the order's stock, coupon use and credit back; answers the credit given back (TTC). */
export async function releaseOrder(tx: Db, orderId: number): Promise<string> {
  const lines = await tx
    .select({ model_id: sql<number>`${orderLines.modelId}`, num: sql<number>`sum(${orderLines.num})::int` }) // model_id not null: the WHERE
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.modelId)))
    .groupBy(orderLines.modelId)
    .orderBy(orderLines.modelId);
  // models in id order, like order placement: the two never deadlock
  for (const l of lines)
    await tx
      .update(models)
      .set({ stock: sql`${models.stock} + ${l.num}` })
      .where(eq(models.id, l.model_id));
  const [o] = await tx.select({ coupon_id: orders.couponId }).from(orders).where(eq(orders.id, orderId));
  if (o?.coupon_id != null)
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} - 1` })
      .where(and(eq(coupons.id, o.coupon_id), gt(coupons.uses, 0)));
  return releaseCreditNotes(tx, orderId); // credit notes spent on it are usable again, once
}
