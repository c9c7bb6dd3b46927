import { describe, expect, it } from "vitest";
import { breakdownRows, cartMoneyFigures } from "./order-breakdown.ts";
import { computeCartTotals } from "./cart/totals.ts";

describe("breakdownRows", () => {
  it("shows the freight as charged and the freight discount on its own row, then the credit and the card's part", () => {
    const rows = breakdownRows({
      goods_ht: "226.76",
      discount_amount: "0.00",
      freight_ht: "59.42",
      freight_discount_ht: "0.28",
      total_ht: "286.18",
      vat: [{ rate: "0.2000", base: "286.18", vat: "57.23" }],
      total_tva: "57.23",
      total_ttc: "343.41",
      credit_used: "18.60",
      amount_due: "324.81",
    });
    expect(rows).toEqual([
      { key: "goods_ht", amount: "226.76" },
      { key: "freight", amount: "59.70", free: false },
      { key: "freight_discount", amount: "-0.28" },
      { key: "total_ht", amount: "286.18" },
      { key: "vat_rate", amount: "57.23", rate: "0.2000", base: "286.18" },
      { key: "total_tva", amount: "57.23" },
      { key: "total_ttc", amount: "343.41" },
      { key: "credit_used", amount: "-18.60" },
      { key: "amount_due", amount: "324.81" },
    ]);
  });

  it("has no discount, freight discount or credit rows when they are zero; free freight says so", () => {
    const keys = breakdownRows({
      goods_ht: "10",
      discount_amount: "0",
      freight_ht: "0",
      freight_discount_ht: "0",
      total_ht: "10",
      total_tva: "2",
      total_ttc: "12",
      credit_used: "0.00",
    });
    expect(keys.map((r) => r.key)).toEqual(["goods_ht", "freight", "total_ht", "total_tva", "total_ttc"]);
    expect(keys[1]).toEqual({ key: "freight", amount: "0.00", free: true });
  });

  it("breaks a cart down as the order it becomes: the coupon apart from the freight discount", () => {
    const t = computeCartTotals(
      [{ model_id: 1, num: 10, price: "22.676", site_price: "22.732", tva: "0.2" }],
      {
        pickup_method: 1,
        discount_info: { type: 2, amount: "5" },
        freight: { freight_ht: "59.7", freight_tva: "11.94", general_tva: "0.2", discount_rate: "0.5", freeDeliveryAmount: 0 },
      },
      {},
      { loggedIn: true },
    );
    const rows = breakdownRows(cartMoneyFigures(t));
    expect(rows.filter((r) => r.key === "discount" || r.key === "freight" || r.key === "freight_discount")).toEqual([
      { key: "discount", amount: "-5.00" },
      { key: "freight", amount: "59.70", free: false },
      { key: "freight_discount", amount: "-0.28" },
    ]);
    expect(rows.find((r) => r.key === "vat_rate")).toMatchObject({ rate: "0.2000" });
  });
});
