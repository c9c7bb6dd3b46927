import { describe, expect, it } from "vitest";
import { appliedLines, createKnownCarts, type QuantityTuple } from "./cart-known.ts";

describe("appliedLines", () => {
  const base: QuantityTuple[] = [
    [30, 3, 1, null],
    [20, 2, 4, 7],
    [10, 1, 2, null],
  ];
  it("puts changed lines in place, removes the written models without a line, inserted lines first (newest first)", () => {
    expect(appliedLines(base, [2], [[20, 2, 5, null]])).toEqual([
      [30, 3, 1, null],
      [20, 2, 5, null],
      [10, 1, 2, null],
    ]);
    expect(appliedLines(base, [3], [])).toEqual(base.slice(1));
    expect(
      appliedLines(
        base,
        [9, 8, 1],
        [
          [40, 9, 1, null],
          [41, 8, 2, null],
          [10, 1, 3, null],
        ],
      ),
    ).toEqual([
      [41, 8, 2, null],
      [40, 9, 1, null],
      [30, 3, 1, null],
      [20, 2, 4, 7],
      [10, 1, 3, null],
    ]);
  });
  it("keeps the other lines' tuples (no copy) and leaves base unchanged", () => {
    const after = appliedLines(base, [1], [[10, 1, 9, null]]);
    expect(after[0]).toBe(base[0]);
    expect(base[2]).toEqual([10, 1, 2, null]);
  });
});

describe("createKnownCarts", () => {
  it("keeps the latest version of a cart, a new cart whatever its version, and the most recent carts only", () => {
    const k = createKnownCarts(2);
    k.put(1, { cart: 5, version: 10, lines: [] });
    k.put(1, { cart: 5, version: 9, lines: [[1, 1, 1, null]] }); // an answer overtaken
    expect(k.get(1)?.version).toBe(10);
    k.put(1, { cart: 6, version: 3, lines: [] }); // the cart made again
    expect(k.get(1)).toEqual({ cart: 6, version: 3, lines: [] });
    k.put(2, { cart: 7, version: 1, lines: [] });
    k.put(3, { cart: 8, version: 1, lines: [] });
    expect([k.get(1), k.size()]).toEqual([undefined, 2]);
  });
});
