// The back office's dashboard (decision 153) on the order queue's generated data set (bench/order-queue.ts makes it:
// 200,000 orders over two years), with three lines for each order of the last 30 days (the top products read them).
// Each chart (by day, week, month) computes every part of the dashboard, as the owner sees it, the number of times
// given, one at a time, with the chart's past and the top products kept (HISTORY_CACHE_MS) and without; prints p50,
// p95 and max. Budget: well under 200 ms.
// Usage: node --import tsx bench/dashboard.ts --pg postgres://postgres@127.0.0.1:5432/bench_q [--runs 30]
import { sql } from "drizzle-orm";
import { openDatabase, query } from "../server/db/client.ts";
import { createDashboard } from "../server/modules/dashboard/dashboard.service.ts";
import { createStaffSearch } from "../server/modules/dashboard/staff-search.service.ts";
import { DASHBOARD_PART_NAMES } from "../core/dashboard/figures.ts";
import { CHART_GRAINS } from "../core/dashboard/periods.ts";
import { numberOption, PG_URL } from "./lib.ts";

if (!PG_URL) throw new Error("--pg URL: the order queue's bench database (bench/order-queue.ts)");
const RUNS = numberOption("runs", 30);

const database = await openDatabase({ url: PG_URL });
const { db } = database;
try {
  const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from order_lines`);
  if (n === 0) {
    await db.execute(sql`
      insert into order_lines (order_id, reference, designation, unit, price, num, tva, line_ht)
      select o.id, 'REF-' || ((o.id * 31 + k * 17) % 500), 'Carton ' || ((o.id * 31 + k * 17) % 500), 'carton', 10, 1 + k, 0.2, 10 * (1 + k)
      from orders o, generate_series(1, 3) k where o.created_at > now() - interval '31 days'`);
    await db.execute(sql`analyze order_lines`);
  }
  const dashboard = createDashboard();
  const search = createStaffSearch();
  const parts = new Set(DASHBOARD_PART_NAMES);
  const time = async (name: string, run: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const s = performance.now();
      await run();
      if (i >= 3) ms.push(performance.now() - s); // three warm-up runs: plans and caches
    }
    ms.sort((a, b) => a - b);
    const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(1);
    console.log(`| ${name} | ${at(0.5)} | ${at(0.95)} | ${ms[ms.length - 1].toFixed(1)} |`);
  };
  console.log(`\n| case | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|`);
  for (const grain of CHART_GRAINS)
    await time(`dashboard, chart by ${grain}`, () => dashboard.figures(db, { parts, now: new Date(), grain, lang: "fr" }));
  // nothing kept: each visit adds up the chart's whole span and the top products again
  const uncached = createDashboard({ cacheMs: 0 });
  for (const grain of CHART_GRAINS)
    await time(`dashboard, chart by ${grain}, nothing kept`, () => uncached.figures(db, { parts, now: new Date(), grain, lang: "fr" }));
  const all = { orders: true, customers: true, models: true };
  await time("search an order number", () => search.find(db, "CO0000123456", all, "fr"));
  await time("search a client number", () => search.find(db, "C0001234", all, "fr"));
  await time("search a company word", () => search.find(db, "boulangerie", all, "fr"));
} finally {
  await database.close();
}
