import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { NAMESPACES, type Namespace } from "#core/i18n/translate.ts";
import { PAGES } from "#app/pages.ts";
import { ACCOUNT_SHELL_MESSAGES, START_MESSAGES, pageMessages } from "./messages.ts";

const root = resolve(import.meta.dirname, "../..");
const KEY = new RegExp(`["'\`](${NAMESPACES.join("|")})\\.[A-Za-z_]`, "g");
const IMPORT = /(?:from|import)\s*\(?\s*["']((?:\.{1,2}\/|#app\/|#core\/)[^"']+)["']/g;
/** `import type` / `export type … from`: erased at build, nothing of that module ships with the page. */
const TYPE_ONLY = /\b(?:import|export)\s+type\s+(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+)\s+from\s*["'][^"']+["']/g;

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("#app/")
    ? resolve(root, "app", spec.slice(5))
    : spec.startsWith("#core/")
      ? resolve(root, "core", spec.slice(6))
      : resolve(dirname(from), spec);
  for (const f of [base, `${base}.ts`, `${base}.tsx`]) if (/\.tsx?$/.test(f) && existsSync(f)) return f;
  return null;
}

/** The namespaces named in a module and every project module it imports (statically or lazily). */
function namespacesFrom(entry: string, skip: Set<string> = new Set()): Map<Namespace, string[]> {
  const found = new Map<Namespace, string[]>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || skip.has(file)) return;
    seen.add(file);
    // Comments name keys too ("validation.x" in a sentence): left out.
    const text = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|\s)\/\/.*$/gm, "$1")
      .replace(TYPE_ONLY, "");
    for (const m of text.matchAll(KEY))
      found.set(m[1] as Namespace, [...(found.get(m[1] as Namespace) ?? []), file.slice(root.length + 1)]);
    for (const m of text.matchAll(IMPORT)) {
      const f = resolveImport(file, m[1]);
      if (f) walk(f);
    }
  };
  walk(resolve(root, entry));
  return found;
}

const accountMenu = resolve(root, "app/components/account/account-menu.tsx");

describe("texts a page needs (decision 089)", () => {
  it("the shell needs only the start namespaces (the account menu adds its own on account pages)", () => {
    const used = namespacesFrom("app/root.tsx", new Set([accountMenu]));
    const extra = [...used].filter(([ns]) => !(START_MESSAGES as readonly string[]).includes(ns));
    expect(extra).toEqual([]);
    const menu = [...namespacesFrom("app/components/account/account-menu.tsx").keys()];
    expect(menu.filter((ns) => !(START_MESSAGES as readonly string[]).includes(ns) && !ACCOUNT_SHELL_MESSAGES.includes(ns))).toEqual([]);
  });

  it.each(PAGES.map((p) => [p.id, p] as const))("%s declares every namespace its module shows", (_id, page) => {
    const used = namespacesFrom(`app/${page.file}`, new Set([accountMenu]));
    const declared = new Set<string>([...START_MESSAGES, ...(page.messages ?? [])]);
    expect([...used].filter(([ns]) => !declared.has(ns))).toEqual([]);
  });

  it("catalogue pages need nothing beyond the start chunk", () => {
    for (const id of ["home", "product-list", "product-detail", "search", "content", "shops"])
      expect(pageMessages([id, `zh:${id}~1`], false)).toEqual([]);
  });

  it("names a page's namespaces from its route ids, the account menu's on account pages", () => {
    expect(pageMessages(["root", "zh:order-detail~2"], true)).toEqual(
      expect.arrayContaining([...(PAGES.find((p) => p.id === "order-detail")?.messages ?? []).filter((n) => n !== "cart"), "area"]),
    );
    expect(pageMessages(["root", "login"], false)).toEqual(["account"]);
  });
});
