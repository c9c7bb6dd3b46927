import type { TestProject } from "vitest/node";
import { startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    maintenanceUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const [shop, maintenance] = await Promise.all([startServer(), startServer({ MAINTENANCE: "1", SEED: "none" })]);
  project.provide("baseUrl", shop.url);
  project.provide("maintenanceUrl", maintenance.url);
  return async () => {
    await Promise.all([shop.stop(), maintenance.stop()]);
  };
}
