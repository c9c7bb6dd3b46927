// Cart and order placement (decision 070).
// Rows (autocannon): add-to-cart on 50-line carts (one customer per connection, up to 50, registered at start;
// each cycle is +1 then −1 on one line, so the carts stay the same), the cart list of those carts, and the cart
// list of one customer's cart for every connection.
// With --pg: order placement by concurrent buyers (default 50), each its own customer with a pickup cart
// holding one unit of the same "hot" model (stock --stock, default 2000) and refilled after each order; it
// reports orders/s, refusals, and units oversold (sold minus the stock decrease, and sold above the initial
// stock: both must be 0). The order part WRITES to the given database (customers, sessions, a model's stock
// and price): point --pg at a benchmark database.
// Usage: npm run build && taskset -c 1 node --import tsx bench/cart.ts [--pg postgres://…] [--orders-only | --cart-only [--add-only]] [--duration 10 --connections 50 --buyers 50 --stock 2000]
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { ADD_PATH, LINES, LIST_PATH, addCycle, body, call, cartCustomers, cycleCookies } from "./cart-setup.ts";
import { startSmtp } from "../server/test/smtp.ts";
import {
  PG_URL,
  connections,
  duration,
  numberOption,
  peakRssMb,
  printTable,
  rawCeiling,
  resetPeakRss,
  startShop,
  type Row,
} from "./lib.ts";

const buyersN = numberOption("buyers", 50);
const hotStock = numberOption("stock", 2000);

// The confirmations go to a real SMTP server, as in production (without SMTP_URL the shop writes .eml files,
// ≈ 0.7 ms of synchronous file creation each on this machine's disk).
const smtp = await startSmtp();
const shop = await startShop({ SMTP_URL: smtp.url });
// DESIGN §8: the shop on its own core (SHOP_CPU, default 0; all its threads), the bench and autocannon on the
// core `taskset -c 1` gave them. Without this the shop inherited the bench's core and shared it with the load.
try {
  execFileSync("taskset", ["-a", "-pc", process.env.SHOP_CPU ?? "0", String(shop.pid)], { stdio: "ignore" });
} catch {
  /* taskset missing: unpinned */
}
resetPeakRss(shop.pid);
const rows: Row[] = [];
const notes: string[] = [];
const cpuNotes: string[] = [];
/** Answers of the measured calls, as sent: the raw ceiling of each row answers the same bytes (DESIGN §8). */
const samples = new Map<string, Buffer>();
const ORDER_ROW = "order placement (orders/s)";
let orderRate = 0;
let rssMb = 0;
try {
  if (!process.argv.includes("--orders-only")) await cartRows();
  if (process.argv.includes("--cart-only")) notes.push("order placement: left out (--cart-only)");
  else if (PG_URL) notes.push(...(await orders(shop.url)));
  else notes.push("order placement: run with --pg postgres://… (concurrent transactions need PostgreSQL)");
  rssMb = peakRssMb(shop.pid);
} finally {
  await shop.stop();
  await smtp.close();
}
// The ceilings run after the shop has stopped, on the core the shop had (the load stays on the bench's core).
const shares = await ceilings();
printTable(rows, rssMb);
for (const n of [...shares, ...cpuNotes, ...notes]) console.log(n);

/**
 * Each row's share of a raw node:http server answering the same bytes, measured in this run (DESIGN §8: budgets
 * are shares of that ceiling, since machines differ 2–3×). The order row's share is its orders/s against the
 * ceiling of its answer.
 */
async function ceilings(): Promise<string[]> {
  const out = [
    "\nshare of a raw node:http server answering the same bytes, same run (shop and ceiling on core " +
      (process.env.SHOP_CPU ?? "0") +
      "):",
  ];
  for (const [name, sample] of samples) {
    const raw = await rawCeiling(sample, process.env.SHOP_CPU ?? "0");
    const rps = rows.find((r) => r.name === name)?.rps ?? orderRate;
    out.push(`  ${name}: ${rps.toFixed(0)} / ${raw.rps} req/s = ${((100 * rps) / raw.rps).toFixed(1)} % (answer ${sample.length} B)`);
  }
  return out;
}

/** CPU time (user + system) the shop process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function shopCpuMs(): number {
  const fields = readFileSync(`/proc/${shop.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * measure() with a request sequence per connection (autocannon `requests`), and the shop's CPU time per
 * answered request: on a machine shared with other jobs req/s follows what the neighbours leave, CPU ms per
 * request much less.
 */
async function measureCycle(name: string, opts: Record<string, unknown>): Promise<Row> {
  const { default: autocannon } = await import("autocannon");
  await autocannon({ ...opts, connections: 10, duration: 2 } as never);
  // with PostgreSQL, its backends' CPU too (the shop's pool connections, busy all along)
  const db = PG_URL ? new pg.Client({ connectionString: PG_URL }) : null;
  await db?.connect();
  const pg0 = db ? await backendsCpuMs(db) : null;
  const cpu0 = shopCpuMs();
  const r = await autocannon({ ...opts, connections, duration } as never);
  const cpuMs = shopCpuMs() - cpu0;
  const pg1 = db ? await backendsCpuMs(db) : null;
  await db?.end();
  const per = (ms: number) => (ms / Math.max(1, r.requests.total)).toFixed(2);
  const pgMs = pg1 ? [...pg1].reduce((a, [pid, ms]) => a + ms - (pg0!.get(pid) ?? 0), 0) : null;
  cpuNotes.push(
    `${name}: shop CPU ${per(cpuMs)} ms per request${pgMs === null ? "" : `, PostgreSQL backends ${per(pgMs)} ms`} (${r.requests.total} requests)`,
  );
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    non2xx: r.non2xx,
  };
}

async function orders(base: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: PG_URL });
  await db.connect();
  try {
    const run = randomBytes(4).toString("hex");
    const {
      rows: [hot],
    } = await db.query<{ id: number }>(`
      select m.id from models m join products p on p.id = m.product_id where p.active and not m.not_for_sale order by m.id desc limit 1`);
    const {
      rows: [shopRow],
    } = await db.query<{ id: number }>("select id from shops order by id limit 1");
    // one unit is above minBuyPrice; the ceiling lets every buyer take one at a time
    await db.query("update models set stock = $2, purchasable_qty = $2, price = 60, site_price = 60 where id = $1", [hot.id, hotStock]);
    const buyers: { cookie: string }[] = [];
    for (let i = 0; i < buyersN; i++) {
      const {
        rows: [c],
      } = await db.query<{ id: number }>(
        `insert into customers (client_number, title, first_name, last_name, email, password_hash)
        values ($1, 'M', 'Bench', $2, $3, 'x') returning id`,
        [`B${run}${i}`, `Acheteur ${i}`, `bench-${run}-${i}@exemple.fr`],
      );
      const token = randomBytes(32).toString("base64url");
      await db.query("insert into sessions (token_hash, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [
        createHash("sha256").update(token).digest("hex"),
        c.id,
      ]);
      await db.query("insert into carts (customer_id, pickup_method, shop_id) values ($1, 2, $2)", [c.id, shopRow.id]);
      buyers.push({ cookie: `uid=${token}` });
    }
    let placed = 0;
    let refused = 0;
    let failed = 0;
    const orderIds: number[] = [];
    // The e-mails of earlier runs are sent before, and this run's e-mails after the run, before reading the CPU
    // times: the CPU per order includes sending its confirmation (a worker that falls behind no longer looks cheaper).
    await outboxSent(db);
    const stopAt = Date.now() + duration * 1000;
    const started = Date.now();
    let lastPlacedAt = started;
    const cpu0 = shopCpuMs();
    const pg0 = await backendsCpuMs(db);
    const bench0 = process.cpuUsage();
    const sampling = process.argv.includes("--waits") ? sampleWaits(stopAt) : Promise.resolve([] as string[]);
    await Promise.all(
      buyers.map(async (b) => {
        while (Date.now() < stopAt) {
          const add = await call(base, "/site/Customer/addShoppingCart", { arr: [{ model_id: hot.id, num: 1 }] }, b.cookie);
          if (add.code !== 200) {
            refused++;
            await new Promise((r) => setTimeout(r, 50));
            continue;
          }
          const r = await call(
            base,
            "/site/Sale/createOrder",
            { idempotency_key: randomBytes(16).toString("hex"), accept_cgv: true },
            b.cookie,
          );
          if (r.code === 200) {
            if (!samples.has(ORDER_ROW)) samples.set(ORDER_ROW, answerBytes(r));
            placed++;
            lastPlacedAt = Date.now();
            orderIds.push(Number(r.data.id));
          } else if (r.code === 400) refused++;
          else failed++;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const benchCpu = process.cpuUsage(bench0);
    // PostgreSQL's now: the pool closes connections idle for 10 s, and a closed backend's CPU time is gone.
    const pg1 = await backendsCpuMs(db);
    const unsent = await outboxSent(db);
    const cpuPerOrder = (shopCpuMs() - cpu0) / Math.max(1, placed);
    const pgCpu = [...pg1].reduce((a, [pid, ms]) => a + ms - (pg0.get(pid) ?? 0), 0);
    const {
      rows: [after],
    } = await db.query<{ stock: number }>("select stock from models where id = $1", [hot.id]);
    const {
      rows: [sold],
    } = await db.query<{ n: number }>(
      "select coalesce(sum(num), 0)::int as n from order_lines where model_id = $1 and order_id = any($2::int[])",
      [hot.id, orderIds],
    );
    const oversold = Math.max(0, sold.n - hotStock) + Math.abs(sold.n - (hotStock - after.stock));
    // Once the hot stock is sold out the buyers only get refusals: the rate is the selling time's, not the run's
    // (with the default stock, the full duration understated it, e.g. 2,000 orders in 10 s read 199/s).
    const sellingSeconds = after.stock === 0 ? (lastPlacedAt - started) / 1000 : seconds;
    orderRate = placed / sellingSeconds;
    return [
      `\norder placement, PostgreSQL, ${buyersN} concurrent buyers (add 1 unit then POST /site/Sale/createOrder), ${duration} s:`,
      `  ${placed} orders, ${(placed / sellingSeconds).toFixed(1)} orders/s (each with its add-to-cart${after.stock === 0 ? `; sold out after ${sellingSeconds.toFixed(1)} s` : ""}), ${refused} refusals (stock exhausted), ${failed} errors`,
      `  shop CPU ${cpuPerOrder.toFixed(2)} ms per order (with its add-to-cart); PostgreSQL backends ${(pgCpu / Math.max(1, placed)).toFixed(2)} ms per order; this bench process (buyers' HTTP client, SMTP server) ${((benchCpu.user + benchCpu.system) / 1000 / Math.max(1, placed)).toFixed(2)} ms per order`,
      `  hot model stock ${hotStock} → ${after.stock}, units sold ${sold.n}, units oversold ${oversold}${after.stock < 0 ? " (NEGATIVE STOCK)" : ""}`,
      `  shop CPU time read once the confirmations were sent (${unsent} still unsent after 60 s), PostgreSQL's at the end of the run`,
      ...(await sampling),
    ];
  } finally {
    await db.end();
  }
}

/** Waits (up to 60 s) until the outbox has no message left to send; answers how many are left. */
async function outboxSent(db: pg.Client): Promise<number> {
  const until = Date.now() + 60_000;
  for (;;) {
    const {
      rows: [{ n }],
    } = await db.query<{ n: number }>("select count(*)::int as n from outbox_messages where sent_at is null and failed_at is null");
    if (n === 0 || Date.now() > until) return n;
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/**
 * --waits: what the shop's PostgreSQL backends are doing, sampled every 20 ms during the order run
 * (pg_stat_activity). "held up" backends wait for a lock; "holding" are those the others wait for
 * (pg_blocking_pids), by what they do meanwhile: ClientRead while in a transaction = waiting for the shop's
 * next statement (a round trip inside the lock window), CPU = running a statement, IO:WALSync = the commit.
 * Sampling costs the database a little (pg_blocking_pids takes the lock manager's locks): leave it out for
 * the figures.
 */
async function sampleWaits(stopAt: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: PG_URL });
  await db.connect();
  const all = new Map<string, number>();
  const holding = new Map<string, number>();
  let samples = 0;
  let waitersSum = 0;
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  try {
    while (Date.now() < stopAt) {
      const { rows } = await db.query<{ pid: number; what: string; blockers: number[] }>(`
        select pid, case when state = 'active' then coalesce(wait_event_type || ':' || wait_event, 'CPU') else state || coalesce(' ' || wait_event, '') end as what,
               pg_blocking_pids(pid) as blockers
        from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`);
      samples++;
      const blockers = new Set(rows.flatMap((r) => r.blockers));
      for (const r of rows) {
        add(all, r.what);
        if (r.blockers.length > 0) waitersSum++;
        if (blockers.has(r.pid) && r.blockers.length === 0) add(holding, r.what);
      }
      await new Promise((ok) => setTimeout(ok, 20));
    }
  } finally {
    await db.end();
  }
  const share = (m: Map<string, number>, of: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${((100 * n) / of).toFixed(0)} %`)
      .join(", ");
  const held = [...holding.values()].reduce((a, b) => a + b, 0);
  return [
    `  waits (${samples} samples of pg_stat_activity): ${(waitersSum / Math.max(1, samples)).toFixed(1)} backends held up on average`,
    `  all backends: ${share(
      all,
      [...all.values()].reduce((a, b) => a + b, 0),
    )}`,
    `  lock holders (not held up themselves), ${held} seen: ${share(holding, held)}`,
  ];
}

/**
 * CPU time used so far by each PostgreSQL backend of the benchmark database (the shop's pool and its LISTEN
 * connection; not this bench's own), by pid, in ms (/proc: the server runs on this machine).
 */
async function backendsCpuMs(db: pg.Client): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
  );
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      /* gone */
    }
  }
  return out;
}

/** An API answer as the shop sends it (JSON.stringify of the parsed envelope gives the same bytes). */
function answerBytes(answer: unknown) {
  return Buffer.from(JSON.stringify(answer));
}

/** The autocannon rows (left out with --orders-only). */
async function cartRows() {
  // One customer per connection (up to 50), each with the same 50-line cart: carts do not share a lock.
  const { cookies, first, modelId } = await cartCustomers(shop.url, Math.min(connections, 50));
  const json = { "content-type": "application/json" };
  const addName = `API add-to-cart (+1 / −1), ${LINES}-line carts, ${cookies.length} customers`;
  samples.set(addName, answerBytes(await call(shop.url, ADD_PATH, { arr: [{ model_id: modelId, num: 1 }] }, first)));
  await call(shop.url, "/site/Customer/editShoppingCart", { model_id: modelId, num: -1, type: 2 }, first);
  rows.push(
    await measureCycle(addName, {
      url: `${shop.url}${ADD_PATH}`,
      method: "POST",
      requests: addCycle(cookies, modelId),
    }),
  );
  if (process.argv.includes("--add-only")) return;
  const withCookie = cycleCookies(cookies);
  const listName = `API POST ${LIST_PATH}, ${LINES}-line carts, ${cookies.length} customers`;
  samples.set(listName, answerBytes(await call(shop.url, LIST_PATH, {}, first)));
  rows.push(
    await measureCycle(listName, {
      url: `${shop.url}${LIST_PATH}`,
      method: "POST",
      requests: [{ method: "POST", path: LIST_PATH, headers: json, body: body(LIST_PATH, {}), setupRequest: withCookie(true) }],
    }),
  );
  // the same cart of one customer for every connection (its writes queue on its cart row)
  const one = { "content-type": "application/json", cookie: first };
  rows.push(
    await measureCycle(`API POST ${LIST_PATH}, one ${LINES}-line cart`, {
      url: `${shop.url}${LIST_PATH}`,
      method: "POST",
      headers: one,
      body: body(LIST_PATH, {}),
    }),
  );
}
