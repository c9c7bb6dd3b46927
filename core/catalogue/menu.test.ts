import { describe, expect, it } from "vitest";
import { menuTop, toMenu } from "./menu.ts";
import type { CategoryNode } from "./types.ts";

const node = (id: number, level: number, child: CategoryNode[] = [], img: string | null = null, img_status = 0): CategoryNode => ({
  id,
  name: `c${id}`,
  level,
  img,
  img_status,
  child,
});

const tree = [node(1, 0, [node(2, 1, [node(4, 2, [node(5, 3)])], "/a.png", 1), node(3, 1, [], "/b.png", 0)])];

describe("menu tree", () => {
  it("keeps ids, names, shown images and non-empty branches", () => {
    expect(toMenu(tree[0])).toEqual({
      id: 1,
      name: "c1",
      child: [
        { id: 2, name: "c2", img: "/a.png", child: [{ id: 4, name: "c4", child: [{ id: 5, name: "c5" }] }] },
        { id: 3, name: "c3" },
      ],
    });
  });

  it("top part: the first level with an empty branch list where there are branches, nothing below", () => {
    expect(menuTop(tree.map(toMenu))).toEqual([
      {
        id: 1,
        name: "c1",
        child: [
          { id: 2, name: "c2", img: "/a.png", child: [] },
          { id: 3, name: "c3" },
        ],
      },
    ]);
  });
});
