// The dashboard's figures and the one search box over the demo data and orders placed here around a moment in 2030
// (no demo order then): sales of today and this week by the order's day in Paris, the chart by day, week and month,
// the top products, the orders to prepare, this week's deliveries by zone, returns and questions waiting, models low
// in stock (counted against the demo's before), each part only when asked; the CSV; the search by kind allowed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { query } from "#server/db/client.ts";
import { customers, models, orderLines, orders, products, questions, returnRequests } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { DASHBOARD_PART_NAMES, LOW_STOCK_MAX } from "#core/dashboard/figures.ts";
import { createDashboard } from "./dashboard.service.ts";
import { createStaffSearch } from "./staff-search.service.ts";

/** 00:30 on Monday 1 April 2030 in Paris (summer time, UTC+2). */
const NOW = new Date("2030-03-31T22:30:00Z");
const ALL = new Set(DASHBOARD_PART_NAMES);
const amounts = (ht: string) => ({ totalHt: ht, totalTva: (Number(ht) * 0.2).toFixed(2), totalTtc: (Number(ht) * 1.2).toFixed(2) });
const addr = { company: "x", line1: "1 rue", zip_code: "75011", city: "Paris", country: "FR" };

describe.each(testDbKinds())("dashboard (%s)", (kind) => {
  let d: Database;
  const dashboard = createDashboard({ cacheMs: 0 });
  const search = createStaffSearch();
  let before: Awaited<ReturnType<typeof dashboard.figures>>;
  let zone = "";
  let lowModel = "";

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    before = await dashboard.figures(d.db, { parts: ALL, now: NOW, grain: "day", lang: "fr" });
    [{ zone }] = await query<{ zone: string }>(d.db, sql`select zone_code as zone from freight_zone_departments where department = '75'`);
    const [c] = await d.db
      .insert(customers)
      .values({
        clientNumber: "C910001",
        title: "Mme",
        firstName: "Inès",
        lastName: "Tableau",
        company: "Épicerie du Tableau",
        email: "ines@tableau.fr",
        passwordHash: "x",
      })
      .returning({ id: customers.id });
    const base = { customerId: c.id, paymentMethod: "card", pickupMethod: 1, deliveryMode: "pallet", deliveryAddress: addr } as const;
    const made = await d.db
      .insert(orders)
      .values([
        // 00:10 on 1 April in Paris: today, this week
        {
          ...base,
          number: "DB2030-A",
          status: "processing",
          createdAt: new Date("2030-03-31T22:10:00Z"),
          paidAt: NOW,
          ...amounts("100.00"),
        },
        // 23:50 on 31 March in Paris: yesterday, last week
        { ...base, number: "DB2030-B", status: "delivered", createdAt: new Date("2030-03-31T21:50:00Z"), paidAt: NOW, ...amounts("50.00") },
        // not sales: unpaid, cancelled
        { ...base, number: "DB2030-C", status: "unpaid", createdAt: new Date("2030-03-31T22:20:00Z"), ...amounts("999.00") },
        {
          ...base,
          number: "DB2030-D",
          status: "cancelled",
          createdAt: new Date("2030-03-31T22:20:00Z"),
          cancelledAt: NOW,
          ...amounts("888.00"),
        },
        // 2 March: in the weeks' and the months' charts, not the 30 days'; delivered this Wednesday
        {
          ...base,
          number: "DB2030-E",
          status: "planned",
          createdAt: new Date("2030-03-02T10:00:00Z"),
          paidAt: NOW,
          plannedDeliveryDate: "2030-04-03",
          ...amounts("30.00"),
        },
      ])
      .returning({ id: orders.id, number: orders.number });
    const id = (n: string) => made.find((o) => o.number === n)!.id;
    const line = (order: string, reference: string, num: number, ht: string) => ({
      orderId: id(order),
      reference,
      designation: `Article ${reference}`,
      unit: "carton",
      price: "1",
      num,
      tva: "0.2",
      lineHt: ht,
    });
    await d.db
      .insert(orderLines)
      .values([
        line("DB2030-A", "DASH-1", 2, "60.00"),
        line("DB2030-A", "DASH-2", 5, "40.00"),
        line("DB2030-B", "DASH-2", 1, "50.00"),
        line("DB2030-C", "DASH-3", 9, "999.00"),
        line("DB2030-D", "DASH-3", 9, "888.00"),
      ]);
    await d.db.insert(returnRequests).values({ orderId: id("DB2030-B"), customerId: c.id, status: "requested", reason: "damaged" });
    await d.db.insert(questions).values({ customerId: c.id, type: "commande", content: "Où en est ma commande ?" });
    // a model of a shown product, for sale, brought down to the threshold
    const [m] = await query<{ reference: string }>(
      d.db,
      sql`select m.reference from models m join products p on p.id = m.product_id
          where m.stock > ${LOW_STOCK_MAX} and not m.not_for_sale and p.active order by m.id limit 1`,
    );
    lowModel = m.reference;
    await d.db.update(models).set({ stock: LOW_STOCK_MAX }).where(eq(models.reference, lowModel));
  }, 240_000);
  afterAll(() => d?.close());

  it("adds up today's and this week's sales by the order's day in Paris, paid and not cancelled", async () => {
    const f = await dashboard.figures(d.db, { parts: ALL, now: NOW, grain: "day", lang: "fr" });
    expect(f.today).toBe("2030-04-01");
    expect(f.week).toEqual({ from: "2030-04-01", to: "2030-04-07" });
    expect(f.sales!.today).toEqual({ orders: 1, revenue_ht: "100.00" });
    expect(f.sales!.week).toEqual({ orders: 1, revenue_ht: "100.00" });
  });

  it("draws the chart by day, week and month, empty buckets at zero", async () => {
    const day = (await dashboard.figures(d.db, { parts: ALL, now: NOW, grain: "day", lang: "fr" })).sales!.chart;
    expect(day).toHaveLength(30);
    expect(day.at(-1)).toEqual({ from: "2030-04-01", to: "2030-04-01", orders: 1, revenue_ht: "100.00" });
    expect(day.at(-2)).toEqual({ from: "2030-03-31", to: "2030-03-31", orders: 1, revenue_ht: "50.00" });
    expect(day.slice(0, -2).every((p) => p.orders === 0 && p.revenue_ht === "0.00")).toBe(true);
    const week = (await dashboard.figures(d.db, { parts: ALL, now: NOW, grain: "week", lang: "fr" })).sales!.chart;
    expect(week.at(-1)).toMatchObject({ from: "2030-04-01", orders: 1, revenue_ht: "100.00" });
    expect(week.at(-2)).toMatchObject({ from: "2030-03-25", to: "2030-03-31", orders: 1, revenue_ht: "50.00" });
    expect(week.find((p) => p.from === "2030-02-25")).toMatchObject({ orders: 1, revenue_ht: "30.00" });
    const month = (await dashboard.figures(d.db, { parts: ALL, now: NOW, grain: "month", lang: "zh" })).sales!.chart;
    expect(month.at(-1)).toEqual({ from: "2030-04-01", to: "2030-04-01", orders: 1, revenue_ht: "100.00" });
    expect(month.at(-2)).toEqual({ from: "2030-03-01", to: "2030-03-31", orders: 2, revenue_ht: "80.00" });
  });

  it("ranks the top products of the last 30 days by revenue HT", async () => {
    const f = await dashboard.figures(d.db, { parts: ALL, now: NOW, grain: "day", lang: "fr" });
    expect(f.sales!.top_range).toEqual({ from: "2030-03-03", to: "2030-04-01" });
    expect(f.sales!.top.map((p) => [p.reference, p.units, p.revenue_ht, p.name])).toEqual([
      ["DASH-2", 6, "90.00", "Article DASH-2"],
      ["DASH-1", 2, "60.00", "Article DASH-1"],
    ]);
  });

  it("counts the work waiting: orders to prepare, this week's deliveries by zone, returns, questions, low stock", async () => {
    const f = await dashboard.figures(d.db, { parts: ALL, now: NOW, grain: "day", lang: "fr" });
    const n = (x: { by_status: { status: string; orders: number }[] }, s: string) => x.by_status.find((r) => r.status === s)!.orders;
    expect(f.to_prepare!.total).toBe(before.to_prepare!.total + 2);
    expect(n(f.to_prepare!, "processing")).toBe(n(before.to_prepare!, "processing") + 1);
    expect(n(f.to_prepare!, "planned")).toBe(n(before.to_prepare!, "planned") + 1);
    expect(f.deliveries!.total).toBe(1);
    expect(f.deliveries!.zones.find((z) => z.code === zone)).toMatchObject({ orders: 1 });
    expect(f.deliveries!.zones.every((z) => z.name !== "")).toBe(true);
    expect(f.returns).toEqual({ requested: before.returns!.requested + 1, received: before.returns!.received });
    expect(f.questions!.open).toBe(before.questions!.open + 1);
    expect(f.low_stock!.total).toBe(before.low_stock!.total + 1);
    expect(f.low_stock!.list.length).toBeLessThanOrEqual(10);
    expect(f.low_stock!.list.every((m, i, l) => m.stock <= LOW_STOCK_MAX && (i === 0 || l[i - 1].stock <= m.stock))).toBe(true);
    // a model no longer for sale is not counted
    await d.db.update(models).set({ notForSale: true }).where(eq(models.reference, lowModel));
    const after = await dashboard.figures(d.db, { parts: new Set(["low_stock"] as const), now: NOW, grain: "day", lang: "fr" });
    expect(after.low_stock!.total).toBe(before.low_stock!.total);
    await d.db.update(models).set({ notForSale: false }).where(eq(models.reference, lowModel));
  });

  it("reads only the parts asked for", async () => {
    const f = await dashboard.figures(d.db, { parts: new Set(["to_prepare"] as const), now: NOW, grain: "day", lang: "fr" });
    expect(f.to_prepare).toBeDefined();
    expect(f.sales).toBeUndefined();
    expect(f.low_stock).toBeUndefined();
    expect(f.returns).toBeUndefined();
    expect(f.questions).toBeUndefined();
    expect(f.deliveries).toBeUndefined();
  });

  it("writes the figures as CSV for Excel: byte order mark, semicolons, decimal comma in French", async () => {
    const f = await dashboard.figures(d.db, { parts: ALL, now: NOW, grain: "day", lang: "fr" });
    const fr = dashboard.csv(f, "fr");
    expect(fr.startsWith("\ufeffRubrique;Chiffre;Période;Nombre;Chiffre d’affaires HT\r\n")).toBe(true);
    expect(fr).toContain("Ventes;Aujourd’hui;01/04/2030;1;100,00\r\n");
    expect(fr).toContain("DASH-2 Article DASH-2;");
    const zh = dashboard.csv(await dashboard.figures(d.db, { parts: ALL, now: NOW, grain: "day", lang: "zh" }), "zh");
    expect(zh).toContain(";100.00\r\n");
    expect(zh).toContain("销售");
  });

  it("finds an order, a customer or a model; an exact number alone is the hit; only the kinds allowed", async () => {
    const all = { orders: true, customers: true, models: true };
    const order = await search.find(d.db, "db2030-a", all, "fr");
    expect(order.exact).toEqual({ kind: "order", number: "DB2030-A" });
    const part = await search.find(d.db, "DB2030", all, "fr");
    expect(part.exact).toBeNull();
    expect(part.orders!.map((o) => o.number).sort()).toEqual(["DB2030-A", "DB2030-B", "DB2030-C", "DB2030-D", "DB2030-E"]);
    expect(part.orders![0].customer).toBe("Épicerie du Tableau");
    expect((await search.find(d.db, "c910001", all, "fr")).exact).toEqual({ kind: "customer", client_number: "C910001" });
    const byName = await search.find(d.db, "epicerie du tableau", all, "fr");
    expect(byName.customers!.map((c) => c.client_number)).toEqual(["C910001"]);
    const [p] = await d.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(models, eq(models.productId, products.id))
      .where(eq(models.reference, lowModel));
    expect((await search.find(d.db, lowModel.toLowerCase(), all, "fr")).exact).toMatchObject({ kind: "model", product_id: p.id });
    const warehouse = await search.find(d.db, "C910001", { orders: true, customers: false, models: false }, "fr");
    expect(warehouse.customers).toBeNull();
    expect(warehouse.models).toBeNull();
    expect(warehouse.exact).toBeNull();
    const catalogue = await search.find(d.db, "DB2030-A", { orders: false, customers: false, models: true }, "fr");
    expect(catalogue.orders).toBeNull();
    expect(catalogue.exact).toBeNull();
    expect((await search.find(d.db, "%", all, "fr")).orders).toEqual([]);
  });
});
