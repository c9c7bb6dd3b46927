import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildBreadcrumbs, categoryPath, type CategoryNode } from "./breadcrumbs.ts";

const tree: CategoryNode = {
  id: 1,
  name: "ACCUEIL",
  level: 0,
  child: [
    {
      id: 2,
      name: "Cartons",
      level: 1,
      child: [{ id: 5, name: "Caisses américaines", level: 2, child: [{ id: 9, name: "Double cannelure", level: 3 }] }],
    },
    { id: 3, name: "Métiers", level: 1, child: [{ id: 6, name: "Boulangerie & Pâtisserie", level: 2 }] },
  ],
};

describe("buildBreadcrumbs", () => {
  it("builds the trail by level from ACCUEIL", () => {
    expect(buildBreadcrumbs(tree, 9)).toEqual([
      { url: "/", name: "ACCUEIL", level: 0 },
      { url: "/product/2-cartons", name: "Cartons", level: 1 },
      { url: "/product/5-caisses-américaines", name: "Caisses américaines", level: 2 },
      { url: "/product/9-double-cannelure", name: "Double cannelure", level: 3 },
    ]);
  });

  it("uses /zh URLs for zh and adds the current page", () => {
    expect(buildBreadcrumbs(tree, 6, { lang: "zh", current: { name: "Sac", url: "/zh/product/sac/4" } })).toEqual([
      { url: "/zh", name: "ACCUEIL", level: 0 },
      { url: "/zh/product/3-métiers", name: "Métiers", level: 1 },
      { url: "/zh/product/6-boulangerie-pâtisserie", name: "Boulangerie & Pâtisserie", level: 2 },
      { url: "/zh/product/sac/4", name: "Sac", level: 3 },
    ]);
  });

  it("accepts the top-level list without root and unknown ids", () => {
    expect(buildBreadcrumbs(tree.child!, 3).map((e) => e.name)).toEqual(["ACCUEIL", "Métiers"]);
    expect(buildBreadcrumbs([tree], 3).map((e) => e.name)).toEqual(["ACCUEIL", "Métiers"]);
    expect(buildBreadcrumbs(tree, 404)).toEqual([{ url: "/", name: "ACCUEIL", level: 0 }]);
    expect(buildBreadcrumbs(null, 3)).toEqual([{ url: "/", name: "ACCUEIL", level: 0 }]);
  });

  it("places entries by their level", () => {
    const odd: CategoryNode[] = [{ id: 2, name: "A", level: 1, child: [{ id: 3, name: "B", level: 3 }] }];
    expect(buildBreadcrumbs(odd, 3).map((e) => e.level)).toEqual([0, 1, 3]);
  });

  type Raw = { name: string; child: Raw[] };
  const leaf = fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), child: fc.constant([] as Raw[]) });
  const level = (inner: fc.Arbitrary<Raw>) =>
    fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), child: fc.array(inner, { maxLength: 3 }) });
  const nodeArb: fc.Arbitrary<Raw> = level(level(leaf));

  it("ends at the category and has strictly increasing levels for every node of a tree", () => {
    fc.assert(
      fc.property(fc.array(nodeArb, { maxLength: 4 }), (raw) => {
        let id = 1;
        const build = (n: Raw, depth: number): CategoryNode => ({
          id: ++id,
          name: n.name,
          level: depth,
          child: n.child.map((c) => build(c, depth + 1)),
        });
        const top = raw.map((n) => build(n, 1));
        const all: CategoryNode[] = [];
        const walk = (ns: CategoryNode[]) =>
          ns.forEach((n) => {
            all.push(n);
            walk(n.child ?? []);
          });
        walk(top);
        for (const node of all) {
          const trail = buildBreadcrumbs(top, node.id);
          expect(trail[trail.length - 1].name).toBe(node.name);
          expect(trail.map((e) => e.level)).toEqual([...Array(node.level + 1).keys()]);
          expect(categoryPath(top, node.id)).toHaveLength(node.level);
        }
      }),
    );
  });
});
