// Bundles the server (server/main.ts and the project modules it imports; packages stay in node_modules) into
// build/app/, so that `npm start` runs plain Node: no TypeScript loader in memory nor on the hot path.
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const out = "build/app";
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ["server/main.ts"],
  outfile: `${out}/server.js`,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
});
// client.ts finds its migrations next to itself (import.meta.url): they travel with the bundle.
cpSync("server/db/migrations", `${out}/migrations`, { recursive: true });
// Libraries pick their production builds from NODE_ENV when first loaded, and a bundle's imports are all
// evaluated before its body: NODE_ENV is set in this entry, before the bundle is imported.
// Memory (decision 095): source maps are not loaded at run time (Node would parse and keep the maps of every
// package with their sources, ≈ 20 MB of heap; the bundle is not minified, and `node --enable-source-maps
// build/app/main.js` maps stack traces when debugging), and the old generation grows by 30 % over what a full
// GC kept instead of up to 4×, so that garbage made under load does not hold 100+ MB between two full GCs.
writeFileSync(
  `${out}/main.js`,
  [
    `import { setFlagsFromString } from "node:v8";`,
    `process.env.NODE_ENV ||= "production";`,
    `setFlagsFromString("--heap-growing-percent=30");`,
    `await import("./server.js");`,
    "",
  ].join("\n"),
);
