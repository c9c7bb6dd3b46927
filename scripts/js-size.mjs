/* global process, console */
// JavaScript a page loads at start (entry, root and the page's route module with their static imports, and
// the texts the browser entry loads before hydration: the page language's start chunk and the namespaces the
// page declares in app/pages.ts, decision 089), gzipped: `node scripts/js-size.mjs [--zh] [route id ...]`
// after `npm run build` (DESIGN §8 budget: list page ≤ 150 KB).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const { assets } = await import(pathToFileURL("build/server/index.js").href);
const lang = process.argv.includes("--zh") ? "zh" : "fr";
const ids = process.argv.slice(2).filter((a) => a !== "--zh");
// The texts' chunks, read from the module that imports them (app/lib/messages.ts in the build).
const messagesChunk = readdirSync("build/client/assets").find((f) => /^messages-[\w-]+\.js$/.test(f));
const messagesCode = readFileSync(`build/client/assets/${messagesChunk}`, "utf8");
// app/pages.ts as built for the browser (its one export is the PAGES list).
const pagesChunk = readdirSync("build/client/assets").find((f) => /^pages-[\w-]+\.js$/.test(f));
const PAGES = Object.values(await import(pathToFileURL(`build/client/assets/${pagesChunk}`).href)).find(Array.isArray);
const chunkOf = (pattern) => {
  const m = messagesCode.match(pattern);
  if (!m) throw new Error(`no chunk for ${pattern} in ${messagesChunk}`);
  return `/assets/${m[1]}`;
};
const texts = (id) => [
  chunkOf(new RegExp(`${lang}:\\(\\)=>[^\`]*\`\\./([\\w-]+\\.js)\``)),
  ...(PAGES.find((p) => p.id === id)?.messages ?? []).map((ns) =>
    chunkOf(new RegExp(`locales/${lang}/${ns}\\.json"[^\`]*\`\\./([\\w-]+\\.js)\``)),
  ),
];
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
    ...texts(id),
  ]);
  const sizes = [...files].map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
  const total = sizes.reduce((s, [, n]) => s + n, 0);
  // what a browser accepting brotli receives from `npm start` (the .br siblings of scripts/precompress.mjs)
  const br = [...files].reduce(
    (s, f) => s + readFileSync(existsSync(`build/client${f}.br`) ? `build/client${f}.br` : `build/client${f}`).length,
    0,
  );
  console.log(
    `${id} (${lang}): ${(total / 1024).toFixed(1)} KB gzipped in ${files.size} files (${(br / 1024).toFixed(1)} KB as served with brotli)`,
  );
  for (const [f, n] of sizes.slice(0, Number(process.env.TOP ?? 8))) console.log(`  ${(n / 1024).toFixed(1).padStart(6)} KB  ${f}`);
}
