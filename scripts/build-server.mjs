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
writeFileSync(
  `${out}/main.js`,
  `process.env.NODE_ENV ||= "production";\nprocess.setSourceMapsEnabled(true);\nawait import("./server.js");\n`,
);
