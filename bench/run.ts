// Load benchmark of the shell: home page SSR and GET /site/Index/config, next to a raw node:http ceiling.
// Usage: npm run build && npm run bench [-- --duration 10 --connections 50]
import { createServer } from "node:http";
import autocannon from "autocannon";
import { startServer, freePort } from "../tests/e2e/server.ts";
import { sign } from "../server/http/signature.ts";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const duration = arg("duration", 10);
const connections = arg("connections", 50);
const SECRET = "bench-sign-secret";

type Row = { name: string; rps: number; p50: number; p99: number; bytes: number; non2xx: number };

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  await autocannon({ url, connections: 10, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections, duration, headers });
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

const shop = await startServer({ SIGN_SECRET: SECRET, RATE_LIMIT_MAX: "100000000", LOG_LEVEL: "warn" });
const rows: Row[] = [];
let rssMb = 0;
try {
  const home = await fetch(`${shop.url}/`);
  const homeBytes = (await home.arrayBuffer()).byteLength;
  rows.push(await measure("SSR home /", `${shop.url}/`));
  rows.push(await measure("SSR home /zh", `${shop.url}/zh`));
  // A cookie that names no session bypasses the render cache: the full loader + render path.
  rows.push(await measure("SSR home /, uncached", `${shop.url}/`, { cookie: "uid=bench-no-session" }));
  rows.push(await measure("SSR 404 page, uncached", `${shop.url}/nope`, { cookie: "uid=bench-no-session" }));
  const t = Math.floor(Date.now() / 1000);
  const q = `t=${t}&at=${sign(t, "/site/Index/config", SECRET)}`;
  rows.push(await measure("API GET /site/Index/config", `${shop.url}/site/Index/config?${q}`));
  rows.push(await rawCeiling(homeBytes));
  const status = await import("node:fs").then((fs) => fs.readFileSync(`/proc/${shop.pid}/status`, "utf8"));
  rssMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
} finally {
  await shop.stop();
}

console.log(`\nautocannon, ${connections} connections, ${duration} s per row, Node ${process.version}\n`);
console.log("| target | req/s | p50 ms | p99 ms | bytes/resp | non-2xx |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.non2xx} |`);
console.log(`\nshop process peak RSS (VmHWM): ${rssMb} MB`);
