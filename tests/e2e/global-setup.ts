import type { TestProject } from "vitest/node";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "./server.ts";
import { startSmtp } from "../../server/test/smtp.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    maintenanceUrl: string;
    mailDir: string;
  }
}

export default async function setup(project: TestProject) {
  // A real SMTP server receives the shop's e-mails; tests read them from mailDir.
  const mailDir = mkdtempSync(join(tmpdir(), "comptoir-mail-"));
  const smtp = await startSmtp(mailDir);
  const [shop, maintenance] = await Promise.all([startServer({ SMTP_URL: smtp.url }), startServer({ MAINTENANCE: "1", SEED: "none" })]);
  project.provide("mailDir", mailDir);
  project.provide("baseUrl", shop.url);
  project.provide("maintenanceUrl", maintenance.url);
  return async () => {
    await Promise.all([shop.stop(), maintenance.stop(), smtp.close()]);
    rmSync(mailDir, { recursive: true, force: true });
  };
}
