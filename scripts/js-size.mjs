/* global process, console */
// JavaScript a page loads at start (entry, root and the page's route module with their static imports),
// gzipped: `node scripts/js-size.mjs [route id ...]` after `npm run build` (DESIGN §8 budget: list page ≤ 150 KB).
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const { assets } = await import(pathToFileURL("build/server/index.js").href);
const ids = process.argv.slice(2);
const routes = ids.length ? ids : ["home", "product-list", "product-detail", "search", "account"];
const gz = (file) => gzipSync(readFileSync(`build/client${file}`), { level: 9 }).length;
for (const id of routes) {
  const route = assets.routes[id];
  if (!route) throw new Error(`unknown route ${id}`);
  const files = new Set([
    assets.entry.module,
    ...assets.entry.imports,
    assets.routes.root.module,
    ...(assets.routes.root.imports ?? []),
    route.module,
    ...(route.imports ?? []),
  ]);
  const sizes = [...files].map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
  const total = sizes.reduce((s, [, n]) => s + n, 0);
  // what a browser accepting brotli receives from `npm start` (the .br siblings of scripts/precompress.mjs)
  const br = [...files].reduce(
    (s, f) => s + readFileSync(existsSync(`build/client${f}.br`) ? `build/client${f}.br` : `build/client${f}`).length,
    0,
  );
  console.log(`${id}: ${(total / 1024).toFixed(1)} KB gzipped in ${files.size} files (${(br / 1024).toFixed(1)} KB as served with brotli)`);
  for (const [f, n] of sizes.slice(0, 8)) console.log(`  ${(n / 1024).toFixed(1).padStart(6)} KB  ${f}`);
}
