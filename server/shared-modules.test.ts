// The core and server test files share their worker's loaded modules (isolate: false in vitest.config.ts): a file
// that mocked a module, stubbed a global or changed the environment would change it for the files run after it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const FORBIDDEN = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|process\.env\.\w+\s*=[^=]|delete process\.env/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith(".test.ts") ? [join(dir, e.name)] : [],
  );
}

describe("test files sharing their worker's modules", () => {
  it("neither mock a module, stub a global, fake the clock nor change the environment", () => {
    const files = [...testFiles("core"), ...testFiles("server")];
    expect(files.length).toBeGreaterThan(50);
    const offending = files.filter((f) => f !== join("server", "shared-modules.test.ts") && FORBIDDEN.test(readFileSync(f, "utf8")));
    expect(offending).toEqual([]);
  });
});
