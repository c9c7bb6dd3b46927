// Shared benchmark plumbing: options, autocannon rows, the raw node:http ceiling, peak memory, the table.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import autocannon from "autocannon";
import { freePort } from "../tests/e2e/server.ts";
import { sign } from "../server/http/signature.ts";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
export const duration = arg("duration", 10);
export const connections = arg("connections", 50);
export const SECRET = "bench-sign-secret";
/** Environment of the benchmarked shop: known secret, no rate limit in the way. */
export const BENCH_ENV = { SIGN_SECRET: SECRET, RATE_LIMIT_MAX: "100000000", LOG_LEVEL: "warn" };

export type Row = { name: string; rps: number; p50: number; p99: number; bytes: number; non2xx: number };
export type Req = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

export const signedQuery = (path: string) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t}&at=${sign(t, path, SECRET)}`;
};

export async function measure(name: string, url: string, req: Req = {}): Promise<Row> {
  const opts = { url, method: req.method ?? "GET", headers: req.headers ?? {}, body: req.body };
  await autocannon({ ...opts, connections: 10, duration: 2 }); // warm-up
  const r = await autocannon({ ...opts, connections, duration });
  return { name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, bytes: Math.round(r.throughput.average / Math.max(1, r.requests.average)), non2xx: r.non2xx };
}

/** A raw node:http server answering `bytes` fixed bytes: the ceiling for responses of that size. */
export async function rawCeiling(bytes: number): Promise<Row> {
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

/** Peak resident memory of a process (VmHWM), in MB. */
export const peakRssMb = (pid: number) => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);

export function printTable(rows: Row[], rssMb: number) {
  console.log(`\nautocannon, ${connections} connections, ${duration} s per row, Node ${process.version}\n`);
  console.log("| target | req/s | p50 ms | p99 ms | bytes/resp | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.non2xx} |`);
  console.log(`\nshop process peak RSS (VmHWM): ${rssMb} MB`);
}
