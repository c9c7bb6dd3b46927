// Shared benchmark plumbing: options, autocannon rows, the raw node:http ceiling, peak memory, the table.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { freePort, startServer, type RunningServer } from "../tests/e2e/server.ts";
import { sign } from "../server/http/signature.ts";

/** `--name N` on the command line, or `dflt`. */
export const numberOption = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
export const duration = numberOption("duration", 10);
export const connections = numberOption("connections", 50);
export const SECRET = "bench-sign-secret";
const pgIndex = process.argv.indexOf("--pg");
/** `--pg postgres://…`: the shop runs on that PostgreSQL database instead of embedded PGlite. */
export const PG_URL = pgIndex > 0 ? process.argv[pgIndex + 1] : "";
/** Environment of the benchmarked shop: known secret, no rate limit in the way. */
export const BENCH_ENV = { SIGN_SECRET: SECRET, RATE_LIMIT_MAX: "100000000", LOG_LEVEL: "warn", DATABASE_URL: PG_URL };

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
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    non2xx: r.non2xx,
  };
}

/** A raw node:http server answering the same bytes as the shop (its real page: autocannon parses HTML
 * several times slower than filler bytes), in its own process like the shop: the ceiling for that response. */
export async function rawCeiling(body: Buffer, cpu?: string): Promise<Row> {
  const port = await freePort();
  const file = join(mkdtempSync(join(tmpdir(), "bench-raw-")), "body");
  writeFileSync(file, body);
  const code = `const b = require("node:fs").readFileSync(${JSON.stringify(file)});
require("node:http").createServer((q, r) => { r.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": b.length }); r.end(b); })
  .listen(${port}, "127.0.0.1", () => console.log("up"));`;
  // `cpu`: pinned to that core, as the shop it stands for (taskset -c)
  const child = cpu
    ? spawn("taskset", ["-c", cpu, process.execPath, "-e", code], { stdio: ["ignore", "pipe", "inherit"] })
    : spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((ok) => child.stdout.once("data", ok));
  try {
    return { ...(await measure(`raw node:http, same ${body.length} B`, `http://127.0.0.1:${port}/`)), bytes: body.length };
  } finally {
    child.kill();
    rmSync(dirname(file), { recursive: true, force: true });
  }
}

/** The shop as it runs after its first start: a first process creates and seeds the database and stops;
 * the measured process starts on it, so its memory is that of a normal start (WASM memory never shrinks). */
export async function startShop(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-shop-"));
  await (await startServer({ ...BENCH_ENV, ...env }, dataDir)).stop();
  // SHOP_NODE_ARGS: Node flags for the measured process only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const shop = await startServer({ ...BENCH_ENV, ...env }, dataDir, process.env.SHOP_NODE_ARGS?.split(" ").filter(Boolean));
  return {
    ...shop,
    stop: async () => {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The uid cookie of a fresh session of the demo customer: requests that are never served from the render cache. */
export async function loginCookie(base: string): Promise<string> {
  const t = Math.floor(Date.now() / 1000);
  const res = await fetch(`${base}/site/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier: "C100001", password: "Demo1234!", t, at: sign(t, "/site/user/login", SECRET) }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`bench login failed: ${JSON.stringify(body)}`);
  return `uid=${body.data.token}`;
}

/** Peak resident memory of a process (VmHWM), in MB. */
export const peakRssMb = (pid: number) =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);

/** Forgets the peak so far (Linux clear_refs 5): the first start's database creation is not load. */
export function resetPeakRss(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    /* not permitted here: the peak then includes start-up */
  }
}

export function printTable(rows: Row[], rssMb: number) {
  console.log(
    `\nautocannon, ${connections} connections, ${duration} s per row, Node ${process.version}, ${PG_URL ? "PostgreSQL" : "PGlite"}\n`,
  );
  console.log("| target | req/s | p50 ms | p99 ms | bytes/resp | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.non2xx} |`);
  console.log(`\nshop process peak RSS under this load (VmHWM, reset after start-up): ${rssMb} MB`);
}
