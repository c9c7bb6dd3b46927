// What the production server loads (decisions 101 and 103): packages bundled where only a part is used, and
// none loaded for a feature the configuration leaves off. Reads the build `npm test` makes before the tests.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const file = (path: string) => fileURLToPath(new URL(`../../build/${path}`, import.meta.url));
const read = (path: string) => readFileSync(file(path), "utf8");
const staticImports = (code: string) =>
  [...code.matchAll(/^import\b[^;]*?from\s+"([^"]+)"|^import\s+"([^"]+)"/gm)].map((m) => m[1] ?? m[2]);

describe("the production server build", () => {
  const pageChunks = ["server/index.js", ...readdirSync(file("server/assets")).map((f) => `server/assets/${f}`)].filter((f) =>
    f.endsWith(".js"),
  );

  it("bundles the icons and dialog primitives it uses instead of loading whole packages from node_modules", () => {
    // lucide-react: ≈ 1,600 icons for a dozen drawn; radix-ui: every primitive (menus, selects…) for a dialog.
    const whole = (s: string) => s.startsWith("lucide-react") || s === "radix-ui" || s.startsWith("@radix-ui/");
    for (const chunk of pageChunks) expect(staticImports(read(chunk)).filter(whole), chunk).toEqual([]);
  });

  it("takes React Router's production files, bundled", () => {
    for (const chunk of pageChunks) {
      expect(
        staticImports(read(chunk)).filter((s) => s === "react-router" || s.startsWith("react-router/")),
        chunk,
      ).toEqual([]);
      expect(read(chunk), chunk).not.toContain("react-router/dist/development");
    }
  });

  it("does not load the Stripe SDK with the shop (only when Stripe is the configured provider)", () => {
    expect(staticImports(read("app/server.js"))).not.toContain("stripe");
  });
});
