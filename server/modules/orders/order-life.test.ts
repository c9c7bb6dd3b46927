// Staff move orders along their life (core/orders/life.ts): each step recorded on the order, in its timeline and in
// the audit log, told to the customer; a role without the permission changes nothing; two staff acting on one
// order at the same moment give one change (PostgreSQL, separate connections).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStaff } from "#server/test/staff.ts";
import { eq, sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { auditLog, orderEvents, orders } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { loadEnv } from "#server/env.ts";
import { createReadCache } from "#server/read-cache.ts";
import { createServices } from "#server/services.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";

describe.each(testDbKinds())("order life by staff (%s)", (kind) => {
  let d: Database;
  let services: ReturnType<typeof createServices>;
  const ctxOf = (who: string) => demoStaff(d.db, who);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const statusOf = async (id: number) => (await d.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;
  /** A paid order no test has moved yet, delivered (`pickup` false) or collected at a store, set back to "paid". */
  async function paidOrder(pickup: boolean): Promise<number> {
    const [{ id }] = await query<{ id: number }>(
      d.db,
      sql`select id from orders o where pickup_method = ${pickup ? 2 : 1} and status <> 'cancelled'
          and not exists (select 1 from order_events e where e.order_id = o.id) order by id limit 1`,
    );
    await query(
      d.db,
      sql`update orders set status = 'processing', shipped_at = null, delivered_at = null, delivery_status = null,
            planned_delivery_date = null, delivery_reply_by = null, delivery_proposed_date = null,
            shop_id = coalesce(shop_id, (select min(id) from shops)) where id = ${id}`,
    );
    return id;
  }

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    services = createServices(d, loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), createReadCache());
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  it("prepares, ships with its tracking number and delivers an order: recorded, timed, audited and told to the customer", async () => {
    const id = await paidOrder(false);
    const warehouse = await ctxOf("entrepot");
    const { orderLife } = services;
    expect(await orderLife.apply(warehouse, id, { type: "start_preparation" })).toEqual({ status: "preparing" });
    expect(await refusal(orderLife.apply(warehouse, id, { type: "mark_ready", parcels: 0, pallets: 0, weight_kg: 12 }))).toBe(
      "orders.packing_invalid",
    );
    expect(await orderLife.apply(warehouse, id, { type: "mark_ready", parcels: 3, pallets: 1, weight_kg: 212.4 })).toEqual({
      status: "ready",
    });
    expect(await refusal(orderLife.apply(warehouse, id, { type: "ship", carrier: "GLS", tracking: "  " }))).toBe(
      "orders.tracking_required",
    );
    await orderLife.apply(warehouse, id, { type: "ship", carrier: "GLS", tracking: "GLS-778899" });
    await orderLife.apply(warehouse, id, { type: "deliver" });
    const [o] = await d.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({
      status: "delivered",
      parcels: 3,
      pallets: 1,
      weightKg: "212.40",
      carrier: "GLS",
      trackingNumber: "GLS-778899",
    });
    expect(o.shippedAt).not.toBeNull();
    expect(o.deliveredAt).not.toBeNull();
    const timeline = await orderLife.timeline(d.db, id);
    expect(timeline.map((e) => `${e.from}>${e.to}:${e.staff}`)).toEqual([
      "processing>preparing:Karim Benali",
      "preparing>ready:Karim Benali",
      "ready>shipped:Karim Benali",
      "shipped>delivered:Karim Benali",
    ]);
    expect(timeline[2].details).toEqual({ carrier: "GLS", tracking: "GLS-778899" });
    const audits = await d.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audits.map((a) => a.action)).toEqual(["start_preparation", "mark_ready", "ship", "deliver"]);
    const notices = await query<{ kind: string }>(d.db, sql`select kind from notifications where order_id = ${id} order by id`);
    expect(notices.map((n) => n.kind).slice(-4)).toEqual(["order_preparing", "order_ready", "order_shipped", "order_delivered"]);
    const mails = await query<{ subject: string }>(
      d.db,
      sql`select payload->>'subject' as subject from outbox_messages where payload->>'subject' like ${`%${o.number}%`} order by id`,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      `Votre commande ${o.number} : En préparation`,
      `Votre commande ${o.number} : Prête à expédier`,
      `Votre commande ${o.number} est expédiée`,
      `Votre commande ${o.number} : Livrée`,
    ]);
  });

  it("hands a store pickup over to the person named, after telling the customer which store", async () => {
    const id = await paidOrder(true);
    const warehouse = await ctxOf("entrepot");
    await services.orderLife.apply(warehouse, id, { type: "start_preparation" });
    expect(await refusal(services.orderLife.apply(warehouse, id, { type: "ship", carrier: "GLS", tracking: "X" }))).toBe(
      "orders.transition_refused_preparing",
    );
    expect(await services.orderLife.apply(warehouse, id, { type: "mark_ready", parcels: 0, pallets: 0, weight_kg: 4 })).toEqual({
      status: "ready_for_pickup",
    });
    const [notice] = await query<{ vars: { shop?: string } }>(
      d.db,
      sql`select vars from notifications where order_id = ${id} and kind = 'order_ready_for_pickup'`,
    );
    expect(notice.vars.shop).toBeTruthy();
    expect(await refusal(services.orderLife.apply(warehouse, id, { type: "hand_over", picked_up_by: " " }))).toBe(
      "orders.picked_up_by_required",
    );
    await services.orderLife.apply(warehouse, id, { type: "hand_over", picked_up_by: "Jean Dupont" });
    const [o] = await d.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ status: "picked_up", pickedUpBy: "Jean Dupont" });
    expect(o.deliveredAt).not.toBeNull();
  });

  it("refuses a role without the permission, and changes nothing", async () => {
    const id = await paidOrder(false);
    for (const who of ["planning", "catalogue", "comptabilite", "service-client"]) {
      expect(await refusal(services.orderLife.apply(await ctxOf(who), id, { type: "start_preparation" }))).toBe("admin.permission_denied");
    }
    expect(await statusOf(id)).toBe("processing");
    expect(await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).toEqual([]);
  });

  it("gives one change when staff start the same preparation at the same moment", async () => {
    const [a, b] = [await ctxOf("entrepot"), await ctxOf("gerance")];
    for (let round = 0; round < 5; round++) {
      const id = await paidOrder(false);
      // connections open and idle first: the three transactions then overlap rather than queue for a connection
      await Promise.all([1, 2, 3, 4].map(() => query(d.db, sql`select pg_sleep(0.02)`)));
      const outcomes = await Promise.all([a, b, a].map((c) => refusal(services.orderLife.apply(c, id, { type: "start_preparation" }))));
      expect(outcomes.sort()).toEqual(["accepted", "orders.transition_refused_preparing", "orders.transition_refused_preparing"]);
      expect(await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).toHaveLength(1);
      const notices = await query<{ n: number }>(
        d.db,
        sql`select count(*)::int as n from notifications where order_id = ${id} and kind = 'order_preparing'`,
      );
      expect(notices[0].n).toBe(1);
    }
  });
});
