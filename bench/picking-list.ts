// The picking list of a big day (DESIGN §9, budget ≤ 2 s for 500 orders on PostgreSQL): a fresh database next to
// the --pg one, the full demo catalogue, `--orders` orders planned on one day with `--lines` lines each (models
// drawn at random, the same every run), then the day's picking list built `--runs` times in each language, the
// first build of the process (fonts read, pdfkit loaded) shown apart. The database is dropped at the end.
// Usage: node --import tsx bench/picking-list.ts --pg postgres://postgres@127.0.0.1:5432/postgres [--orders 500 --lines 6 --runs 5]
import { randomBytes } from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import * as s from "../server/db/schema/index.ts";
import { seedDemo } from "../server/db/seed/index.ts";
import { insertAll } from "../server/db/seed/load.ts";
import { createRng } from "../server/db/seed/prng.ts";
import { loadEnv } from "../server/env.ts";
import { createReadCache } from "../server/read-cache.ts";
import { createServices } from "../server/services.ts";
import { pdfPages } from "../server/test/pdf-text.ts";
import { PG_URL, numberOption } from "./lib.ts";

const ORDERS = numberOption("orders", 500);
const LINES = numberOption("lines", 6);
const RUNS = numberOption("runs", 5);
const DAY = "2031-03-04";
if (!PG_URL) throw new Error("--pg postgres://… is required: the budget is PostgreSQL's");

const admin = async (statement: string) => {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
};
const name = `comptoir_bench_${randomBytes(5).toString("hex")}`;
await admin(`create database ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.href });
try {
  await seedDemo(database.db, { size: "full" });
  const models = await database.db
    .select({ id: s.models.id, reference: s.models.reference, unit: s.models.unit, price: s.models.price, tva: s.models.tva })
    .from(s.models);
  const [address] = await database.db
    .select({ a: s.orders.deliveryAddress })
    .from(s.orders)
    .where(sql`${s.orders.deliveryAddress} is not null`)
    .limit(1);
  const rng = createRng("bench:picking-list");
  const orders: (typeof s.orders.$inferInsert)[] = [];
  const lines: (typeof s.orderLines.$inferInsert)[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const id = 100_000 + i;
    for (const m of rng.sample(models, LINES)) {
      const num = rng.int(1, 20);
      const ht = (Number(m.price) * num).toFixed(2);
      lines.push({
        orderId: id,
        modelId: m.id,
        reference: m.reference,
        designation: m.reference,
        unit: m.unit,
        price: m.price,
        num,
        tva: m.tva,
        lineHt: ht,
      });
    }
    orders.push({
      id,
      number: `CB2031-${String(i + 1).padStart(6, "0")}`,
      customerId: 1 + (i % 2),
      status: "planned",
      paidAt: new Date(),
      plannedDeliveryDate: DAY,
      deliveryStatus: "confirmed",
      deliveryMode: "pallet",
      deliveryAddress: address.a,
      totalHt: "100.00",
      totalTva: "20.00",
      totalTtc: "120.00",
    });
  }
  await database.db.transaction(async (tx) => {
    await insertAll(tx, s.orders, orders);
    await insertAll(tx, s.orderLines, lines);
  });
  await database.db.execute(sql`analyze`);

  const services = createServices(
    database,
    loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: url.href }),
    createReadCache(),
  );
  console.log(`\npicking list of ${ORDERS} orders × ${LINES} lines (${lines.length} lines), PostgreSQL, ${RUNS} runs a language\n`);
  // wall time, and the process's CPU time (on a shared machine the wall time also counts the others' turns)
  console.log("| language | run | read ms | whole ms | whole CPU ms | pages | bytes |\n|---|---:|---:|---:|---:|---:|---:|");
  const warm: number[] = [];
  const warmCpu: number[] = [];
  for (const lang of ["fr", "zh"] as const) {
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      const sheets = await services.preparation.sheets(services.db, { date: DAY }, lang);
      const t1 = performance.now();
      const cpu = process.cpuUsage();
      const file = (await services.preparation.pdf(services.db, "picking", { date: DAY }, lang))!;
      const t2 = performance.now();
      const used = process.cpuUsage(cpu);
      if (sheets.length !== ORDERS) throw new Error(`${sheets.length} orders read, ${ORDERS} written`);
      const cpuMs = (used.user + used.system) / 1000;
      if (run > 0) {
        warm.push(t2 - t1);
        warmCpu.push(cpuMs);
      }
      console.log(
        `| ${lang} | ${run === 0 ? "first" : run} | ${Math.round(t1 - t0)} | ${Math.round(t2 - t1)} | ${Math.round(cpuMs)} | ${pdfPages(file.pdf)} | ${file.pdf.length} |`,
      );
    }
  }
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[xs.length >> 1]);
  console.log(
    `\nwhole build (read + PDF), after the first: median ${median(warm)} ms (CPU ${median(warmCpu)} ms), max ${Math.round(Math.max(...warm))} ms`,
  );
} finally {
  await database.close();
  await admin(`drop database if exists ${name}`);
}
