// Load benchmark of the catalogue (issue 4, DESIGN §8): a category list page and a product page, SSR
// (render cache hit, and uncached) and API, next to a raw node:http ceiling for the same bytes.
// Usage: npm run build && node --import tsx bench/catalogue.ts [--duration 10 --connections 50]
import { createServer } from "node:http";
import autocannon from "autocannon";
import { startServer, freePort } from "../tests/e2e/server.ts";
import { sign } from "../server/http/signature.ts";
import { categoryUrl } from "../core/slug.ts";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const duration = arg("duration", 10);
const connections = arg("connections", 50);
const SECRET = "bench-sign-secret";

type Row = { name: string; rps: number; p50: number; p99: number; bytes: number; non2xx: number };
type Req = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

async function measure(name: string, url: string, req: Req = {}): Promise<Row> {
  const opts = { url, method: req.method ?? "GET", headers: req.headers ?? {}, body: req.body };
  await autocannon({ ...opts, connections: 10, duration: 2 }); // warm-up
  const r = await autocannon({ ...opts, connections, duration });
  return { name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, bytes: Math.round(r.throughput.average / Math.max(1, r.requests.average)), non2xx: r.non2xx };
}

async function rawCeiling(bytes: number): Promise<Row> {
  const body = Buffer.alloc(bytes, "x");
  const port = await freePort();
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  }).listen(port, "127.0.0.1");
  try {
    return { ...(await measure(`raw node:http, ${bytes} B`, `http://127.0.0.1:${port}/`)), bytes };
  } finally {
    server.close();
  }
}

const signedQuery = (path: string) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t}&at=${sign(t, path, SECRET)}`;
};

const shop = await startServer({ SIGN_SECRET: SECRET, RATE_LIMIT_MAX: "100000000", LOG_LEVEL: "warn" });
const rows: Row[] = [];
let rssMb = 0;
try {
  const config = await (await fetch(`${shop.url}/site/Index/config?${signedQuery("/site/Index/config")}`)).json();
  const top = config.data.product_cate[0].child[0];
  const listPath = encodeURI(categoryUrl("fr", top));
  const t = Math.floor(Date.now() / 1000);
  const listBody = JSON.stringify({ type: top.id, page: 1, pageSize: 24, t, at: sign(t, "/site/Product/index", SECRET) });
  const json = { "content-type": "application/json" };
  const list = await (await fetch(`${shop.url}/site/Product/index`, { method: "POST", headers: json, body: listBody })).json();
  const productId = list.data.list[0].id;
  const detail = await (await fetch(`${shop.url}/site/Product/detail?id=${productId}&${signedQuery("/site/Product/detail")}`)).json();
  const productPath = encodeURI(detail.data.product.url);
  const listBytes = (await (await fetch(`${shop.url}${listPath}`)).arrayBuffer()).byteLength;
  console.log(`category ${listPath} (${list.data.total} products), product ${productPath}`);

  rows.push(await measure(`SSR list ${listPath}`, `${shop.url}${listPath}`));
  rows.push(await measure("SSR list, uncached", `${shop.url}${listPath}`, { headers: { cookie: "uid=bench-no-session" } }));
  rows.push(await measure(`SSR product ${productPath}`, `${shop.url}${productPath}`));
  rows.push(await measure("SSR product, uncached", `${shop.url}${productPath}`, { headers: { cookie: "uid=bench-no-session" } }));
  rows.push(await measure("API POST /site/Product/index (24 of a category)", `${shop.url}/site/Product/index`, { method: "POST", headers: json, body: listBody }));
  rows.push(await measure("API GET /site/Product/detail", `${shop.url}/site/Product/detail?id=${productId}&${signedQuery("/site/Product/detail")}`));
  rows.push(await rawCeiling(listBytes));
  const status = await import("node:fs").then((fs) => fs.readFileSync(`/proc/${shop.pid}/status`, "utf8"));
  rssMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
} finally {
  await shop.stop();
}

console.log(`\nautocannon, ${connections} connections, ${duration} s per row, Node ${process.version}\n`);
console.log("| target | req/s | p50 ms | p99 ms | bytes/resp | non-2xx |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.non2xx} |`);
console.log(`\nserver peak RSS: ${rssMb} MB`);
