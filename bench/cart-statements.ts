// Round trips to PostgreSQL per cart call and per order (decision 087): every statement a call sends (BEGIN and
// COMMIT included) is counted on node-postgres's client, and the process CPU time of the call is timed, on a
// fresh small demo database. Deterministic where req/s on a shared machine is not.
// Usage: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/cart-statements.ts [--show] [--times 30]
// --times: runs of each cart call (list, add, edit) whose CPU is averaged (the first, cold, left out).
// --show: prints the start of every statement of each call's last run, with its backend's CPU time.
// PostgreSQL CPU: the CPU time of the test database's backends (/proc/<pid>/schedstat, ns) during each call;
// after an order, the outbox worker's sending of its e-mail is waited for and counted with it.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { sql } from "drizzle-orm";
import { query } from "../server/db/client.ts";
import { createTestApp, post } from "../server/test/app.ts";

if (!process.env.TEST_DATABASE_URL)
  throw new Error("set TEST_DATABASE_URL (a PostgreSQL server where a throw-away database may be created)");
/** CPU time (ns) used so far by a process (/proc/<pid>/schedstat); 0 when unknown. */
const schedNs = (pid: number | undefined) => {
  try {
    return pid ? Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) : 0;
  } catch {
    return 0;
  }
};
const timesAt = process.argv.indexOf("--times");
const cartTimes = timesAt > 0 ? Number(process.argv[timesAt + 1]) : 30;
let statements = 0;
let counting = true;
const shown: string[] = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (!counting) return (original as (...a: unknown[]) => unknown).apply(this, args);
  statements++;
  const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string }).text;
  const line = String(text).replace(/\s+/g, " ").trim().slice(0, 100);
  // with --show, each statement's CPU time in its backend (node-postgres knows the backend's pid)
  const pid = (this as unknown as { processID?: number }).processID;
  const ns0 = schedNs(pid);
  const result = (original as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise)
    return result.then((v: unknown) => {
      shown.push(`${((schedNs(pid) - ns0) / 1e6).toFixed(2)} ms  ${line}`);
      return v;
    });
  shown.push(line);
  return result;
} as typeof original;

const t = await createTestApp("pg");
try {
  const { db } = t.database;
  const token = await t.app.services.sessions.create(db, 1);
  const [shop] = await query<{ id: number }>(db, sql`select id from shops order by id limit 1`);
  const models = await query<{ id: number }>(
    db,
    sql`select m.id from models m join products p on p.id = m.product_id where p.active and not m.not_for_sale order by m.id limit 51`,
  );
  await query(
    db,
    sql`update models set stock = 100000, purchasable_qty = 100000, price = 60 where id in (${sql.join(
      models.map((m) => sql`${m.id}`),
      sql`, `,
    )})`,
  );
  const lines = models.slice(0, 50);
  await post(t.app, "/site/Customer/addShoppingCart", { arr: lines.map((m) => ({ model_id: m.id, num: 1 })) }, { token });
  const hot = models[50].id;
  const [{ name: dbName }] = await query<{ name: string }>(db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${dbName}`;
  const watcher = new pg.Client({ connectionString: url.href });
  counting = false;
  await watcher.connect();
  counting = true;
  /** CPU time (ns) used so far by the database's backends other than the watcher's own. */
  async function backendsNs(): Promise<number> {
    counting = false;
    try {
      const { rows: pids } = await watcher.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      let ns = 0;
      for (const { pid } of pids) {
        ns += schedNs(pid);
      }
      return ns;
    } finally {
      counting = true;
    }
  }
  const rows: string[] = [];
  type Answer = { json: () => { code: number; info: string } };
  async function count(name: string, call: () => Promise<Answer>, times = 5, setup?: () => Promise<unknown>, settle = 0) {
    let n = 0;
    let cpu = 0;
    let pgNs = 0;
    for (let i = 0; i < times; i++) {
      await setup?.();
      const before = statements;
      shown.length = 0;
      const p0 = await backendsNs();
      const c0 = process.cpuUsage();
      const r = await call();
      const c = process.cpuUsage(c0);
      if (settle) await new Promise((ok) => setTimeout(ok, settle));
      const p1 = await backendsNs();
      if (r.json().code !== 200) throw new Error(`${name}: ${r.json().info}`);
      n = statements - before; // the last run: caches (session, read model, config) warm
      if (i > 0) cpu += (c.user + c.system) / 1000;
      if (i > 0) pgNs += p1 - p0;
    }
    rows.push(`| ${name} | ${n} | ${(cpu / (times - 1)).toFixed(2)} | ${(pgNs / 1e6 / (times - 1)).toFixed(2)} |`);
    if (process.argv.includes("--show")) console.log(`${name}:\n  ${shown.join("\n  ")}`);
  }
  const list = () => post(t.app, "/site/Index/getShoppingCart", {}, { token });
  await count("cart list, 50 lines", list, cartTimes);
  await count(
    "cart add +1, 50 lines",
    () => post(t.app, "/site/Customer/addShoppingCart", { arr: [{ model_id: lines[0].id, num: 1 }] }, { token }),
    30,
  );
  await count(
    "cart edit −1, 50 lines",
    () => post(t.app, "/site/Customer/editShoppingCart", { model_id: lines[0].id, num: -1, type: 2 }, { token }),
    30,
  );
  // Order placement: a pickup cart of one line, as bench/cart.ts places them.
  await post(t.app, "/site/Customer/delShoppingCart", { model_ids: lines.map((m) => m.id) }, { token });
  await query(db, sql`update carts set pickup_method = 2, shop_id = ${shop.id}, coupon_id = null where customer_id = 1`);
  await count(
    "order placement, pickup, 1 line",
    () => post(t.app, "/site/Sale/createOrder", { idempotency_key: randomBytes(16).toString("hex"), accept_cgv: true }, { token }),
    10,
    () => post(t.app, "/site/Customer/addShoppingCart", { arr: [{ model_id: hot, num: 1 }] }, { token }),
    50, // ms for the outbox worker to send the e-mail
  );
  // The add before each order in bench/cart.ts: one unit into an empty pickup cart.
  await count(
    "cart add 1 unit to an empty cart",
    () => post(t.app, "/site/Customer/addShoppingCart", { arr: [{ model_id: hot, num: 1 }] }, { token }),
    10,
    () => post(t.app, "/site/Customer/delShoppingCart", { model_ids: [hot] }, { token }),
  );
  await watcher.end();
  console.log(
    "| call | statements (BEGIN/COMMIT included) | process CPU ms (app.inject, sequential) | PostgreSQL CPU ms |\n|---|---:|---:|---:|",
  );
  for (const r of rows) console.log(r);
} finally {
  await t.close();
}
