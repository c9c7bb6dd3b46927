import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// End-to-end: the built server on free ports with fresh data directories, driven by Debian's Chromium.
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
