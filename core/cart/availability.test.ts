import { describe, expect, it } from "vitest";
import { isSold, maxQuantity, mergeQuantity, quantityProblem } from "./availability.ts";

const m = { stock: 10, purchasable_qty: 6, not_for_sale: false };

describe("isSold", () => {
  it("is false for an unknown model and for one withdrawn from sale", () => {
    expect(isSold(m)).toBe(true);
    expect(isSold(undefined)).toBe(false);
    expect(isSold({ ...m, not_for_sale: true })).toBe(false);
  });
});

describe("quantityProblem", () => {
  it("accepts up to the ceiling and the stock", () => {
    expect(quantityProblem(m, 1)).toBeNull();
    expect(quantityProblem(m, 6)).toBeNull();
  });
  it("names the first reason", () => {
    expect(quantityProblem(undefined, 1)).toBe("api.cart_items_unavailable");
    expect(quantityProblem({ ...m, not_for_sale: true }, 1)).toBe("api.cart_items_unavailable");
    expect(quantityProblem(m, 0)).toBe("api.cart_quantity_invalid");
    expect(quantityProblem(m, 1.5)).toBe("api.cart_quantity_invalid");
    expect(quantityProblem(m, 100_001)).toBe("api.cart_quantity_invalid");
    expect(quantityProblem(m, 11)).toBe("api.insufficient_stock");
    expect(quantityProblem(m, 7)).toBe("api.above_purchase_ceiling");
    expect(quantityProblem({ ...m, purchasable_qty: 20 }, 11)).toBe("api.insufficient_stock");
  });
});

describe("mergeQuantity", () => {
  it("adds, limits and drops", () => {
    expect(maxQuantity(m)).toBe(6);
    expect(mergeQuantity(m, 2, 3)).toEqual({ action: "keep", num: 5 });
    expect(mergeQuantity(m, 4, 3)).toEqual({ action: "reduce", num: 6, key: "api.cart_merge_reduced" });
    expect(mergeQuantity({ ...m, stock: 0 }, 0, 3)).toMatchObject({ action: "drop", key: "api.cart_merge_dropped_stock" });
    expect(mergeQuantity({ ...m, not_for_sale: true }, 1, 3)).toMatchObject({ action: "drop", key: "api.cart_merge_dropped_unavailable" });
    expect(mergeQuantity(undefined, 0, 3)).toMatchObject({ action: "drop" });
  });
});
