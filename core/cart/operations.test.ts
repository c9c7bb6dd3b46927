import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  addLines,
  checkCartLimit,
  checkPurchasable,
  dropEmpty,
  fillLimitMessage,
  patchedLines,
  prepareAdd,
  removeLine,
  totalQuantity,
  updateLine,
} from "./operations.ts";

const l = (model_id: number, num: number, extra: object = {}) => ({ model_id, num, price: "1", ...extra });

describe("addLines", () => {
  it("merges the quantity of an existing model and keeps its place", () => {
    const cart = [l(1, 2), l(2, 3, { id: 7 })];
    expect(addLines(cart, [l(2, 5, { price: "2" })])).toEqual([l(1, 2), l(2, 8, { id: 7, price: "2" })]);
  });

  it("puts new models first, in the order given", () => {
    expect(addLines([l(1, 2)], [l(3, 1), l(4, 1)]).map((x) => x.model_id)).toEqual([3, 4, 1]);
  });

  it("ignores items with num ≤ 0 and merges repeated models of one add", () => {
    expect(addLines([l(1, 2)], [l(5, 0), l(6, -1), l(7, 2), l(7, 3)])).toEqual([l(7, 5), l(1, 2)]);
  });

  it("does not let undefined fields erase known ones", () => {
    type Line = { model_id: number; num: number; price?: string };
    const cart: Line[] = [{ model_id: 1, num: 2, price: "9" }];
    expect(addLines(cart, [{ model_id: 1, num: 1, price: undefined }])[0]).toEqual({ model_id: 1, num: 3, price: "9" });
  });

  const cartArb = fc.uniqueArray(fc.record({ model_id: fc.integer({ min: 1, max: 20 }), num: fc.integer({ min: 1, max: 99 }) }), {
    selector: (x) => x.model_id,
  });
  const itemsArb = fc.array(fc.record({ model_id: fc.integer({ min: 1, max: 30 }), num: fc.integer({ min: -5, max: 99 }) }));

  it("adds exactly the positive quantities and keeps model ids unique", () => {
    fc.assert(
      fc.property(cartArb, itemsArb, (cart, items) => {
        const out = addLines(cart, items);
        const added = items.filter((i) => i.num > 0).reduce((n, i) => n + i.num, 0);
        expect(totalQuantity(out)).toBe(totalQuantity(cart) + added);
        expect(new Set(out.map((x) => x.model_id)).size).toBe(out.length);
        expect(out.every((x) => x.num > 0)).toBe(true);
        // Existing lines keep their relative order at the end.
        const old = out.filter((x) => cart.some((c) => c.model_id === x.model_id)).map((x) => x.model_id);
        expect(old).toEqual(cart.map((c) => c.model_id));
        expect(out.slice(out.length - cart.length).map((x) => x.model_id)).toEqual(cart.map((c) => c.model_id));
      }),
    );
  });
});

describe("prepareAdd", () => {
  it("fails when no item has a positive quantity", () => {
    expect(prepareAdd([l(1, 0), l(2, -3)])).toEqual({ ok: false, items: [] });
    expect(prepareAdd([l(1, 0), l(2, 3)])).toEqual({ ok: true, items: [l(2, 3)] });
  });
});

describe("updateLine and removeLine", () => {
  const cart = [l(1, 2), l(2, 3)];
  it("sets the quantity with type 1", () => {
    expect(updateLine(cart, 2, 10, 1)).toEqual([l(1, 2), l(2, 10)]);
  });
  it("adds a delta otherwise", () => {
    expect(updateLine(cart, 2, -1, 2)).toEqual([l(1, 2), l(2, 2)]);
    expect(updateLine(cart, 2, 4, 0)).toEqual([l(1, 2), l(2, 7)]);
  });
  it("drops a line reaching 0 or below", () => {
    expect(updateLine(cart, 1, 0, 1)).toEqual([l(2, 3)]);
    expect(updateLine(cart, 1, -5, 2)).toEqual([l(2, 3)]);
  });
  it("leaves other models alone and ignores unknown ones", () => {
    expect(updateLine(cart, 9, 4, 1)).toEqual(cart);
    expect(updateLine(cart, 1, NaN, 1)).toEqual(cart);
  });
  it("removes by model_id", () => {
    expect(removeLine(cart, 1)).toEqual([l(2, 3)]);
    expect(removeLine(cart, 9)).toEqual(cart);
  });
  it("dropEmpty keeps only positive quantities", () => {
    expect(dropEmpty([l(1, 0), l(2, 1), l(3, -1)])).toEqual([l(2, 1)]);
  });
  it("a set with type 1 is idempotent", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 50 }), (n) => {
        const once = updateLine(cart, 1, n, 1);
        expect(updateLine(once, 1, n, 1)).toEqual(once);
      }),
    );
  });
});

describe("checkCartLimit", () => {
  const cart = [l(1, 1), l(2, 1), l(3, 1)];
  it("refuses when models added plus models in the cart exceed the limit", () => {
    expect(checkCartLimit(cart, [l(4, 1)], 4)).toEqual({ ok: true });
    expect(checkCartLimit(cart, [l(4, 1), l(5, 1)], 4)).toEqual({ ok: false, messageKey: "carts_out_of_limit", params: { num: 4 } });
  });
  it("does not count a model already in the cart twice", () => {
    expect(checkCartLimit(cart, [l(1, 5)], 3)).toEqual({ ok: true });
  });
  it("has no limit when the limit is absent or not positive", () => {
    expect(checkCartLimit(cart, [l(9, 1)], null)).toEqual({ ok: true });
    expect(checkCartLimit(cart, [l(9, 1)], 0)).toEqual({ ok: true });
  });
  it("fills %num% in the message", () => {
    expect(fillLimitMessage("Votre panier ne peut contenir plus de %num% articles (%num%)", 200)).toBe(
      "Votre panier ne peut contenir plus de 200 articles (200)",
    );
  });
});

describe("checkPurchasable", () => {
  it("blocks checkout when a quantity is above purchasable_qty", () => {
    expect(checkPurchasable([l(1, 5, { purchasable_qty: 5 }), l(2, 9, { purchasable_qty: null })])).toEqual({ ok: true });
    expect(checkPurchasable([l(1, 6, { purchasable_qty: 5 }), l(2, 1, { purchasable_qty: 0 })])).toEqual({
      ok: false,
      messageKey: "parts_of_goods_not_for_sell",
      confirmKey: "confirm",
      redirect: "/panier",
      modelIds: [1, 2],
    });
  });
});

describe("patchedLines (decision 108)", () => {
  const l = (model_id: number, num: number) => ({ model_id, num, price: `${model_id}.00` });
  it("takes the changed lines, keeps the others as shown, in the answer's order; drops what the order leaves out", () => {
    const shown = [l(1, 2), l(2, 1), l(3, 5)];
    expect(
      patchedLines(
        shown,
        [l(4, 1), l(2, 3)],
        [
          [4, 1],
          [1, 2],
          [2, 3],
        ],
      ),
    ).toEqual([l(4, 1), l(1, 2), l(2, 3)]);
  });
  it("is null when the order names a line not shown or shown with another quantity", () => {
    expect(patchedLines([l(1, 2)], [], [[1, 3]])).toBeNull();
    expect(
      patchedLines(
        [l(1, 2)],
        [],
        [
          [1, 2],
          [9, 1],
        ],
      ),
    ).toBeNull();
  });
  it("rebuilds the full list from any earlier list when the order and changed lines come from it", () => {
    const line = fc.record({ model_id: fc.integer({ min: 1, max: 20 }), num: fc.integer({ min: 1, max: 9 }) });
    fc.assert(
      fc.property(
        fc.uniqueArray(line, { selector: (x) => x.model_id }),
        fc.uniqueArray(line, { selector: (x) => x.model_id }),
        fc.array(fc.boolean()),
        (full, before, pick) => {
          const changed = full.filter((x, i) => pick[i] || !before.some((b) => b.model_id === x.model_id && b.num === x.num));
          const order = full.map((x) => [x.model_id, x.num] as const);
          expect(patchedLines(before, changed, order)).toEqual(full);
        },
      ),
    );
  });
});
