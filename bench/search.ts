// Search benchmark: p50/p95 latency of the search service over a fixed list of queries on the
// full demo catalogue, in process without the result cache (PGlite by default, PostgreSQL with --pg URL), then autocannon req/s on
// the search API of the built server for a few queries.
// Usage: npm run build && node --import tsx bench/search.ts [--runs 30] [--pg postgres://...] [--no-http]
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase, query } from "../server/db/client.ts";
import { seedDemo } from "../server/db/seed/index.ts";
import { createReadCache } from "../server/read-cache.ts";
import { createCatalogueService } from "../server/modules/catalogue/catalogue.service.ts";
import { createSearchService } from "../server/modules/search/search.service.ts";
import { numberOption, PG_URL, signedQuery, startShop } from "./lib.ts";

const RUNS = numberOption("runs", 30);
const HTTP = !process.argv.includes("--no-http");

type Q = [lang: "fr" | "zh", text: string, kind: string];
// 60 fixed queries: words, accents, plurals, typos, references, dimensions, Chinese.
export const QUERIES: Q[] = [
  ["fr", "carton", "word"],
  ["fr", "cartons", "plural"],
  ["fr", "carton demenagement", "accents"],
  ["fr", "Carton Déménagement", "accents"],
  ["fr", "cartons déménagements", "plural"],
  ["fr", "boîte archive", "word"],
  ["fr", "boite archive", "accents"],
  ["fr", "boîtes postales", "plural"],
  ["fr", "film étirable", "word"],
  ["fr", "film etirable noir", "accents"],
  ["fr", "papier bulle", "word"],
  ["fr", "adhésif", "word"],
  ["fr", "ruban adhesif silencieux", "accents"],
  ["fr", "gobelet", "word"],
  ["fr", "gobelets carton", "plural"],
  ["fr", "sac poubelle", "word"],
  ["fr", "sacs kraft", "plural"],
  ["fr", "barquette", "word"],
  ["fr", "boîte pizza", "word"],
  ["fr", "gants nitrile", "word"],
  ["fr", "étiquettes", "plural"],
  ["fr", "enveloppe bulle", "word"],
  ["fr", "caisse palette", "word"],
  ["fr", "double cannelure", "word"],
  ["fr", "feuillard", "word"],
  ["fr", "cornière", "word"],
  ["fr", "essuie-tout", "word"],
  ["fr", "couverts bois", "word"],
  ["fr", "assiette", "word"],
  ["fr", "tube expédition", "word"],
  ["fr", "cartn", "typo"],
  ["fr", "carton demenagment", "typo"],
  ["fr", "gobelt", "typo"],
  ["fr", "etirabl", "typo"],
  ["fr", "enveloppes bulles", "plural"],
  ["fr", "adhesf", "typo"],
  ["fr", "CAR-DEM-0001", "reference"],
  ["fr", "car-dem", "ref prefix"],
  ["fr", "CAR-SCB", "ref prefix"],
  ["fr", "car-scb-0001", "reference"],
  ["fr", "car", "ref prefix"],
  ["fr", "CAR-DC-0002", "reference"],
  ["fr", "40x30", "dimensions"],
  ["fr", "400x300", "dimensions"],
  ["fr", "40 x 30 x 30", "dimensions"],
  ["fr", "400×300×300 mm", "dimensions"],
  ["fr", "carton 60x40", "dimensions"],
  ["fr", "60 x 40 cm", "dimensions"],
  ["zh", "纸箱", "zh"],
  ["zh", "搬家纸箱", "zh"],
  ["zh", "胶带", "zh"],
  ["zh", "纸杯", "zh"],
  ["zh", "气泡", "zh"],
  ["zh", "垃圾袋", "zh"],
  ["zh", "手套", "zh"],
  ["zh", "carton", "zh latin"],
  ["zh", "CAR-DEM", "zh ref"],
  ["zh", "40x30", "zh dims"],
  ["fr", "zzzzqqqq", "nothing"],
  ["fr", "a", "one letter"],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n: number) => n.toFixed(2);

async function inProcess() {
  const t0 = performance.now();
  const database = await openDatabase(PG_URL ? { url: PG_URL } : { dataDir: "memory://" });
  const existing = await query<{ n: number }>(database.db, sql`select count(*)::int as n from products`);
  if (existing[0].n === 0) await seedDemo(database.db, { size: "full" });
  const counts = await query<{ p: number; m: number }>(
    database.db,
    sql`select (select count(*)::int from products) p, (select count(*)::int from models) m`,
  );
  const seeded = performance.now() - t0;
  const cache = createReadCache();
  const search = createSearchService(database.db, cache, createCatalogueService(database.db, cache), { resultCacheSize: 0 }); // every call runs the SQL
  const r0 = performance.now();
  await search.ready();
  const refreshMs = performance.now() - r0;

  const all: number[] = [];
  const perQuery: { q: Q; total: number; p50: number; p95: number; first: string }[] = [];
  for (const q of QUERIES) {
    let res = await search.search(q[0], q[1]);
    for (let i = 0; i < 3; i++) await search.search(q[0], q[1]); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      res = await search.search(q[0], q[1]);
      times.push(performance.now() - s);
    }
    all.push(...times);
    times.sort((a, b) => a - b);
    perQuery.push({ q, total: res.total, p50: pct(times, 50), p95: pct(times, 95), first: res.products[0]?.name ?? "—" });
  }
  const sugg: number[] = [];
  for (const q of QUERIES.filter((x) => x[1].length >= 3)) {
    for (let i = 0; i < 10; i++) {
      const s = performance.now();
      await search.suggest(q[0], q[1]);
      sugg.push(performance.now() - s);
    }
  }
  await database.close();

  all.sort((a, b) => a - b);
  sugg.sort((a, b) => a - b);
  console.log(
    `\nSearch service in process on ${PG_URL ? "PostgreSQL" : "PGlite"}: ${counts[0].p} products / ${counts[0].m} models (ready in ${(seeded / 1000).toFixed(1)} s), index refresh ${fmt(refreshMs)} ms, ${RUNS} runs per query after 3 warm-up runs\n`,
  );
  console.log("| lang | query | kind | results | p50 ms | p95 ms | first result |");
  console.log("|---|---|---|---:|---:|---:|---|");
  for (const r of perQuery) console.log(`| ${r.q[0]} | ${r.q[1]} | ${r.q[2]} | ${r.total} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${r.first} |`);
  console.log(
    `\nALL ${QUERIES.length} queries x ${RUNS}: p50 ${fmt(pct(all, 50))} ms, p95 ${fmt(pct(all, 95))} ms, p99 ${fmt(pct(all, 99))} ms, max ${fmt(all[all.length - 1])} ms`,
  );
  console.log(`suggest (${sugg.length} calls): p50 ${fmt(pct(sugg, 50))} ms, p95 ${fmt(pct(sugg, 95))} ms`);
}

async function overHttp() {
  const shop = await startShop();
  const rows: string[] = [];
  try {
    const targets: [string, string, string][] = [
      ["search", "fr", "carton demenagement"],
      ["search", "fr", "cartn"],
      ["search", "fr", "CAR-DEM-0001"],
      ["search", "fr", "40x30"],
      ["search", "zh", "纸箱"],
      ["suggest", "fr", "carton dem"],
    ];
    await fetch(`${shop.url}/site/Product/search?search=carton&${signedQuery("/site/Product/search")}`); // first refresh
    for (const [action, lang, text] of targets) {
      const path = `/site/Product/${action}`;
      const url = `${shop.url}${path}?search=${encodeURIComponent(text)}&${signedQuery(path)}`;
      const headers = { applang: lang };
      await autocannon({ url, connections: 10, duration: 2, headers });
      const r = await autocannon({ url, connections: 50, duration: 8, headers });
      rows.push(
        `| ${action} | ${lang} | ${text} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`,
      );
    }
  } finally {
    await shop.stop();
  }
  console.log(
    `\nSearch API of the built server (full seed, ${PG_URL ? "PostgreSQL" : "PGlite"}), autocannon 50 connections, 8 s per row\n`,
  );
  console.log("| action | lang | query | req/s | p50 ms | p99 ms | non-2xx |");
  console.log("|---|---|---|---:|---:|---:|---:|");
  for (const r of rows) console.log(r);
}

await inProcess();
if (HTTP) await overHttp();
