import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Unit and integration tests. End-to-end tests live in tests/e2e and run with `npm run test:e2e`.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^#app\/(.*)$/, replacement: r("./app/$1") },
      { find: /^#core\/(.*)$/, replacement: r("./core/$1") },
      { find: /^#server\/(.*)$/, replacement: r("./server/$1") },
    ],
  },
  test: {
    environment: "node",
    // Every message catalogue, as on the server (the browser loads its page's namespaces, app/lib/messages.ts).
    setupFiles: ["./core/i18n/messages.ts", "./tests/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker on a 2-core machine (cores − 1); the files wait on databases as much as
    // they compute, and each has its own database (server/test/databases.ts), so two at a time is safe.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    projects: [
      // Each worker loads the server's modules once for all its files, not once a file (about a third of the
      // suite's time): no file here mocks a module or changes the environment (server/shared-modules.test.ts checks it),
      // and each has its own database.
      // The page tests serve the production build: made again first when a source is newer (tests/fresh-build.ts).
      {
        extends: true,
        test: {
          name: "core and server",
          include: ["core/**/*.test.ts", "server/**/*.test.ts"],
          isolate: false,
          globalSetup: ["./tests/fresh-build.ts"],
        },
      },
      // The browser-side files mock modules and globals (vi.mock, vi.stubGlobal): each in its own module registry.
      { extends: true, test: { name: "app", include: ["app/**/*.test.{ts,tsx}"] } },
    ],
  },
});
