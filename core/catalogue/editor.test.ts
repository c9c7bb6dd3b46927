import { describe, expect, it } from "vitest";
import { bulkChange, bulkPlan, priceByPercent, revisionOf, sitePriceByPercent, type BulkModelState } from "./editor.ts";
import { bulkFormSchema, modelFormSchema } from "../validation/catalogue-editor.ts";

const model = (change: Partial<BulkModelState> = {}): BulkModelState => ({
  id: 1,
  reference: "CART-01",
  product_id: 10,
  name: "Carton",
  price: "12.5000",
  site_price: "13.0000",
  stock: 4,
  category_id: 3,
  is_new: false,
  best_selling: true,
  price_drop: false,
  ...change,
});

describe("price by percent", () => {
  it("rounds half away from zero to 4 decimals", () => {
    expect(priceByPercent("12.5000", "10")).toBe("13.7500");
    expect(priceByPercent("0.3333", "5")).toBe("0.3500"); // 0.349965
    expect(priceByPercent("1.0001", "-50")).toBe("0.5001"); // 0.50005 → up
    expect(priceByPercent("0.0001", "-50")).toBe("0.0001"); // 0.00005 → half away from zero
    expect(priceByPercent("9.9999", "2.5")).toBe("10.2499"); // 10.24989750
    expect(priceByPercent("100", "0.01")).toBe("100.0100");
  });

  it("is never negative: -100 % gives zero", () => {
    expect(priceByPercent("12.5000", "-100")).toBe("0.0000");
    expect(priceByPercent("0.0000", "-100")).toBe("0.0000");
    for (const p of ["0.0001", "1.2345", "999.9999"])
      for (const pc of ["-99.99", "-100", "-1"]) expect(priceByPercent(p, pc)).not.toMatch(/^-/);
  });

  it("moves the site price by the same percentage, and only for a price change", () => {
    expect(sitePriceByPercent(model(), { kind: "price_percent", percent: "10" })).toBe("14.3000");
    expect(sitePriceByPercent(model(), { kind: "set_stock", stock: 1 })).toBeNull();
  });
});

describe("bulk plan", () => {
  it("says old → new per model and counts those already at the new value", () => {
    const models = [model(), model({ id: 2, reference: "CART-02", stock: 7 })];
    expect(bulkPlan(models, { kind: "set_stock", stock: 7 })).toEqual({
      changes: [{ id: 1, reference: "CART-01", product_id: 10, name: "Carton", field: "stock", old: "4", new: "7" }],
      unchanged: 1,
    });
    expect(bulkChange(model(), { kind: "price_percent", percent: "-10" })).toMatchObject({
      field: "price",
      old: "12.5000",
      new: "11.2500",
    });
    expect(bulkChange(model(), { kind: "set_flag", flag: "best_selling" })).toBeNull();
    expect(bulkChange(model(), { kind: "unset_flag", flag: "best_selling" })).toMatchObject({ old: "true", new: "false" });
    expect(bulkChange(model(), { kind: "move_category", category_id: 8 })).toMatchObject({ field: "category_id", old: "3", new: "8" });
    expect(bulkChange(model({ price: "0.0000" }), { kind: "price_percent", percent: "-20" })).toBeNull();
  });

  it("names a plan by its values: any change gives another revision", () => {
    const a = revisionOf([[1, "price", "1.0000", "2.0000"]]);
    expect(revisionOf([[1, "price", "1.0000", "2.0000"]])).toBe(a);
    expect(revisionOf([[1, "price", "1.0000", "2.0001"]])).not.toBe(a);
    expect(a).toMatch(/^[0-9a-z]{1,16}$/);
  });
});

describe("catalogue editor forms", () => {
  const raw = {
    id: "1",
    revision: "abc",
    reference: "CART-01",
    unit: "carton",
    unit_qty: "1",
    price: "12,5",
    site_price: "13",
    vat: "5,5",
    weight: "1,25",
    volume: "0,012",
    stock: "4",
    purchasable_qty: "0",
    location: "a-12-3",
  };
  it("reads prices with 4 decimals, VAT in percent and counts", () => {
    const f = modelFormSchema.parse(raw);
    expect(f).toMatchObject({
      price: "12.5000",
      site_price: "13.0000",
      vat: "0.0550",
      weight: "1.250",
      volume: "0.012000",
      stock: 4,
      location: "A-12-3",
    });
    expect(f.length_mm).toBeNull();
    expect(f.not_for_sale).toBe(false);
  });
  it("refuses a negative price, a fifth decimal and a stock that is not a whole number ≥ 0, each with its message", () => {
    const first = (change: Record<string, string>) => modelFormSchema.safeParse({ ...raw, ...change }).error?.issues[0]?.message;
    expect(first({ price: "-1" })).toBe("admin.catalogue_price_invalid");
    expect(first({ price: "1,23456" })).toBe("admin.catalogue_price_invalid");
    expect(first({ stock: "1.5" })).toBe("admin.catalogue_stock_invalid");
    expect(first({ stock: "-1" })).toBe("admin.catalogue_stock_invalid");
    expect(first({ reference: "" })).toBe("admin.catalogue_reference_required");
  });
  it("reads a bulk edit's action, and refuses an empty selection or a zero percentage", () => {
    const bulk = (f: Record<string, unknown>) => bulkFormSchema.safeParse({ intent: "preview", kind: "price_percent", ...f });
    expect(bulk({ percent: "+2,5", model: ["3", "3", "4"] }).data).toMatchObject({
      action: { kind: "price_percent", percent: "2.5" },
      models: [3, 4],
    });
    expect(bulk({ percent: "-5", scope: "filter" }).data?.scope).toBe("filter");
    expect(bulk({ percent: "-5" }).error?.issues[0].message).toBe("admin.catalogue_bulk_empty");
    expect(bulk({ percent: "0", model: "1" }).error?.issues[0].message).toBe("admin.catalogue_percent_invalid");
    expect(bulk({ percent: "-101", model: "1" }).error?.issues[0].message).toBe("admin.catalogue_percent_invalid");
    expect(bulk({ kind: "set_stock", bulk_stock: "12", model: "1" }).data?.action).toEqual({ kind: "set_stock", stock: 12 });
    expect(bulk({ kind: "set_flag", bulk_flag: "price_drop", model: "1" }).data?.action).toEqual({ kind: "set_flag", flag: "price_drop" });
  });
});
