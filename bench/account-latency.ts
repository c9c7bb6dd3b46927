// The account page's latency distribution (p99 ≤ 150 ms at ≥ 400 req/s, 50 connections):
// every percentile autocannon reports, for the runs' comparison. Shop on core SHOP_CPU (default 0), load here.
// Usage: npm run build && taskset -c 1 node --import tsx bench/account-latency.ts [--duration 10 --connections 50 --runs 2]
import { execFileSync } from "node:child_process";
import { connections, duration, loginCookie, numberOption, peakRssMb, resetPeakRss, startShop } from "./lib.ts";

const runs = numberOption("runs", 1);
const shop = await startShop(process.env.SHOP_ENV ? Object.fromEntries(process.env.SHOP_ENV.split(",").map((kv) => kv.split("="))) : {});
try {
  execFileSync("taskset", ["-a", "-pc", process.env.SHOP_CPU ?? "0", String(shop.pid)], { stdio: "ignore" });
} catch {
  /* taskset missing: unpinned */
}
try {
  const { default: autocannon } = await import("autocannon");
  const opts = { url: `${shop.url}/mon-compte`, headers: { cookie: await loginCookie(shop.url) } };
  await autocannon({ ...opts, connections: 10, duration: 2 } as never);
  resetPeakRss(shop.pid);
  for (let i = 0; i < runs; i++) {
    const r = await autocannon({ ...opts, connections, duration } as never);
    const l = r.latency as unknown as Record<string, number>;
    console.log(
      `${Math.round(r.requests.average)} req/s; latency ms: p1 ${l.p1} p10 ${l.p10} p25 ${l.p25} p50 ${l.p50} p75 ${l.p75} p90 ${l.p90} p97.5 ${l.p97_5} p99 ${l.p99} max ${l.max}; non-2xx ${r.non2xx}`,
    );
  }
  console.log(`shop peak RSS under this load: ${peakRssMb(shop.pid)} MB`);
} finally {
  await shop.stop();
}
