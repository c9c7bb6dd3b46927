import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dec, sum } from "../money.ts";
import { cartGoods, computeCartTotals, couponReduction } from "./totals.ts";
import type { CartConfig, CartLine, CartParams } from "./types.ts";
import { cartArb } from "./arbitraries.test-support.ts";

const lines: CartLine[] = [
  {
    model_id: 1,
    num: 10,
    price: "2.3456",
    site_price: "2.5000",
    tva: "0.2",
    poids: "1.250",
    volume: "0.012",
    unit: "carton",
    non_gls_status: 0,
    remise_info: { type: 1, value: "0.1", num: 10 },
    purchasable_qty: 100,
    id: 11,
  },
  { model_id: 2, num: 3, price: "19.99", site_price: "19.99", tva: "0.055", poids: "0.4", volume: "0.0015", unit: "piece", id: 12 },
  {
    model_id: 3,
    num: 4,
    price: "5",
    site_price: "6",
    tva: "0.2",
    poids: "2",
    volume: "0.3",
    unit: "carton",
    non_gls_status: 1,
    remise_info: { type: 1, value: "0.25", num: 5 },
    id: 13,
  },
];

const config: CartConfig = {
  onePaletteVolume: "1.2",
  parisProvinceZipcode: ["75", "92"],
  optionRdvBlockZipcode: ["20"],
  colis_params: { unit: "carton", volume: "0.01", rate: "0.05", colis_volume: "0.25" },
};

const params: CartParams = {
  id: 1,
  delivery_addr_id: 5,
  invoice_addr_id: 6,
  pickup_method: 1,
  delivery_addr_obj: { zip_code: "75011" },
  extra_options: { rdv: 1 },
  discount_info: { type: 2, value: "0.05" },
  freight: {
    freight_ht: "45",
    freight_tva: "9",
    highway_toll_ht: "3.5",
    highway_toll_tva: "0.7",
    freeDeliveryAmount: [100, 150, 200],
    zip_code: "75011",
    rdv_amount: "10",
    general_tva: "0.2",
    discount_rate: "0.5",
  },
};

describe("computeCartTotals — worked example", () => {
  const t = computeCartTotals(lines, params, config, { loggedIn: true });

  it("computes goods, promotions, coupon and VAT", () => {
    expect(t.lines.map((l) => [l.lineAmount, l.remise, l.lineTax, l.promoApplied])).toEqual([
      ["21.11", "2.35", "4.22", true], // 23.456 × 0.9 = 21.1104
      ["59.97", "0.00", "3.30", false], // 59.97 × 0.055 = 3.29835
      ["20.00", "0.00", "4.00", false], // 4 < minimum 5
    ]);
    expect(t.totalAmount).toBe("101.08");
    expect(t.remiseAmount).toBe("2.35");
    expect(t.discountAmount).toBe("-5.05"); // 101.08 × 0.05 = 5.054
    expect(t.cartTotalAmount).toBe("96.03");
    // goods VAT 11.52 minus the coupon's share 11.52035 × 5.05 / 101.08 = 0.5756 -> 0.58
    expect(t.totalTva).toBe("10.94");
    expect(t.totalQuantity).toBe(17);
  });

  it("computes weight, volume, pallets, parcels and the GLS flag", () => {
    expect(t.totalPoids).toBe("21.700");
    expect(t.totalVolume).toBe("1.324500");
    expect(t.palette_num).toBe(2);
    expect(t.colis_qte).toBe(15); // 10 + 4 individual, ceil(0.0045 / 0.05) = 1 grouped
    expect(t.colis_vol_num).toBe(4);
    expect(t.has_gls_model).toBe(true);
  });

  it("counts model-promotion lines at half value in Paris-province zips", () => {
    expect(t.amount_for_freeDelivery).toBe("90.53"); // 21.11 / 2 + 59.97 + 20 = 90.525
    expect(t.freeDeliveryThreshold).toBe("150.00"); // 2 pallets -> second entry
    expect(t.isFreeDelivery).toBe(false);
  });

  it("adds freight, toll, appointment and the freight discount with their VAT", () => {
    expect(t.freightDiscount_ht).toBe("-2.77"); // (2.3456 − 2.5) × 10 × 0.5 + (5 − 6) × 4 × 0.5 = −2.772
    expect(t.appliedFreightDiscountHt).toBe("-2.77");
    expect(t.freightDiscountTva).toBe("-0.55"); // −0.554
    expect([t.freightHt, t.freightTva, t.tollHt, t.tollTva, t.rdvHt, t.rdvTva]).toEqual(["45.00", "9.00", "3.50", "0.70", "10.00", "2.00"]);
    expect(t.grandTotalHt).toBe("151.76"); // 96.03 + 45 + 3.5 + 10 − 2.77
    expect(t.grandTotalTva).toBe("22.09"); // 10.94 + 9 + 0.7 + 2 − 0.55
    expect(t.grandTotal).toBe("173.85");
  });
});

describe("computeCartTotals — delivery cases", () => {
  const single = { ...params, freight: { ...params.freight, freeDeliveryAmount: 100 }, discount_info: null, extra_options: null };

  it("counts promotions at full value outside Paris-province zips", () => {
    const lyon = computeCartTotals(lines, { ...single, delivery_addr_obj: { zip_code: "69001" } }, config, { loggedIn: true });
    expect(lyon.amount_for_freeDelivery).toBe("101.08");
    expect(lyon.isFreeDelivery).toBe(true);
    expect([lyon.freightHt, lyon.tollHt, lyon.appliedFreightDiscountHt]).toEqual(["0.00", "0.00", "0.00"]);
    expect(lyon.freightDiscount_ht).toBe("-2.77");
    expect(lyon.grandTotal).toBe("112.60"); // 101.08 + 11.52
    const paris = computeCartTotals(lines, single, config, { loggedIn: true });
    expect(paris.isFreeDelivery).toBe(false);
  });

  it("makes store pickup and anonymous carts free", () => {
    const pickup = computeCartTotals(lines, { ...params, pickup_method: 2 }, config, { loggedIn: true });
    expect(pickup.isFreeDelivery).toBe(true);
    expect(pickup.rdvHt).toBe("0.00");
    const anon = computeCartTotals(lines, params, config, { loggedIn: false });
    expect(anon.isFreeDelivery).toBe(true);
    expect(anon.grandTotal).toBe(dec(anon.cartTotalAmount).plus(anon.totalTva).toFixed(2));
  });

  it("refuses free delivery when the threshold is 0", () => {
    const none = computeCartTotals(lines, { ...single, freight: { ...single.freight, freeDeliveryAmount: 0 } }, config, { loggedIn: true });
    expect(none.isFreeDelivery).toBe(false);
    expect(none.freightHt).toBe("45.00");
  });

  it("limits the freight discount to the freight charged", () => {
    const t = computeCartTotals(lines, { ...single, freight: { ...single.freight, freight_ht: "1.5", freeDeliveryAmount: 0 } }, config, {
      loggedIn: true,
    });
    expect(t.freightDiscount_ht).toBe("-2.77");
    expect(t.appliedFreightDiscountHt).toBe("-1.50");
  });

  it("drops the appointment option in blocked zips", () => {
    const t = computeCartTotals(lines, { ...params, delivery_addr_obj: { zip_code: "20000" } }, config, { loggedIn: true });
    expect(t.rdvHt).toBe("0.00");
  });

  it("handles an empty cart and missing parameters", () => {
    const t = computeCartTotals([], null, null, { loggedIn: true });
    expect(t.totalAmount).toBe("0.00");
    expect(t.palette_num).toBe(1);
    expect(t.isFreeDelivery).toBe(false);
    expect(t.grandTotal).toBe("0.00");
    expect(t.totalVolume).toBe("0.000000");
    expect(t.totalPoids).toBe("0.000");
  });

  it("ignores lines with num ≤ 0", () => {
    const t = computeCartTotals([...lines, { model_id: 9, num: 0, price: 100 }, { model_id: 10, num: -2, price: 100 }], params, config, {
      loggedIn: true,
    });
    expect(t.totalAmount).toBe("101.08");
    expect(t.lines).toHaveLength(3);
  });
});

describe("couponReduction", () => {
  it("takes a fraction or a fixed amount, never above the goods, respecting the minimum", () => {
    expect(couponReduction(dec("101.08"), { value: "0.05" }).toString()).toBe("5.05");
    expect(couponReduction(dec("101.08"), { amount: "20" }).toString()).toBe("20");
    expect(couponReduction(dec("15"), { amount: "20" }).toString()).toBe("15");
    expect(couponReduction(dec("99.99"), { value: "0.1", min_amount: 100 }).isZero()).toBe(true);
    expect(couponReduction(dec("100"), { value: "0.1", min_amount: 100 }).toString()).toBe("10");
    expect(couponReduction(dec("100"), null).isZero()).toBe(true);
  });
});

describe("computeCartTotals — invariants", () => {
  const paramsArb = fc.record({
    pickup_method: fc.constantFrom(1, 2),
    delivery_addr_obj: fc.record({ zip_code: fc.constantFrom("75011", "69001", "92100", "") }),
    discount_info: fc.option(fc.record({ value: fc.constantFrom("0", "0.05", "0.5", "1"), amount: fc.constantFrom(null, "10", "1000") }), {
      nil: null,
    }),
    extra_options: fc.record({ rdv: fc.constantFrom(0, 1) }),
    freight: fc.record({
      freight_ht: fc.constantFrom("0", "45", "120.5"),
      freight_tva: fc.constantFrom("0", "9", "24.1"),
      highway_toll_ht: fc.constantFrom("0", "3.5"),
      highway_toll_tva: fc.constantFrom("0", "0.7"),
      freeDeliveryAmount: fc.oneof(fc.constantFrom(0, 300, "1500"), fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 4 })),
      rdv_amount: fc.constantFrom("0", "25"),
      general_tva: fc.constantFrom("0.2", "0"),
      discount_rate: fc.constantFrom("0", "0.5", "1"),
    }),
  });

  it("keeps the totals consistent", () => {
    fc.assert(
      fc.property(cartArb, paramsArb, fc.boolean(), (cart, p, loggedIn) => {
        const t = computeCartTotals(cart, p, config, { loggedIn });
        expect(t.totalAmount).toBe(sum(t.lines.map((l) => l.lineAmount)).toFixed(2));
        expect(t.remiseAmount).toBe(sum(t.lines.map((l) => l.remise)).toFixed(2));
        expect(t.totalQuantity).toBe(cart.reduce((n, l) => n + l.num, 0));
        expect(dec(t.cartTotalAmount).eq(dec(t.totalAmount).plus(t.discountAmount))).toBe(true);
        expect(dec(t.discountAmount).sign()).toBeLessThanOrEqual(0);
        expect(dec(t.cartTotalAmount).sign()).toBeGreaterThanOrEqual(0);
        expect(dec(t.freightDiscount_ht).sign()).toBeLessThanOrEqual(0);
        expect(dec(t.appliedFreightDiscountHt).gte(t.freightDiscount_ht)).toBe(true);
        expect(dec(t.appliedFreightDiscountHt).negated().lte(t.freightHt)).toBe(true);
        expect(dec(t.totalTva).lte(sum(t.lines.map((l) => l.lineTax)))).toBe(true);
        expect(t.palette_num).toBeGreaterThanOrEqual(1);
        expect(dec(t.amount_for_freeDelivery).lte(t.totalAmount)).toBe(true);
        expect(dec(t.amount_for_freeDelivery).times(2).gte(dec(t.totalAmount).minus("0.01"))).toBe(true);
        expect(dec(t.grandTotal).eq(dec(t.grandTotalHt).plus(t.grandTotalTva))).toBe(true);
        expect(t.has_gls_model).toBe(cart.some((l) => l.non_gls_status === 1));
        if (!loggedIn || p.pickup_method === 2) {
          expect(t.isFreeDelivery).toBe(true);
          expect(t.freightHt).toBe("0.00");
          expect(t.tollHt).toBe("0.00");
        }
        for (const v of [t.totalAmount, t.totalTva, t.grandTotal, t.discountAmount]) expect(v).toMatch(/^-?\d+\.\d{2}$/);
        expect(t.totalVolume).toMatch(/^\d+\.\d{6}$/);
        expect(t.totalPoids).toMatch(/^\d+\.\d{3}$/);
      }),
    );
  });

  it("gives the same totals from the goods summed once, whatever the parameters of each call", () => {
    fc.assert(
      fc.property(cartArb, paramsArb, paramsArb, (cart, p, q) => {
        const goods = cartGoods(cart);
        expect(computeCartTotals(cart, p, config, { loggedIn: true }, goods)).toEqual(
          computeCartTotals(cart, p, config, { loggedIn: true }),
        );
        expect(computeCartTotals(cart, q, config, { loggedIn: true }, goods)).toEqual(
          computeCartTotals(cart, q, config, { loggedIn: true }),
        );
      }),
    );
    expect(() => computeCartTotals([...lines], null, config, { loggedIn: true }, cartGoods(lines))).toThrow();
  });

  it("does not depend on line order", () => {
    fc.assert(
      fc.property(cartArb, paramsArb, (cart, p) => {
        const a = computeCartTotals(cart, p, config, { loggedIn: true });
        const b = computeCartTotals([...cart].reverse(), p, config, { loggedIn: true });
        expect({ ...b, lines: [...b.lines].reverse() }).toEqual(a);
      }),
    );
  });
});

describe("computeCartTotals — kept line figures", () => {
  it("totals a line object changed in place as a fresh copy of it", () => {
    fc.assert(
      fc.property(
        cartArb,
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.constantFrom(1, 2, 7), // few values: a change of the site price alone must be seen
            fc.constantFrom("1.2500", "0.35", "19.99"),
            fc.constantFrom(null, "0.5", "25"),
          ),
        ),
        (cart, changes) => {
          // with a freight discount rate, so that a site price changed in place shows in the totals
          const p = { freight: { freight_ht: "45", discount_rate: "0.5" } };
          const lines: CartLine[] = cart.map((l) => ({ ...l }));
          computeCartTotals(lines, p, null, { loggedIn: true });
          for (const [i, num, price, sitePrice] of changes) {
            if (lines.length === 0) break;
            const l = lines[i % lines.length];
            l.num = num;
            l.price = price;
            l.site_price = sitePrice;
            l.remise_info = l.remise_info ? { ...l.remise_info } : null;
            expect(computeCartTotals(lines, p, null, { loggedIn: true })).toEqual(
              computeCartTotals(
                lines.map((x) => ({ ...x })),
                p,
                null,
                { loggedIn: true },
              ),
            );
          }
        },
      ),
    );
  });
});
