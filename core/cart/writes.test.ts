import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { maxQuantity, quantityProblem, type Availability } from "./availability.ts";
import { decideAdd, decideEdit, decideMerge, type Quantity } from "./writes.ts";

const sold = (stock: number, purchasable_qty: number): Availability => ({ stock, purchasable_qty, not_for_sale: false });
const q = (model_id: number, num: number): Quantity => ({ model_id, num });
/** 1: stock 10, ceiling 6; 2: stock 3, ceiling 50; 3: not for sale; 4: out of stock; 5 and 6: plenty. */
const models = new Map<number, Availability>([
  [1, sold(10, 6)],
  [2, sold(3, 50)],
  [3, { stock: 100, purchasable_qty: 100, not_for_sale: true }],
  [4, sold(0, 10)],
  [5, sold(100_000, 100_000)],
  [6, sold(500, 500)],
]);

describe("decideAdd", () => {
  it("answers each item's line after the add, in the items' order", () => {
    expect(decideAdd([q(1, 2)], [q(5, 3), q(1, 4)], models, 10)).toEqual({ ok: true, lines: [q(5, 3), q(1, 6)] });
  });

  it("refuses an unknown or unsold model first, the first in the items' order", () => {
    expect(decideAdd([], [q(2, 9), q(99, 1), q(3, 1)], models, 1)).toEqual({ ok: false, key: "api.cart_items_unavailable", model_id: 99 });
    expect(decideAdd([], [q(3, 1)], models, 0)).toMatchObject({ key: "api.cart_items_unavailable", model_id: 3 });
  });

  it("then counts the distinct lines after the add against cartGoodsLimit", () => {
    expect(decideAdd([q(5, 1), q(6, 1)], [q(1, 99)], models, 2)).toEqual({ ok: false, key: "api.carts_out_of_limit", num: 2 });
    expect(decideAdd([q(5, 1), q(6, 1)], [q(5, 1)], models, 2)).toMatchObject({ ok: true }); // not a new line
    expect(decideAdd([q(5, 1), q(6, 1)], [q(1, 1)], models, 0)).toMatchObject({ ok: true }); // no limit
  });

  it("then each resulting line by model id: quantity bounds, stock, ceiling", () => {
    expect(decideAdd([q(1, 5)], [q(2, 4), q(1, 2)], models, 10)).toEqual({ ok: false, key: "api.above_purchase_ceiling", model_id: 1 });
    expect(decideAdd([], [q(2, 4), q(1, 2)], models, 10)).toEqual({ ok: false, key: "api.insufficient_stock", model_id: 2 });
    expect(decideAdd([], [q(4, 1)], models, 10)).toMatchObject({ key: "api.insufficient_stock", model_id: 4 });
    expect(decideAdd([q(5, 99_999)], [q(5, 2)], models, 10)).toMatchObject({ key: "api.cart_quantity_invalid", model_id: 5 });
  });

  it("accepts only carts every line of which may be bought, within the limit", () => {
    const quantity = fc.record({ model_id: fc.integer({ min: 1, max: 7 }), num: fc.integer({ min: 1, max: 12 }) });
    const distinct = fc.uniqueArray(quantity, { selector: (x) => x.model_id, maxLength: 5 });
    fc.assert(
      fc.property(distinct, distinct, fc.integer({ min: 0, max: 5 }), (cart, items, limit) => {
        const d = decideAdd(cart, items, models, limit);
        if (!d.ok) return;
        const after = new Map(cart.map((l) => [l.model_id, l.num]));
        for (const l of d.lines) after.set(l.model_id, l.num);
        if (limit > 0) expect(after.size).toBeLessThanOrEqual(limit);
        for (const l of d.lines) expect(quantityProblem(models.get(l.model_id), l.num)).toBeNull();
        const held = (id: number) => cart.find((c) => c.model_id === id)?.num ?? 0;
        expect(d.lines).toEqual(items.map((i) => q(i.model_id, held(i.model_id) + i.num)));
      }),
    );
  });
});

describe("decideEdit", () => {
  it("sets with type 1 and adds a delta otherwise", () => {
    expect(decideEdit(2, 5, 1, models.get(1))).toEqual({ action: "set", num: 5 });
    expect(decideEdit(2, 3, 2, models.get(1))).toEqual({ action: "set", num: 5 });
    expect(decideEdit(4, -1, 2, models.get(1))).toEqual({ action: "set", num: 3 });
  });

  it("removes the line at 0 or less", () => {
    expect(decideEdit(2, -2, 2, models.get(1))).toEqual({ action: "remove" });
    expect(decideEdit(2, -9, 2, undefined)).toEqual({ action: "remove" });
  });

  it("refuses a raise that quantityProblem refuses", () => {
    expect(decideEdit(6, 1, 2, models.get(1))).toEqual({ action: "refuse", key: "api.above_purchase_ceiling" });
    expect(decideEdit(1, 4, 1, models.get(2))).toEqual({ action: "refuse", key: "api.insufficient_stock" });
    expect(decideEdit(1, 2, 1, models.get(3))).toEqual({ action: "refuse", key: "api.cart_items_unavailable" });
  });

  it("never refuses keeping or lowering a quantity, even above a stock that fell or for a model no longer sold", () => {
    expect(decideEdit(5, 4, 1, models.get(2))).toEqual({ action: "set", num: 4 });
    expect(decideEdit(5, 5, 1, models.get(2))).toEqual({ action: "set", num: 5 });
    expect(decideEdit(5, -1, 2, models.get(3))).toEqual({ action: "set", num: 4 });
  });
});

describe("decideMerge", () => {
  it("adds each item to what the cart holds, within what may be bought, and says what it changed", () => {
    const d = decideMerge([q(1, 4), q(5, 1)], [q(1, 5), q(2, 2), q(3, 1), q(4, 3), q(6, 7), q(5, 1)], models, 10);
    expect(d.lines).toEqual([q(1, 6), q(2, 2), q(6, 7), q(5, 2)]);
    expect(d.messages).toEqual([
      { model_id: 1, key: "api.cart_merge_reduced", num: 6 },
      { model_id: 3, key: "api.cart_merge_dropped_unavailable" },
      { model_id: 4, key: "api.cart_merge_dropped_stock" },
    ]);
  });

  it("leaves a line that does not change unwritten", () => {
    expect(decideMerge([q(1, 6)], [q(1, 3)], models, 10)).toEqual({
      lines: [],
      messages: [{ model_id: 1, key: "api.cart_merge_reduced", num: 6 }],
    });
  });

  it("drops new lines past cartGoodsLimit, counting the lines it adds, never the lines the cart holds", () => {
    const d = decideMerge([q(5, 1)], [q(6, 1), q(1, 1), q(5, 2), q(2, 1)], models, 2);
    expect(d.lines).toEqual([q(6, 1), q(5, 3)]);
    expect(d.messages).toEqual([
      { model_id: 1, key: "api.cart_merge_dropped_limit", num: 2 },
      { model_id: 2, key: "api.cart_merge_dropped_limit", num: 2 },
    ]);
  });

  it("never leaves a line above what may be bought, nor a cart above the limit it was within", () => {
    const quantity = fc.record({ model_id: fc.integer({ min: 1, max: 7 }), num: fc.integer({ min: 1, max: 12 }) });
    const distinct = fc.uniqueArray(quantity, { selector: (x) => x.model_id, maxLength: 5 });
    fc.assert(
      fc.property(distinct, distinct, fc.integer({ min: 1, max: 5 }), (cart, items, limit) => {
        fc.pre(cart.length <= limit);
        const d = decideMerge(cart, items, models, limit);
        const after = new Map(cart.map((l) => [l.model_id, l.num]));
        for (const l of d.lines) after.set(l.model_id, l.num);
        expect(after.size).toBeLessThanOrEqual(limit);
        for (const l of d.lines) expect(l.num).toBeLessThanOrEqual(maxQuantity(models.get(l.model_id)!));
      }),
    );
  });
});
