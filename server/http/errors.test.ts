// Decision 065: services raise domain errors and never know HTTP. ApiError belongs to server/http only.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const modules = fileURLToPath(new URL("../modules", import.meta.url));
const services = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? services(join(dir, e.name)) : e.name.endsWith(".service.ts") ? [join(dir, e.name)] : [],
  );

describe("service errors", () => {
  it("no service imports the HTTP errors", () => {
    const offenders = services(modules).filter((f) =>
      /from "(#server\/http\/errors\.ts|\.\.\/\.\.\/http\/errors\.ts)"/.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
