import { describe, expect, it } from "vitest";
import { shellData, shellJson } from "./shell-data.server.ts";
import type { ShellData } from "#app/lib/shell-types.ts";

type Init = NonNullable<ShellData["init"]>;

describe("shell data (decision 110)", () => {
  const config = { brand: "Comptoir" } as unknown as Init["config"];
  const menu = [{ id: 1, name: "ACCUEIL", child: [] }] as unknown as Init["product_cate"];
  const shops = [] as ShellData["shops"];
  const pages = [{ id: 1, slug: "cgv", title: "Conditions </script><script>alert(1)</script><!-- générales" }] as ShellData["pages"];

  it("keeps one object while its parts are the same objects, a new one when a part changes", () => {
    const a = shellData("t:top", config, menu, true, shops, pages);
    expect(shellData("t:top", config, menu, true, shops, pages)).toBe(a);
    expect(a.init).toEqual({ product_cate: menu, config, menu: "top" });
    const b = shellData("t:top", config, menu, true, shops, [...pages]);
    expect(b).not.toBe(a);
    expect(shellData("t:all", config, menu, false, shops, pages).init).toEqual({ product_cate: menu, config });
  });

  it("writes JSON that no text can end its script element with, read back unchanged", () => {
    const d = shellData("t:x", config, menu, true, shops, pages);
    const json = shellJson(d);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(d)));
    expect(shellJson(d)).toBe(json);
  });
});
