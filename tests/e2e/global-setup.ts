import type { TestProject } from "vitest/node";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data directory migrated and seeded with the demo catalogue, never served: each file copies it (shop.ts). */
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // One start migrates and seeds (8,000 references); the stop leaves the directory for the files to copy.
  const seededDataDir = mkdtempSync(join(tmpdir(), "comptoir-e2e-seed-"));
  await (await startServer({}, seededDataDir)).stop();
  project.provide("seededDataDir", seededDataDir);
  return () => rmSync(seededDataDir, { recursive: true, force: true });
}
