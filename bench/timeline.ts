// Latency of logged-in category list renders second by second, with a second load generator (Node's fetch, one
// loop per connection): tells the first second of a fresh process from the steady state, which a p99 mixes.
// Usage: npm run build && node --import tsx bench/timeline.ts [--connections 50 --duration 10 --pg URL]
import { categoryUrl } from "../core/slug.ts";
import { connections, duration, loginCookie, signedQuery, startShop } from "./lib.ts";

const shop = await startShop();
try {
  const config = await (await fetch(`${shop.url}/site/Index/config?${signedQuery("/site/Index/config")}`)).json();
  const url = `${shop.url}${encodeURI(categoryUrl("fr", config.data.product_cate[0].child[0]))}`;
  const cookie = await loginCookie(shop.url);
  const t0 = performance.now();
  const seen: [start: number, ms: number][] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() - t0 < duration * 1000) {
        const s = performance.now();
        await (await fetch(url, { headers: { cookie } })).arrayBuffer();
        seen.push([s - t0, performance.now() - s]);
      }
    }),
  );
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  console.log(`\nlogged-in category list ${url}, ${connections} connections, ${duration} s (cold process: the first second included)\n`);
  console.log("| from s | requests | p50 ms | max ms |\n|---:|---:|---:|---:|");
  for (let from = 0; from < duration; from++) {
    const ms = seen
      .filter(([s]) => s >= from * 1000 && s < (from + 1) * 1000)
      .map(([, l]) => l)
      .sort((a, b) => a - b);
    if (ms.length) console.log(`| ${from} | ${ms.length} | ${Math.round(q(ms, 0.5))} | ${Math.round(ms[ms.length - 1])} |`);
  }
  const all = seen.map(([, l]) => l).sort((a, b) => a - b);
  console.log(
    `\nall: ${(all.length / duration).toFixed(0)} req/s, p50 ${Math.round(q(all, 0.5))} ms, p99 ${Math.round(q(all, 0.99))} ms, max ${Math.round(all[all.length - 1])} ms`,
  );
} finally {
  await shop.stop();
}
