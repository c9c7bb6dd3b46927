// The back office's order queue on a generated data set (not the demo): 200,000 orders of 20,000 customers over two
// years, in a fresh PostgreSQL database. Each case runs the queue's statement (staff-orders.service.ts) the number of
// times given, one at a time, and prints p50, p95 and max; the budget is p95 ≤ 50 ms for every case.
// Usage: createdb bench_q && node --import tsx bench/order-queue.ts --pg postgres://postgres@127.0.0.1:5432/bench_q [--orders 200000 --runs 40]
import { sql } from "drizzle-orm";
import { openDatabase, query } from "../server/db/client.ts";
import { freightZoneDepartments, freightZones, shops } from "../server/db/schema/index.ts";
import { FREIGHT_DEPARTMENTS, FREIGHT_ZONES } from "../server/db/seed/freight.ts";
import { SHOPS } from "../server/db/seed/shops.ts";
import { createStaffOrders } from "../server/modules/orders/staff-orders.service.ts";
import { staffOrderQuerySchema } from "../core/validation/staff-orders.ts";
import { numberOption, PG_URL } from "./lib.ts";

if (!PG_URL) throw new Error("--pg URL: an empty PostgreSQL database");
const ORDERS = numberOption("orders", 200_000);
const RUNS = numberOption("runs", 40);
const CUSTOMERS = Math.max(1, Math.round(ORDERS / 10));

const database = await openDatabase({ url: PG_URL });
const { db } = database;
try {
  const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from orders`);
  if (n === 0) {
    const t0 = performance.now();
    await db.insert(freightZones).values(FREIGHT_ZONES).onConflictDoNothing();
    await db.insert(freightZoneDepartments).values(FREIGHT_DEPARTMENTS).onConflictDoNothing();
    await db.insert(shops).values(SHOPS).onConflictDoNothing();
    // Companies from a few words so that a search matches a realistic share of them; e-mails and numbers unique.
    await db.execute(sql`
      insert into customers (client_number, title, first_name, last_name, company, email, password_hash)
      select 'C' || lpad(i::text, 7, '0'), 'M', 'Prénom' || i, 'Nom' || (i % 5000),
        (array['Boulangerie','Épicerie','Restaurant','Traiteur','Café','Brasserie','Pâtisserie','Hôtel'])[1 + i % 8]
          || ' ' || (array['du Marché','de la Gare','Saint-Denis','Lumière','des Halles','Montmartre','Belleville','Pasteur'])[1 + (i / 8) % 8]
          || ' ' || i,
        'client' || i || '@example.com', 'x'
      from generate_series(1, ${CUSTOMERS}) i`);
    await db.execute(sql`
      insert into orders (number, customer_id, status, paid_at, planned_delivery_date, pickup_method, delivery_mode, shop_id,
        delivery_address, total_ht, total_tva, total_ttc, created_at)
      select 'CO' || lpad(i::text, 10, '0'),
        (select min(id) from customers) + (i * 7919) % ${CUSTOMERS},
        s.status,
        case when s.status <> 'unpaid' then t + interval '5 minutes' end,
        case when s.status in ('planned', 'preparing', 'ready', 'shipped') then (t + interval '3 days')::date end,
        case when i % 9 = 0 then 2 else 1 end,
        case when i % 9 = 0 then 'pickup' when i % 3 = 0 then 'parcel' else 'pallet' end,
        case when i % 9 = 0 then (select min(id) from shops) end,
        case when i % 9 <> 0 then jsonb_build_object('zip_code', lpad((1 + i % 95)::text, 2, '0') || '100', 'city', 'Ville') end,
        round((20 + (i * 37) % 3000)::numeric, 2), round((4 + (i * 37) % 3000 * 0.2)::numeric, 2),
        round((24 + (i * 37) % 3000 * 1.2)::numeric, 2), t
      from generate_series(1, ${ORDERS}) i,
        lateral (select now() - (${ORDERS} - i) * interval '5 minutes' as t) as tt,
        lateral (select case
          when i > ${ORDERS} - 400 then (array['unpaid','processing','planned','preparing','ready','ready_for_pickup'])[1 + i % 6]
          when i % 50 = 0 then 'cancelled'
          when i % 9 = 0 then 'picked_up'
          else 'delivered' end as status) as s`);
    await db.execute(sql`analyze`);
    console.log(`generated ${ORDERS} orders of ${CUSTOMERS} customers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  const service = createStaffOrders();
  const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const cases: [string, Record<string, unknown>][] = [
    ["first page, newest first", {}],
    ["to prepare (processing, planned)", { status: ["processing", "planned"] }],
    ["unpaid", { payment: "unpaid" }],
    ["search company 'boulangerie gare'", { q: "boulangerie de la gare" }],
    ["search one word of 2,500 companies", { q: "boulangerie" }],
    ["search one word of 313 companies, fr accents", { q: "Pâtisserie Lumière" }],
    ["search 'example', in every customer's e-mail", { q: "example" }],
    ["search e-mail", { q: "client1234@" }],
    ["search order number part", { q: "0001234" }],
    ["zone z2, by amount", { zone: "z2", sort: "total_desc" }],
    ["placed on a day", { placed_from: day, placed_to: day }],
    ["pickup at a shop", { mode: "pickup", shop: "1" }],
    ["amount 500–600 €, 100 a page", { min_ttc: "500", max_ttc: "600", page_size: "100" }],
    ["planned first", { sort: "planned_asc" }],
    ["page 500", { page: "500" }],
  ];
  console.log(`\n| case | rows | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|---:|`);
  for (const [name, params] of cases) {
    const query = staffOrderQuerySchema.parse(params);
    let rows = 0;
    const ms: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const s = performance.now();
      rows = (await service.list(db, query)).total;
      if (i >= 3) ms.push(performance.now() - s); // three warm-up runs: plans and caches
    }
    ms.sort((a, b) => a - b);
    const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(1);
    console.log(`| ${name} | ${rows} | ${at(0.5)} | ${at(0.95)} | ${ms[ms.length - 1].toFixed(1)} |`);
  }
} finally {
  await database.close();
}
