import { describe, expect, it } from "vitest";
import { checkMove, mayHoldChild, placeAt, subtreeOf, type TreeNode } from "./category-tree.ts";

// ACCUEIL(1) ─ A(2) ─ A1(3) ─ A1a(4)
//            │      └ A2(5)
//            └ B(6) ─ B1(7)
const tree: TreeNode[] = [
  { id: 1, parent_id: null, level: 0 },
  { id: 2, parent_id: 1, level: 1 },
  { id: 3, parent_id: 2, level: 2 },
  { id: 4, parent_id: 3, level: 3 },
  { id: 5, parent_id: 2, level: 2 },
  { id: 6, parent_id: 1, level: 1 },
  { id: 7, parent_id: 6, level: 2 },
];

describe("category tree", () => {
  it("takes a category's whole subtree", () => {
    expect([...subtreeOf(tree, 2)].sort()).toEqual([2, 3, 4, 5]);
    expect([...subtreeOf(tree, 7)]).toEqual([7]);
  });

  it("refuses a move under itself or one of its descendants", () => {
    expect(checkMove(tree, 2, 2)).toEqual({ ok: false, error: "admin.category_move_into_itself" });
    expect(checkMove(tree, 2, 3)).toEqual({ ok: false, error: "admin.category_move_into_itself" });
    expect(checkMove(tree, 2, 4)).toEqual({ ok: false, error: "admin.category_move_into_itself" });
  });

  it("refuses a move that would put a category below level 3, the root, or an unknown parent", () => {
    expect(checkMove(tree, 3, 7)).toEqual({ ok: false, error: "admin.category_too_deep" }); // A1a would be at 4
    expect(checkMove(tree, 1, 6)).toEqual({ ok: false, error: "admin.category_parent_invalid" });
    expect(checkMove(tree, 2, 99)).toEqual({ ok: false, error: "admin.category_parent_invalid" });
  });

  it("moves a subtree up or down by the levels between the parents", () => {
    expect(checkMove(tree, 5, 7)).toEqual({ ok: true, shift: 1 });
    expect(checkMove(tree, 3, 1)).toEqual({ ok: true, shift: -1 });
    expect(checkMove(tree, 3, 6)).toEqual({ ok: true, shift: 0 });
    expect(checkMove(tree, 2, 1)).toEqual({ ok: true, shift: 0 }); // same parent: a reorder only
  });

  it("holds a new category only below level 3", () => {
    expect(mayHoldChild(tree[0])).toBe(true);
    expect(mayHoldChild(tree[2])).toBe(true);
    expect(mayHoldChild(tree[3])).toBe(false);
    expect(mayHoldChild(undefined)).toBe(false);
  });

  it("places a category at a rank among its siblings", () => {
    expect(placeAt([10, 11, 12], 12, 1)).toEqual([12, 10, 11]);
    expect(placeAt([10, 11, 12], 10, 2)).toEqual([11, 10, 12]);
    expect(placeAt([10, 11, 12], 10, 99)).toEqual([11, 12, 10]);
    expect(placeAt([10, 11], 13, 0)).toEqual([13, 10, 11]); // a category coming from elsewhere
  });
});
