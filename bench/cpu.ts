// CPU time the shop spends per request (its user + system time from /proc, the embedded database included),
// for a fixed number of requests: a figure that holds on a machine shared with other work, where req/s and
// latencies move with the neighbours' load. 1000 / (ms per request) is the one-core ceiling of that target.
// Usage: npm run build && node --import tsx bench/cpu.ts [--requests 3000 --connections 10 --pg URL] [--only add,cart]
// `add`: the add-to-cart cycle of bench/cart.ts (+1 then −1 on one line of 50-line carts, one customer per
// connection); its requests are half adds, half edits.
// Profile: SHOP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (the shop's profile is written at its stop).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { addCycle, cartCustomers } from "./cart-setup.ts";
import { loginCookie, numberOption, peakRssMb, resetPeakRss, signedQuery, startShop, type Req } from "./lib.ts";

const requests = numberOption("requests", 3000);
const conns = numberOption("connections", 10);
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1].split(",") : null;

/** user + system CPU of a process, in ms. */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (CLK_TCK 100)
}

const shop = await startShop();
// The shop on its own core (SHOP_CPU, default 0), as bench/cart.ts: run this under `taskset -c 1`.
try {
  execFileSync("taskset", ["-a", "-pc", process.env.SHOP_CPU ?? "0", String(shop.pid)], { stdio: "ignore" });
} catch {
  /* taskset missing: unpinned */
}
try {
  const cookie = await loginCookie(shop.url);
  const loggedIn = { headers: { cookie } };
  type Target = [string, string, Req & { requests?: autocannon.Request[] }];
  const targets: Target[] = [
    ["session", `/site/Index/config?part=session&${signedQuery("/site/Index/config")}`, loggedIn],
    ["account", "/mon-compte", loggedIn],
    ["account-br", "/mon-compte", { headers: { cookie, "accept-encoding": "br" } }],
    ["account-zh", "/zh/mon-compte", loggedIn],
    ["order-history", "/historique-commandes", loggedIn],
    ["cart", "/panier", loggedIn],
    ["notifications", "/notifications", loggedIn],
  ];
  if (!only || only.includes("add")) {
    const { cookies, modelId } = await cartCustomers(shop.url, Math.min(conns, 50));
    targets.push(["add", "/site/Customer/addShoppingCart", { method: "POST", requests: addCycle(cookies, modelId) }]);
  }
  resetPeakRss(shop.pid);
  console.log(`| target | requests | CPU ms/request | one-core ceiling req/s | p50 ms | p99 ms | bytes/resp | non-2xx |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [name, path, req] of targets) {
    if (only && !only.includes(name)) continue;
    const opts = { url: `${shop.url}${path}`, method: req.method ?? "GET", headers: req.headers ?? {}, requests: req.requests };
    await autocannon({ ...opts, connections: conns, amount: Math.max(200, requests / 10) }); // warm-up
    const before = cpuMs(shop.pid);
    const r = await autocannon({ ...opts, connections: conns, amount: requests });
    const per = (cpuMs(shop.pid) - before) / requests;
    const bytes = Math.round(r.throughput.total / Math.max(1, r.requests.total));
    console.log(
      `| ${name} | ${requests} | ${per.toFixed(2)} | ${Math.round(1000 / per)} | ${r.latency.p50} | ${r.latency.p99} | ${bytes} | ${r.non2xx} |`,
    );
  }
  console.log(`\nshop peak RSS (VmHWM after start-up): ${peakRssMb(shop.pid)} MB`);
} finally {
  await shop.stop();
}
