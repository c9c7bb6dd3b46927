// Load benchmark of the shell: home page SSR and GET /site/Index/config, next to a raw node:http ceiling.
// Usage: npm run build && npm run bench [-- --duration 10 --connections 50]
import { startServer } from "../tests/e2e/server.ts";
import { BENCH_ENV, measure, peakRssMb, printTable, rawCeiling, signedQuery, type Row } from "./lib.ts";

const shop = await startServer(BENCH_ENV);
const rows: Row[] = [];
let rssMb = 0;
try {
  const homeBytes = (await (await fetch(`${shop.url}/`)).arrayBuffer()).byteLength;
  rows.push(await measure("SSR home /", `${shop.url}/`));
  rows.push(await measure("SSR home /zh", `${shop.url}/zh`));
  // A cookie that names no session bypasses the render cache: the full loader + render path.
  const uncached = { headers: { cookie: "uid=bench-no-session" } };
  rows.push(await measure("SSR home /, uncached", `${shop.url}/`, uncached));
  rows.push(await measure("SSR 404 page, uncached", `${shop.url}/nope`, uncached));
  rows.push(await measure("API GET /site/Index/config", `${shop.url}/site/Index/config?${signedQuery("/site/Index/config")}`));
  rows.push(await rawCeiling(homeBytes));
  rssMb = peakRssMb(shop.pid);
} finally {
  await shop.stop();
}
printTable(rows, rssMb);
