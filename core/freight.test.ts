import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { deliveryExpenseQuery, getAllFlag, shouldLookupDeliveryCost } from "./freight.ts";

const params = {
  pickup_method: 1,
  delivery_addr_id: 3,
  invoice_addr_id: 4,
  delivery_addr_obj: { zip_code: "75011" },
  freight: { zip_code: "75011" },
};

describe("shouldLookupDeliveryCost", () => {
  it("looks up with a token, a delivery address and its zip", () => {
    expect(shouldLookupDeliveryCost({ token: "t", params })).toBe(true);
  });
  it("skips without token, for pickup, without address or zip", () => {
    expect(shouldLookupDeliveryCost({ token: "", params })).toBe(false);
    expect(shouldLookupDeliveryCost({ token: null, params })).toBe(false);
    expect(shouldLookupDeliveryCost({ token: "t", params: { ...params, pickup_method: 2 } })).toBe(false);
    expect(shouldLookupDeliveryCost({ token: "t", params: { ...params, delivery_addr_id: 0 } })).toBe(false);
    expect(shouldLookupDeliveryCost({ token: "t", params: { ...params, delivery_addr_obj: null } })).toBe(false);
    expect(shouldLookupDeliveryCost({ token: "t", params: { ...params, delivery_addr_obj: { zip_code: " " } } })).toBe(false);
    expect(shouldLookupDeliveryCost({ token: "t", params: null })).toBe(false);
  });
});

describe("getAllFlag", () => {
  it("is 1 when saving or when the zip changed", () => {
    expect(getAllFlag({ save: true, zip: "75011", storedFreightZip: "75011" })).toBe(1);
    expect(getAllFlag({ save: false, zip: "69001", storedFreightZip: "75011" })).toBe(1);
    expect(getAllFlag({ save: false, zip: "75011", storedFreightZip: undefined })).toBe(1);
    expect(getAllFlag({ save: false, zip: "75011", storedFreightZip: "75011" })).toBe(0);
  });
  it("is 0 exactly when not saving and the zip is unchanged", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.string(), fc.string(), (save, a, b) => {
        expect(getAllFlag({ save, zip: a, storedFreightZip: b }) === 0).toBe(!save && a.trim() === b.trim());
      }),
    );
  });
});

describe("deliveryExpenseQuery", () => {
  const totals = { totalVolume: "1.324500", totalPoids: "21.700", has_gls_model: true, colis_qte: 15, colis_vol_num: 4 };
  it("builds the getDeliveryExpense query", () => {
    expect(deliveryExpenseQuery("t", params, totals)).toEqual({
      getAll: 0,
      zip_code: "75011",
      volume: "1.324500",
      poids: "21.700",
      gls_model_status: 1,
      delivery_addr_id: 3,
      invoice_addr_id: 4,
      pickup_method: 1,
      colis_qte: 15,
      colis_vol_num: 4,
    });
    expect(deliveryExpenseQuery("t", params, totals, true)?.getAll).toBe(1);
  });
  it("is null when no lookup should happen", () => {
    expect(deliveryExpenseQuery(null, params, totals)).toBeNull();
  });
});
