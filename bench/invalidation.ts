// Targeted invalidation (decision 061): the anonymous list page's throughput with and without
// 20 stock changes a second. The changes are UPDATEs made by other PostgreSQL connections (stock-changer.ts), as
// another app process selling would make them, so the shop learns of them only through its notifications (PGlite
// has one process: no second writer can exist, hence --pg is required).
// Rows: no change; sales of random models (stock − 1, never reaching 0); sales of products of the measured list;
// the same with one change in ten taking a product of the list out of stock and back; and, for comparison, 20 full
// catalogue notifications a second (what every stock change cost before decision 061).
// Usage: npm run build && node --import tsx bench/invalidation.ts --pg postgres://… [--rate 20 --duration 10 --connections 50]
import pg from "pg";
import { categoryUrl } from "../core/slug.ts";
import { startChanger, type ChangeKind, type Target } from "./stock-changer.ts";
import { PG_URL, measure, numberOption, printTable, peakRssMb, resetPeakRss, signedQuery, startShop, type Row } from "./lib.ts";

if (!PG_URL) {
  console.error("bench/invalidation.ts needs --pg postgres://…: the stock changes come from a second connection to the shop's database.");
  process.exit(1);
}
const rate = numberOption("rate", 20);

type Mode = { name: string; kind: ChangeKind };

const shop = await startShop();
resetPeakRss(shop.pid);
const db = new pg.Client({ connectionString: PG_URL });
await db.connect();
const rows: Row[] = [];
const notes: string[] = [];
let rssMb = 0;
try {
  const config = await (await fetch(`${shop.url}/site/Index/config?${signedQuery("/site/Index/config")}`)).json();
  const top = config.data.product_cate[0].child[0];
  const listPath = encodeURI(categoryUrl("fr", top));
  const url = `${shop.url}${listPath}`;
  const pick = (sql: string, args: unknown[] = []) => db.query<Target>(sql, args).then((r) => r.rows);
  // models that can lose a unit without reaching 0: anywhere, and within the measured list's category tree
  const anywhere = await pick(`select id, product_id from models where not not_for_sale and stock > 1000 order by id`);
  const inList = await pick(
    `
    with recursive sub(id) as (select $1::int union all select c.id from categories c join sub on c.parent_id = sub.id)
    select m.id, m.product_id from models m join products p on p.id = m.product_id
    where p.category_id in (select id from sub) and p.active and not m.not_for_sale and m.stock > 1000 order by m.id`,
    [top.id],
  );
  if (anywhere.length === 0 || inList.length === 0) throw new Error("no model with stock to sell in the demo catalogue");
  const modes: Mode[] = [
    { name: `${rate} sales/s, random models`, kind: "sell-anywhere" },
    { name: `${rate} sales/s, products of this list`, kind: "sell-in-list" },
    { name: `${rate} changes/s of this list, 1 in 10 out of stock and back`, kind: "in-list-out-of-stock" },
    { name: `${rate} full catalogue notifications/s (before decision 061)`, kind: "full-notification" },
  ];
  console.log(`list ${listPath}; ${anywhere.length} models to sell anywhere, ${inList.length} in the list's categories`);

  const base = await measure(`SSR list ${listPath}, no change`, url);
  rows.push(base);
  for (const mode of modes) {
    const run = startChanger({ url: PG_URL, kind: mode.kind, rate, anywhere, inList });
    const row = await measure(`SSR list, ${mode.name}`, url);
    const { done, perSecond } = await run.stop();
    rows.push(row);
    notes.push(
      `${mode.name}: ${done} changes (${perSecond.toFixed(1)}/s), ${Math.round((100 * row.rps) / Math.max(1, base.rps))} % of the throughput without changes`,
    );
  }
  // the list page is the same once more without changes: the machine did not drift between rows
  rows.push(await measure(`SSR list ${listPath}, no change (again)`, url));
  rssMb = peakRssMb(shop.pid);
  // put back the models taken out of stock
  await db.query(`update models set stock = 5000 where stock = 0 and id = any($1::int[])`, [inList.map((m) => m.id)]);
} finally {
  await db.end();
  await shop.stop();
}

printTable(rows, rssMb);
console.log("");
for (const n of notes) console.log(`- ${n}`);
