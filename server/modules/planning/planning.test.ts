// Delivery planning (decision 138): planning is the order life's `plan` (a timeline row, an audit row, the customer
// asked to confirm), each round taken within its capacity unless forced, the capacities audited, the board showing
// where each delivery stands and the first date each order to plan fits, the round sheet's text; two planners taking
// the last place of a round at once give one plan (PostgreSQL, separate connections).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStaff } from "#server/test/staff.ts";
import { and, eq, sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { auditLog, orderEvents, orders } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { loadEnv } from "#server/env.ts";
import { createReadCache } from "#server/read-cache.ts";
import { createServices } from "#server/services.ts";
import { contextOf } from "#server/context.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { pdfToText } from "#server/test/pdf-text.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import { addDays, addWorkingDays, nextWorkingDay, replyDeadline, shopToday } from "#core/aftersales/deliveries.ts";
import { isPlannableDate } from "#core/planning/capacity.ts";

describe.each(testDbKinds())("delivery planning (%s)", (kind) => {
  let d: Database;
  let services: ReturnType<typeof createServices>;
  let serial = 0;
  const now = new Date();
  const today = shopToday(now);
  /** Working days ahead whose reply deadline is ahead too: each test plans on dates of its own. */
  const day = (n: number) => addWorkingDays(today, n + 1);

  const ctxOf = (who: string, lang: "fr" | "zh" = "fr") => demoStaff(d.db, who, lang);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  /** A paid delivery to plan (processing), to `zip`, carried on pallets (or parcels) as its cart counted. */
  async function newOrder(o: { zip: string; pallets?: number; parcels?: number; customer?: number; rdv?: boolean; toll?: string }) {
    serial++;
    const [row] = await d.db
      .insert(orders)
      .values({
        number: `CE2099-${String(serial).padStart(6, "0")}`,
        customerId: o.customer ?? 2,
        status: "processing",
        paidAt: new Date(now.getTime() - 3_600_000 + serial),
        pickupMethod: 1,
        deliveryMode: o.parcels ? "parcel" : "pallet",
        deliveryAddress: {
          company: `Client ${serial}`,
          first_name: "Alice",
          last_name: "Martin",
          line1: `${serial} rue du Quai`,
          zip_code: o.zip,
          city: "Ville",
          phone: `01 23 45 67 ${String(serial).padStart(2, "0")}`,
        },
        cartPallets: o.pallets ?? 0,
        cartParcels: o.parcels ?? 0,
        rdv: o.rdv ?? false,
        highwayTollHt: o.toll ?? "0",
        totalHt: "100.00",
        totalTva: "20.00",
        totalTtc: "120.00",
      })
      .returning({ id: orders.id, number: orders.number });
    return row;
  }
  const orderRow = async (id: number) => (await d.db.select().from(orders).where(eq(orders.id, id)))[0];
  const plan = async (ctx: StaffContext, id: number, date: string, force = false) =>
    services.orderLife.apply(ctx, id, { type: "plan", date, force }, now);

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    services = createServices(d, loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), createReadCache());
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  it("plans an order through its life: awaiting the customer's answer by the deadline, in its timeline and the audit log, the customer told", async () => {
    const planner = await ctxOf("planning");
    const o = await newOrder({ zip: "75011", pallets: 2 });
    const date = day(1);
    expect(await plan(planner, o.id, date)).toEqual({ status: "planned" });
    const row = await orderRow(o.id);
    expect(row).toMatchObject({
      status: "planned",
      plannedDeliveryDate: date,
      deliveryStatus: "awaiting_confirmation",
      deliveryProposedDate: null,
    });
    expect(row.deliveryReplyBy?.toISOString()).toBe(replyDeadline(date).toISOString());
    const events = await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(events).toMatchObject([
      {
        event: "plan",
        fromStatus: "processing",
        toStatus: "planned",
        staffId: planner.staff.id,
        details: { date, zone: "paris", over_capacity: false },
      },
    ]);
    const [audit] = await d.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(o.id))));
    expect(audit).toMatchObject({ action: "plan", staffId: planner.staff.id });
    expect(JSON.stringify(audit.changes)).toContain(date);
    const [notice] = await query<{ kind: string; vars: { date: string } }>(
      d.db,
      sql`select kind, vars from notifications where order_id = ${o.id}`,
    );
    expect(notice).toEqual({ kind: "order_planned", vars: { date } });
    const [mail] = await query<{ subject: string; text: string }>(
      d.db,
      sql`select payload->>'subject' as subject, payload->>'text' as text from outbox_messages where payload->>'subject' like ${`%${o.number}%`}`,
    );
    expect(mail.subject).toMatch(new RegExp(`^Votre commande ${o.number} : Livraison planifiée le \\d\\d/\\d\\d/\\d{4}$`));
    expect(mail.text).toContain("merci de confirmer votre disponibilité");
    // the customer's own list asks for their answer
    const mine = await services.deliveries.list(contextOf(d.db, 2), now);
    expect(mine.list.find((x) => x.number === o.number)).toMatchObject({ delivery_status: "awaiting_confirmation", can_reply: true });

    // taken back: to plan again, the customer told
    expect(await services.orderLife.apply(planner, o.id, { type: "unplan" }, now)).toEqual({ status: "processing" });
    expect(await orderRow(o.id)).toMatchObject({
      status: "processing",
      plannedDeliveryDate: null,
      deliveryStatus: null,
      deliveryReplyBy: null,
    });
    const kinds = await query<{ kind: string }>(d.db, sql`select kind from notifications where order_id = ${o.id} order by id`);
    expect(kinds.map((k) => k.kind)).toEqual(["order_planned", "order_unplanned"]);
    expect((await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))).map((e) => e.event)).toEqual(["plan", "unplan"]);
  });

  it("refuses a role without planning, a pickup, a day that cannot be planned: nothing changes", async () => {
    const o = await newOrder({ zip: "75011", pallets: 1 });
    for (const who of ["entrepot", "catalogue", "comptabilite", "service-client"])
      expect(await refusal(plan(await ctxOf(who), o.id, day(1)))).toBe("admin.permission_denied");
    const planner = await ctxOf("planning");
    let sunday = today;
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    expect(await refusal(plan(planner, o.id, sunday))).toBe("planning.date_not_plannable");
    expect(await refusal(plan(planner, o.id, today))).toBe("planning.date_not_plannable");
    const [pickup] = await query<{ id: number }>(
      d.db,
      sql`select id from orders where pickup_method = 2 and status = 'processing' limit 1`,
    );
    expect(await refusal(plan(planner, pickup.id, day(1)))).toBe("orders.plan_pickup");
    expect(await orderRow(o.id)).toMatchObject({ status: "processing", plannedDeliveryDate: null });
    expect(await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))).toEqual([]);
  });

  it("keeps a round within its capacity unless the planner forces it, and says the round's figures", async () => {
    const planner = await ctxOf("planning");
    const date = day(2);
    await services.planning.setCapacity(planner, { intent: "day", zone: "z1", date, pallets: 3, parcels: 0 }, now);
    const a = await newOrder({ zip: "59000", pallets: 2 });
    const b = await newOrder({ zip: "59100", pallets: 2 });
    const c = await newOrder({ zip: "80000", parcels: 1 });
    await plan(planner, a.id, date);
    const refused = await plan(planner, b.id, date).catch((e: { key: string; vars: Record<string, unknown> }) => e);
    expect(refused).toMatchObject({
      key: "planning.over_capacity",
      vars: { zone: "Nord, Normandie et Centre", pallets: 2, pallets_max: 3 },
    });
    expect(await refusal(plan(planner, c.id, date))).toBe("planning.over_capacity"); // no parcel on that round
    expect((await orderRow(b.id)).status).toBe("processing");
    // forced: planned, and the timeline says it went over
    await plan(planner, b.id, date, true);
    const [forced] = await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, b.id));
    expect(forced.details).toMatchObject({ force: true, over_capacity: true });
    // re-planning an order on its own round does not count it twice
    await plan(planner, a.id, date, true);
    const board = await services.planning.board(d.db, { day: date, now, lang: "fr" });
    const round = board.days.find((x) => x.date === date)!.rounds.find((r) => r.zone === "z1")!;
    expect(round).toMatchObject({ capacity: { pallets: 3, parcels: 0 }, used: { pallets: 4, parcels: 0 } });
    expect(round.orders.map((o) => o.number).sort()).toEqual([a.number, b.number].sort());
    // an address outside every zone needs forcing
    const far = await newOrder({ zip: "97100", pallets: 1 });
    expect(await refusal(plan(planner, far.id, date))).toBe("planning.no_zone");
  });

  it("sets capacities as audited staff writes, for planners only, never on a past date", async () => {
    const planner = await ctxOf("planning");
    await services.planning.setCapacity(planner, { intent: "default", zone: "corse", pallets: 4, parcels: 30 }, now);
    await services.planning.setCapacity(planner, { intent: "day", zone: "corse", date: day(3), pallets: 0, parcels: 5 }, now);
    const caps = await services.planning.capacities(d.db, "fr", now);
    expect(caps.zones.find((z) => z.code === "corse")?.capacity).toEqual({ pallets: 4, parcels: 30 });
    expect(caps.days).toContainEqual({ zone: "corse", date: day(3), pallets: 0, parcels: 5 });
    await services.planning.setCapacity(planner, { intent: "clear", zone: "corse", date: day(3) }, now);
    expect((await services.planning.capacities(d.db, "fr", now)).days.filter((x) => x.zone === "corse")).toEqual([]);
    const audits = await d.db.select().from(auditLog).where(eq(auditLog.entity, "delivery_capacity"));
    expect(audits.filter((a) => a.entityId.startsWith("corse")).map((a) => a.action)).toEqual(["default", "day", "clear"]);
    expect(
      await refusal(
        services.planning.setCapacity(planner, { intent: "day", zone: "corse", date: addDays(today, -1), pallets: 1, parcels: 1 }, now),
      ),
    ).toBe("planning.capacity_date_past");
    expect(await refusal(services.planning.setCapacity(planner, { intent: "default", zone: "mars", pallets: 1, parcels: 1 }, now))).toBe(
      "planning.zone_invalid",
    );
    expect(
      await refusal(
        services.planning.setCapacity(await ctxOf("entrepot"), { intent: "default", zone: "corse", pallets: 9, parcels: 9 }, now),
      ),
    ).toBe("admin.permission_denied");
    expect((await services.planning.capacities(d.db, "fr", now)).zones.find((z) => z.code === "corse")?.capacity).toEqual({
      pallets: 4,
      parcels: 30,
    });
  });

  it("shows where each delivery stands, and proposes each order to plan the first date its round has room, counting those before it", async () => {
    const planner = await ctxOf("planning");
    // z3 carries 3 pallets a day from here on: two orders of 2 pallets take two days
    await services.planning.setCapacity(planner, { intent: "default", zone: "z3", pallets: 3, parcels: 10 }, now);
    const first = await newOrder({ zip: "13001", pallets: 2 });
    const second = await newOrder({ zip: "33000", pallets: 2 });
    const board = await services.planning.board(d.db, { day: today, now, lang: "fr" });
    const proposed = (id: number) => board.toPlan.find((o) => o.id === id)?.proposed;
    let d1 = nextWorkingDay(today);
    while (!isPlannableDate(d1, now)) d1 = nextWorkingDay(d1);
    expect(proposed(first.id)).toBe(d1);
    expect(proposed(second.id)).toBe(nextWorkingDay(d1));
    expect(board.toPlan.find((o) => o.id === first.id)).toMatchObject({ zone: "z3", load: { pallets: 2, parcels: 0 }, flow: null });
    const accepted = await services.planning.planProposed(
      planner,
      [
        { order: first.id, date: d1 },
        { order: second.id, date: nextWorkingDay(d1) },
      ],
      now,
    );
    expect(accepted).toEqual({ done: [first.number, second.number], refusals: [] });

    // the customer answers: unavailable (another day), confirmed, cancelled; one is left without an answer
    const customer = contextOf(d.db, 2);
    const date = day(4);
    const [unavailable, confirmed, cancelled, silent] = await Promise.all([1, 2, 3, 4].map(() => newOrder({ zip: "75002", pallets: 1 })));
    for (const o of [unavailable, confirmed, cancelled, silent]) await plan(planner, o.id, date);
    await services.deliveries.reply(customer, { order_id: unavailable.id, reply: "unavailable", proposed_date: day(6) }, now);
    await services.deliveries.reply(customer, { order_id: confirmed.id, reply: "available", proposed_date: "" }, now);
    await services.deliveries.reply(customer, { order_id: cancelled.id, reply: "cancel", proposed_date: "" }, now);
    // past its deadline the shop moves the silent one (and every other still awaiting then)
    const later = new Date(replyDeadline(date).getTime() + 60_000);
    await services.deliveries.rescheduleDue(d.db, later);
    const moved = (await orderRow(silent.id)).plannedDeliveryDate!;
    const after = await services.planning.board(d.db, { day: moved, now, lang: "fr" });
    const all = [...after.days.flatMap((x) => x.rounds.flatMap((r) => r.orders)), ...after.toPlan];
    const flowOf = (id: number) => all.find((o) => o.id === id);
    expect(flowOf(silent.id)).toMatchObject({ flow: "rescheduled" });
    const before = await services.planning.board(d.db, { day: date, now, lang: "fr" });
    const there = before.days.find((x) => x.date === date)!.rounds.find((r) => r.zone === "paris")!.orders;
    expect(there.find((o) => o.id === unavailable.id)).toMatchObject({ flow: "unavailable", proposed_date: day(6) });
    expect(there.find((o) => o.id === confirmed.id)).toMatchObject({ flow: "confirmed" });
    expect(before.toPlan.find((o) => o.id === cancelled.id)).toMatchObject({ flow: "cancelled", last_date: date });
    expect((await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, silent.id))).map((e) => e.event)).toEqual([
      "plan",
      "reschedule",
    ]);
  });

  it("prints the round sheet of a date and zone: stops by zip code with what the driver needs, in French and Chinese", async () => {
    const planner = await ctxOf("planning");
    // a date no other test of this file plans on (where the first date with room falls moves with the hour)
    const date = day(8);
    const late = await newOrder({ zip: "94300", pallets: 2, customer: 1, rdv: true });
    const early = await newOrder({ zip: "75011", parcels: 3, toll: "18.00" });
    const declined = await newOrder({ zip: "75001", pallets: 1 });
    for (const o of [late, early, declined]) await plan(planner, o.id, date);
    await services.deliveries.reply(contextOf(d.db, 2), { order_id: declined.id, reply: "unavailable", proposed_date: day(9) }, now);
    const { name, pdf } = await services.planning.roundSheet(d.db, date, "paris", "fr");
    expect(name).toBe(`${date}-paris`);
    const text = await pdfToText(pdf);
    expect(text).toContain("Feuille de route — Paris et petite/grande couronne");
    expect(text).not.toContain(declined.number);
    expect(text.indexOf(early.number)).toBeGreaterThan(0);
    expect(text.indexOf(early.number)).toBeLessThan(text.indexOf(late.number));
    expect(text).toContain("01 23 45 67");
    expect(text).toContain("rue du Quai");
    expect(text).toContain(`Client ${Number(late.number.slice(-6))}`); // the delivery address's company
    expect(text).toContain("Livraison par la cour"); // customer 1's receiving note
    expect(text).toContain("Horaires non précisés"); // customer 2 said nothing
    expect(text).toMatch(/Matin/);
    expect(text).toContain("Oui"); // the appointment
    expect(text).toMatch(/18,00\s€\sHT/);
    expect(text).toContain("Arrêts : 2 · palettes : 2 · colis : 3");
    const zh = await pdfToText((await services.planning.roundSheet(d.db, date, "paris", "zh")).pdf);
    expect(zh).toContain("路线单");
    expect(zh).toContain("巴黎及大区");
    expect(zh).toContain("未说明收货时间");
    await expect(services.planning.roundSheet(d.db, date, "mars", "fr")).rejects.toMatchObject({ kind: "not_found" });
  });

  it("gives one plan when two planners take the last place of a round at the same moment, unless forced", async () => {
    const [a, b] = [await ctxOf("planning"), await ctxOf("gerance")];
    for (let round = 0; round < 4; round++) {
      const date = day(10 + round);
      await services.planning.setCapacity(a, { intent: "day", zone: "z2", date, pallets: 2, parcels: 0 }, now);
      const [x, y] = [await newOrder({ zip: "69003", pallets: 2 }), await newOrder({ zip: "44000", pallets: 2 })];
      // connections open and idle first: the transactions then overlap rather than queue for a connection
      await Promise.all([1, 2, 3, 4].map(() => query(d.db, sql`select pg_sleep(0.02)`)));
      const outcomes = await Promise.all([refusal(plan(a, x.id, date)), refusal(plan(b, y.id, date))]);
      expect(outcomes.sort()).toEqual(["accepted", "planning.over_capacity"]);
      const [{ n }] = await query<{ n: number }>(d.db, sql`select count(*)::int as n from orders where planned_delivery_date = ${date}`);
      expect(n).toBe(1);
    }
    // forced, both go on the round
    const date = day(15);
    await services.planning.setCapacity(a, { intent: "day", zone: "z2", date, pallets: 2, parcels: 0 }, now);
    const [x, y] = [await newOrder({ zip: "69003", pallets: 2 }), await newOrder({ zip: "44000", pallets: 2 })];
    await Promise.all([1, 2, 3, 4].map(() => query(d.db, sql`select pg_sleep(0.02)`)));
    expect(await Promise.all([refusal(plan(a, x.id, date, true)), refusal(plan(b, y.id, date, true))])).toEqual(["accepted", "accepted"]);
  });
});
