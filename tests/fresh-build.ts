// Vitest global setup: the page tests serve the production build (server/test/page-build.ts); when a source it
// is made from is newer than it, or it is missing, it is built again first, so that no test reads a stale build.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["app", "core", "public"];
const CONFIGS = ["react-router.config.ts", "vite.config.ts", "package-lock.json", "scripts/precompress.mjs", "scripts/build-server.mjs"];
const BUILT = "build/server/index.js";

function newestSource(): number {
  let newest = 0;
  for (const dir of SOURCES)
    for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (f.isFile()) newest = Math.max(newest, statSync(join(f.parentPath, f.name)).mtimeMs);
  for (const f of CONFIGS) if (existsSync(f)) newest = Math.max(newest, statSync(f).mtimeMs);
  return newest;
}

export default function freshBuild() {
  if (existsSync(BUILT) && statSync(BUILT).mtimeMs >= newestSource()) return;
  console.info("the page build is older than its sources: npm run build");
  // vitest sets NODE_ENV=test, which would make the browser's bundle development React
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
}
