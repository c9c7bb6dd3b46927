// The back office's order queue (DESIGN §9): every filter, the search (order number, client number, company without
// accents, e-mail), each sort, paging with the total, blank filters, over the demo orders and orders inserted here.
// PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { customers, orders } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { staffOrderQuerySchema } from "#core/validation/staff-orders.ts";
import { createStaffOrders, SEARCH_COUNT_CAP } from "./staff-orders.service.ts";

type Order = typeof orders.$inferInsert;
const addr = (zip: string, city: string) => ({ company: "x", line1: "1 rue", zip_code: zip, city, country: "FR" });
/** An order of `ttc` € TTC (HT + 20 %). */
const amounts = (ttc: string) => {
  const cents = Math.round(Number(ttc) * 100);
  const ht = Math.round(cents / 1.2);
  return { totalHt: (ht / 100).toFixed(2), totalTva: ((cents - ht) / 100).toFixed(2), totalTtc: (cents / 100).toFixed(2) };
};

describe.each(testDbKinds())("order queue (%s)", (kind) => {
  let d: Database;
  const queue = createStaffOrders();
  const ids = { a: 0, b: 0, c: 0 };
  let all = 0;
  const list = (q: Record<string, unknown>, lang: "fr" | "zh" = "fr") => queue.list(d.db, staffOrderQuerySchema.parse(q), lang);
  const numbers = async (q: Record<string, unknown>) => (await list(q)).list.map((r) => r.number);
  const X = (n: number) => `CE2025-90000${n}`;

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    const made = await d.db
      .insert(customers)
      .values([
        {
          clientNumber: "C900001",
          title: "Mme",
          firstName: "Hélène",
          lastName: "Lefèvre",
          company: "Épicerie Générale du Marché",
          email: "Compta@Epicerie-Generale.fr",
          passwordHash: "x",
        },
        { clientNumber: "C900002", title: "Mme", firstName: "Zoé", lastName: "Brûlé", email: "zoe@exemple.fr", passwordHash: "x" },
        {
          clientNumber: "C800003",
          title: "M",
          firstName: "Paul",
          lastName: "Page",
          company: "Pages SA",
          email: "p@pages.fr",
          passwordHash: "x",
        },
      ])
      .returning({ id: customers.id });
    [ids.a, ids.b, ids.c] = made.map((r) => r.id);
    const base = { paymentMethod: "card", pickupMethod: 1 } as const;
    const rows: Order[] = [
      // Marseille (z3), paid, not planned
      {
        ...base,
        number: X(1),
        customerId: ids.a,
        status: "processing",
        paidAt: new Date("2025-03-10T10:05:00Z"),
        createdAt: new Date("2025-03-10T10:00:00Z"),
        deliveryMode: "pallet",
        deliveryAddress: addr("13001", "Marseille"),
        ...amounts("120.00"),
      },
      // 12 March 00:30 in Paris (UTC+1): placed on the 12th in the shop's time zone; Lyon (z2), planned and confirmed
      {
        ...base,
        number: X(2),
        customerId: ids.a,
        status: "planned",
        paidAt: new Date("2025-03-11T23:31:00Z"),
        createdAt: new Date("2025-03-11T23:30:00Z"),
        deliveryMode: "parcel",
        deliveryAddress: addr("69003", "Lyon"),
        plannedDeliveryDate: "2025-03-20",
        deliveryStatus: "confirmed",
        ...amounts("60.00"),
      },
      // Ajaccio (Corsica), unpaid
      {
        ...base,
        number: X(3),
        customerId: ids.a,
        status: "unpaid",
        createdAt: new Date("2025-03-12T08:00:00Z"),
        deliveryMode: "carrier",
        deliveryAddress: addr("20000", "Ajaccio"),
        ...amounts("1234.56"),
      },
      // picked up at the second shop
      {
        ...base,
        number: X(4),
        customerId: ids.b,
        status: "ready_for_pickup",
        paidAt: new Date("2025-03-13T09:00:00Z"),
        createdAt: new Date("2025-03-13T09:00:00Z"),
        pickupMethod: 2,
        deliveryMode: "pickup",
        shopId: 2,
        ...amounts("36.00"),
      },
      // Paris, cancelled before payment
      {
        ...base,
        number: X(5),
        customerId: ids.b,
        status: "cancelled",
        cancelledAt: new Date("2025-03-15T09:00:00Z"),
        createdAt: new Date("2025-03-14T09:00:00Z"),
        deliveryMode: "pallet",
        deliveryAddress: addr("75011", "Paris"),
        ...amounts("240.00"),
      },
      // 41 orders of one customer, for paging
      ...Array.from({ length: 41 }, (_, i): Order => ({
        ...base,
        number: `CE2025-8${String(i).padStart(5, "0")}`,
        customerId: ids.c,
        status: "delivered",
        paidAt: new Date(Date.UTC(2025, 0, 1, i)),
        createdAt: new Date(Date.UTC(2025, 0, 1, i)),
        deliveryMode: "parcel",
        ...amounts((10 + i).toFixed(2)),
      })),
    ];
    await d.db.insert(orders).values(rows);
    [{ n: all }] = await d.db.select({ n: count() }).from(orders);
  }, 120_000);
  afterAll(async () => {
    await d?.close();
  });

  it("answers every order with blank filters, newest first, 20 a page, with the total", async () => {
    const page = await list({ q: "", status: [""], payment: "", zone: "", min_ttc: "", sort: "", page_size: "" });
    expect(page).toMatchObject({ total: all, page: 1, page_size: 20 });
    expect(all).toBe(9 + 5 + 41);
    expect(page.list).toHaveLength(20);
    const placed = page.list.map((r) => r.placed_at);
    expect(placed).toEqual([...placed].sort().reverse());
  });

  it("gives each row its customer, payment, delivery, shop and zone", async () => {
    const [x1] = (await list({ q: X(1) })).list;
    expect(x1).toEqual({
      id: expect.any(Number),
      number: X(1),
      placed_at: "2025-03-10T10:00:00.000Z",
      customer: {
        id: ids.a,
        client_number: "C900001",
        company: "Épicerie Générale du Marché",
        name: "Hélène Lefèvre",
        email: "Compta@Epicerie-Generale.fr",
      },
      status: "processing",
      paid_at: "2025-03-10T10:05:00.000Z",
      cancelled_at: null,
      total_ttc: "120.00",
      delivery_mode: "pallet",
      pickup: false,
      shop_id: null,
      shop_name: null,
      planned_date: null,
      delivery_status: null,
      zip_code: "13001",
      city: "Marseille",
      zone_code: "z3",
      zone_name: "Sud-Ouest, Sud-Est et Alpes",
    });
    const [x2] = (await list({ q: X(2) }, "zh")).list;
    expect(x2).toMatchObject({
      planned_date: "2025-03-20",
      delivery_status: "confirmed",
      zone_code: "z2",
      zone_name: "西部、东部及中央高原",
    });
    const [x4] = (await list({ q: X(4) })).list;
    expect(x4).toMatchObject({
      pickup: true,
      shop_id: 2,
      shop_name: "Comptoir de l'Emballage – Vitry-sur-Seine",
      zip_code: null,
      zone_code: null,
    });
    expect((await list({ q: X(4) }, "zh")).list[0].shop_name).toContain("维特里");
    expect((await list({ q: X(5) })).list[0]).toMatchObject({
      status: "cancelled",
      paid_at: null,
      cancelled_at: "2025-03-15T09:00:00.000Z",
    });
  });

  it("searches an order number, a part of it, a client number, a company without accents, an e-mail, a name", async () => {
    expect(await numbers({ q: X(3) })).toEqual([X(3)]);
    expect(await numbers({ q: "ce2025-900003" })).toEqual([X(3)]);
    expect(await numbers({ q: "900003" })).toEqual([X(3)]);
    expect(await numbers({ q: "c900002" })).toEqual([X(5), X(4)]);
    expect(await numbers({ q: "epicerie generale" })).toEqual([X(3), X(2), X(1)]);
    expect(await numbers({ q: "ÉPICERIE GÉNÉRALE DU MARCHE" })).toEqual([X(3), X(2), X(1)]);
    expect(await numbers({ q: "compta@epicerie" })).toEqual([X(3), X(2), X(1)]);
    expect(await numbers({ q: "ZOE@EXEMPLE.FR" })).toEqual([X(5), X(4)]);
    expect(await numbers({ q: "brule" })).toEqual([X(5), X(4)]);
    expect((await list({ q: "Boulangerie Dupont" })).total).toBe(8);
    expect((await list({ q: "C100002" })).list.map((r) => r.number)).toEqual(["CE2026-000150"]);
    // LIKE's wildcards are plain characters
    expect((await list({ q: "%" })).total).toBe(0);
    expect((await list({ q: "C9000_1" })).total).toBe(0);
  });

  it("filters by status, one or several", async () => {
    expect(await numbers({ customer: String(ids.a), status: ["planned", "unpaid"] })).toEqual([X(3), X(2)]);
    expect(await numbers({ q: "C9000", status: "cancelled" })).toEqual([X(5)]);
    const unpaid = await list({ status: "unpaid", page_size: "100" });
    expect(unpaid.list.every((r) => r.status === "unpaid")).toBe(true);
    expect(unpaid.list.map((r) => r.number)).toEqual(expect.arrayContaining([X(3), "CE2026-000171"]));
  });

  it("filters by payment", async () => {
    expect(await numbers({ q: "C9000", payment: "paid" })).toEqual([X(4), X(2), X(1)]);
    expect(await numbers({ q: "C9000", payment: "unpaid" })).toEqual([X(5), X(3)]);
  });

  it("filters by placed days in the shop's time zone, both included", async () => {
    expect(await numbers({ q: "C9000", placed_from: "2025-03-12", placed_to: "2025-03-12" })).toEqual([X(3), X(2)]);
    expect(await numbers({ q: "C9000", placed_to: "2025-03-11" })).toEqual([X(1)]);
    expect(await numbers({ q: "C9000", placed_from: "2025-03-13" })).toEqual([X(5), X(4)]);
    expect((await list({ placed_from: "2025-01-01", placed_to: "2025-12-31", page_size: "100" })).total).toBe(5 + 41);
  });

  it("filters by delivery mode, a store pickup whatever its stored mode", async () => {
    expect(await numbers({ mode: "pickup" })).toEqual(["CE2026-000158", X(4)]);
    expect(await numbers({ q: "C9000", mode: "pallet" })).toEqual([X(5), X(1)]);
    expect(await numbers({ q: "C9000", mode: "parcel" })).toEqual([X(2)]);
    expect(await numbers({ q: "C9000", mode: "carrier" })).toEqual([X(3)]);
  });

  it("filters by planned day, or orders without one", async () => {
    expect(await numbers({ planned: "2025-03-20" })).toEqual([X(2)]);
    expect(await numbers({ customer: String(ids.a), planned: "none" })).toEqual([X(3), X(1)]);
    expect((await list({ planned: "none", page_size: "100" })).list.every((r) => r.planned_date === null)).toBe(true);
  });

  it("filters by freight zone, shop and customer", async () => {
    expect(await numbers({ zone: "corse" })).toEqual([X(3)]);
    expect(await numbers({ zone: "z3" })).toEqual([X(1)]);
    expect(await numbers({ zone: "paris", customer: String(ids.b) })).toEqual([X(5)]);
    expect(await numbers({ zone: "nowhere" })).toEqual([]);
    expect(await numbers({ shop: "2" })).toEqual([X(4)]);
    expect(await numbers({ shop: "1" })).toEqual(["CE2026-000158"]);
    expect(await numbers({ customer: String(ids.b) })).toEqual([X(5), X(4)]);
    expect((await list({ customer: "2" })).list.map((r) => r.customer.client_number)).toEqual(["C100002"]);
  });

  it("filters by total TTC, both bounds included", async () => {
    expect(await numbers({ q: "C9000", min_ttc: "120", max_ttc: "240,00" })).toEqual([X(5), X(1)]);
    expect(await numbers({ q: "C9000", min_ttc: "1234.56" })).toEqual([X(3)]);
    expect(await numbers({ q: "C9000", max_ttc: "36" })).toEqual([X(4)]);
  });

  it("sorts by placed date, total, planned date and number", async () => {
    const q = { q: "C90000" };
    expect(await numbers(q)).toEqual([X(5), X(4), X(3), X(2), X(1)]);
    expect(await numbers({ ...q, sort: "placed_asc" })).toEqual([X(1), X(2), X(3), X(4), X(5)]);
    expect(await numbers({ ...q, sort: "total_desc" })).toEqual([X(3), X(5), X(1), X(2), X(4)]);
    expect(await numbers({ ...q, sort: "total_asc" })).toEqual([X(4), X(2), X(1), X(5), X(3)]);
    expect(await numbers({ ...q, sort: "planned_asc" })).toEqual([X(2), X(1), X(3), X(4), X(5)]);
    expect(await numbers({ ...q, sort: "number_desc" })).toEqual([X(5), X(4), X(3), X(2), X(1)]);
    const byNumber = await numbers({ sort: "number_desc", page_size: "100" });
    expect(byNumber).toEqual([...byNumber].sort().reverse());
    const byTotal = (await list({ sort: "total_desc", page_size: "100" })).list.map((r) => Number(r.total_ttc));
    expect(byTotal).toEqual([...byTotal].sort((a, b) => b - a));
  });

  it("pages in SQL: each page its rows, none twice, the total on every page, an empty page past the end", async () => {
    const q = { customer: String(ids.c) };
    const p1 = await list(q);
    const p2 = await list({ ...q, page: "2" });
    const p3 = await list({ ...q, page: "3" });
    expect([p1.total, p2.total, p3.total]).toEqual([41, 41, 41]);
    expect([p1.list.length, p2.list.length, p3.list.length]).toEqual([20, 20, 1]);
    const seen = [...p1.list, ...p2.list, ...p3.list].map((r) => r.number);
    expect(new Set(seen).size).toBe(41);
    expect(seen[0]).toBe("CE2025-800040");
    expect(seen[40]).toBe("CE2025-800000");
    expect(await list({ ...q, page: "4" })).toMatchObject({ list: [], total: 41, page: 4, page_size: 20 });
    expect(await list({ ...q, page_size: "50" })).toMatchObject({ total: 41, page_size: 50 });
    expect((await list({ ...q, page_size: "50" })).list).toHaveLength(41);
    // nothing matches: total 0 on the first page
    expect(await list({ q: "introuvable" })).toMatchObject({ list: [], total: 0, page: 1 });
    expect(await list({ q: "introuvable", page: "2" })).toMatchObject({ list: [], total: 0, page: 2 });
  });

  it("counts up to its cap: past it the total is the cap, marked capped, and the pages go on", async () => {
    const capped = createStaffOrders(25);
    const q = staffOrderQuerySchema.parse({ customer: String(ids.c) });
    expect(await capped.list(d.db, q)).toMatchObject({ total: 25, capped: true });
    expect(await capped.list(d.db, { ...q, page: 3 })).toMatchObject({ total: 25, capped: true });
    expect((await capped.list(d.db, { ...q, page: 3 })).list).toHaveLength(1);
    expect(await capped.list(d.db, { ...q, page_size: 50 })).toMatchObject({ total: 41, capped: false });
    expect(await list({ customer: String(ids.c) })).toMatchObject({ total: 41, capped: false });
  });

  it("counts a search only up to SEARCH_COUNT_CAP, a filter up to the whole cap", async () => {
    const [{ id }] = await d.db
      .insert(customers)
      .values({
        clientNumber: "C700001",
        title: "M",
        firstName: "Max",
        lastName: "Grand",
        company: "Cartonnerie Abondante",
        email: "g@abondante.fr",
        passwordHash: "x",
      })
      .returning({ id: customers.id });
    const many = SEARCH_COUNT_CAP + 30;
    await d.db.insert(orders).values(
      Array.from({ length: many }, (_, i): Order => ({
        number: `CE2024-7${String(i).padStart(5, "0")}`,
        customerId: id,
        status: "delivered",
        ...amounts("12.00"),
      })),
    );
    expect(await list({ q: "abondante" })).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    expect((await list({ q: "abondante", page: "2" })).list).toHaveLength(20);
    expect(await list({ customer: String(id) })).toMatchObject({ total: many, capped: false });
  });
});
