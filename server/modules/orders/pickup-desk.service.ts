// The pickup desk (the back office's store counter): for each shop, the store pickups ready to hand over, those handed
// over today (in the shop's time zone) and those still being prepared (paid, or in preparation), optionally searched
// by order number, client number, company or name. Handing an order over is the order life's `hand_over` event.
import { and, eq, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, orders } from "#server/db/schema/index.ts";
import { calendarDate } from "#core/format-date.ts";
import type { PickupDeskQuery } from "#core/validation/pickup-desk.ts";
import type { DeskList, DeskShop } from "#core/contracts/pickup-desk.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import type { OrderLifeService } from "./order-life.service.ts";
import { dayStart, iso, nextDayStart, searchOf } from "./staff-orders.service.ts";

/** The most rows a list shows; past it, the desk says how many more and the search narrows. */
export const DESK_LIST_MAX = 100;

const emptyShop = (): DeskShop => ({ ready: { rows: [], total: 0 }, handed: { rows: [], total: 0 }, preparing: { rows: [], total: 0 } });

export function createPickupDesk(orderLife: OrderLifeService) {
  /** The desk's lists by shop id (a shop with nothing has no entry); `now` fixes "today". */
  async function board(q: Db, query: PickupDeskQuery, now = new Date()): Promise<Map<number, DeskShop>> {
    const today = calendarDate(now);
    const list = sql<DeskList>`case ${orders.status} when 'ready_for_pickup' then 'ready' when 'picked_up' then 'handed' else 'preparing' end`;
    const where: (SQL | undefined)[] = [
      eq(orders.pickupMethod, 2),
      or(
        inArray(orders.status, ["ready_for_pickup", "processing", "preparing"]),
        and(
          eq(orders.status, "picked_up"),
          sql`${orders.deliveredAt} >= ${dayStart(today)}`,
          sql`${orders.deliveredAt} < ${nextDayStart(today)}`,
        ),
      ),
    ];
    if (query.shop !== undefined) where.push(eq(orders.shopId, query.shop));
    if (query.q !== undefined) where.push(await searchOf(q, query.q));
    // each list in its order: the longest waiting first; handed over, the latest first
    const lists = q
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        shop_id: sql<number>`${orders.shopId}`.as("shop_id"),
        list: list.as("list"),
        placed_at: iso(orders.createdAt).as("placed_at"),
        handed_at: sql<string | null>`${iso(orders.deliveredAt)}`.as("handed_at"),
        picked_up_by: orders.pickedUpBy,
        paid: sql<boolean>`${orders.paidAt} is not null`.as("paid"),
        total_ttc: orders.totalTtc,
        parcels: orders.parcels,
        pallets: orders.pallets,
        weight_kg: orders.weightKg,
        client_number: customers.clientNumber,
        company: customers.company,
        name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`.as("name"),
        phone: customers.phone,
        rank: sql<number>`row_number() over (partition by ${orders.shopId}, ${list}
          order by ${orders.deliveredAt} desc nulls last, ${orders.createdAt}, ${orders.id})`.as("rank"),
        total: sql<number>`(count(*) over (partition by ${orders.shopId}, ${list}))::int`.as("total"),
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(...where))
      .as("lists");
    const rows = await q.select().from(lists).where(lte(lists.rank, DESK_LIST_MAX)).orderBy(lists.shop_id, lists.list, lists.rank);
    const shops = new Map<number, DeskShop>();
    for (const r of rows) {
      const shop = shops.get(r.shop_id) ?? emptyShop();
      shops.set(r.shop_id, shop);
      const { client_number, company, name, phone, shop_id: _, list: which, rank: __, total, ...order } = r;
      shop[which].total = Number(total);
      shop[which].rows.push({
        ...order,
        paid: Boolean(order.paid),
        total_ttc: String(order.total_ttc),
        customer: { client_number, company, name, phone },
      });
    }
    return shops;
  }

  /** Hands the order over to `pickedUpBy` (the order life checks the permission and the state); its number. */
  async function handOver(ctx: StaffContext, orderId: number, pickedUpBy: string): Promise<{ number: string }> {
    await orderLife.apply(ctx, orderId, { type: "hand_over", picked_up_by: pickedUpBy });
    const [o] = await ctx.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    return o;
  }

  return { board, handOver };
}

export type PickupDeskService = ReturnType<typeof createPickupDesk>;
