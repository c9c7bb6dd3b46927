import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// End-to-end: the built server driven by Debian's Chromium. Each file starts its own shop on a copy of a
// data directory seeded once by the global setup (decision 068), so files run in parallel: E2E_WORKERS
// at a time (default 3: a worker's server and browser wait on timers and the network for part of each test,
// so two workers leave a 2-core machine partly idle).
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
    // the shops check every API answer against its contract (server/http/answer-check.ts): a break is a 500 the
    // page shows and a line on the shop's stderr
    env: { CHECK_ANSWERS: "1" },
  },
});
