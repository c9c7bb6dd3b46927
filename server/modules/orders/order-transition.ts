// The one write of an order's status change (core/orders/life.ts, decision 135): an UPDATE guarded on the status the
// writer read and on the states the event may leave, and the timeline row, in the writer's transaction. Staff, the
// payment notification and the unpaid-order expiry all move orders through it: of concurrent writers one wins, the
// others' UPDATE matches no row (on PostgreSQL it waits for the winner's commit and reads the status again).
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { orderEvents, orders } from "#server/db/schema/index.ts";
import { FROM, type OrderEventType, type OrderStatus } from "#core/orders/life.ts";

type OrderRow = typeof orders.$inferInsert;

export type Move = {
  event: OrderEventType;
  from: OrderStatus;
  to: OrderStatus;
  /** What the order's row holds after the event, besides its status. */
  set?: { [K in keyof OrderRow]?: OrderRow[K] | SQL };
  /** A further condition of the writer (the expiry's age). */
  where?: SQL;
  /** Null: the shop itself (payment, expiry). */
  staffId?: number | null;
  details?: Record<string, unknown>;
  at?: Date;
};

/** Moves the order when it is still in `from`; false when another writer moved it first (nothing written). */
export async function moveOrder(tx: Db, orderId: number, m: Move): Promise<boolean> {
  if (!FROM[m.event].includes(m.from)) throw new Error(`order life: ${m.event} cannot leave ${m.from}`);
  const [moved] = await tx
    .update(orders)
    .set({ ...m.set, status: m.to })
    .where(and(eq(orders.id, orderId), eq(orders.status, m.from), inArray(orders.status, [...FROM[m.event]]), m.where))
    .returning({ id: orders.id });
  if (!moved) return false;
  await tx.insert(orderEvents).values({
    orderId,
    at: m.at,
    staffId: m.staffId ?? null,
    event: m.event,
    fromStatus: m.from,
    toStatus: m.to,
    details: m.details ?? {},
  });
  return true;
}
