import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dec, sum } from "./money.ts";
import { formatRate, lineVat, spreadInProportion, vatByRate } from "./vat.ts";
import { computeCartTotals } from "./cart/totals.ts";
import { cartArb, decimalText } from "./cart/arbitraries.test-support.ts";
import { orderMoney } from "./order-money.ts";
import { vatBreakdown } from "./order-view.ts";
import { quotationTotals, quoteLine } from "./quotations.ts";
import type { CartParams } from "./cart/types.ts";

describe("vatByRate", () => {
  it("sums each line's VAT to the cent by rate, highest rate first", () => {
    // 3 × 0.125 at 20 %: each line 0.025 -> 0.03, so 0.09 (a rate-rounded total would say 0.08)
    const r = vatByRate([
      { amount: "0.13", rate: "0.2" },
      { amount: "0.13", rate: "0.2" },
      { amount: "0.13", rate: "0.2" },
      { amount: "10.00", rate: "0.055" },
    ]);
    expect(r.rows).toEqual([
      { rate: "0.2000", base: "0.39", vat: "0.09" },
      { rate: "0.0550", base: "10.00", vat: "0.55" },
    ]);
    expect([r.ht, r.tva]).toEqual(["10.39", "0.64"]);
  });

  it("shows a freight with its discount at the rate charged, never a derived 19,99 %", () => {
    // freight 59.70 (VAT 11.94) less a freight discount of 0.28 (VAT −0.06): 59.42 at 20 %, VAT 11.88
    const r = vatByRate([{ amount: "226.76", rate: "0.2" }], {
      charges: [
        { amount: "59.70", rate: "0.2", vat: "11.94" },
        { amount: "-0.28", rate: "0.2", vat: "-0.06" },
      ],
    });
    expect(r.rows).toEqual([{ rate: "0.2000", base: "286.18", vat: "57.23" }]);
    expect(formatRate(r.rows[0].rate, "fr")).toBe("20\u00a0%");
    expect(formatRate("0.055", "zh")).toBe("5.5%");
  });

  it("skips empty charges and rounds a line half away from zero", () => {
    expect(vatByRate([], { charges: [{ amount: "0", rate: "0.2", vat: "0" }] }).rows).toEqual([]);
    expect(lineVat("0.125", "0.2").toFixed(2)).toBe("0.03");
    expect(lineVat("-0.125", "0.2").toFixed(2)).toBe("-0.03");
  });

  it("spreads an amount in proportion; the largest weight takes what rounding leaves, the highest rate on a tie", () => {
    const weights: [string, ReturnType<typeof dec>][] = [
      ["0.0550", dec(1)],
      ["0.2000", dec(1)],
      ["0.1000", dec(1)],
    ];
    for (const order of [weights, [...weights].reverse()]) {
      const out = spreadInProportion(dec("0.10"), new Map(order));
      expect(["0.0550", "0.1000", "0.2000"].map((k) => out.get(k)!.toFixed(2))).toEqual(["0.03", "0.03", "0.04"]);
    }
    const unequal = spreadInProportion(
      dec("0.10"),
      new Map([
        ["0.2000", dec(1)],
        ["0.0550", dec(2)],
      ]),
    );
    expect(unequal.get("0.0550")!.toFixed(2)).toBe("0.07");
  });

  it("takes a coupon's rounding cent off the same rate whatever the order of the lines", () => {
    // two lines of 0.01 € HT at 0 % and 20 %, a coupon of 0.01 €: the half cents round up, so one rate takes the
    // whole cent off and the other keeps its base: always the same one
    const lines = [
      { amount: "0.01", rate: "0" },
      { amount: "0.01", rate: "0.2" },
    ];
    const rows = (l: typeof lines) => vatByRate(l, { discount: "0.01" }).rows;
    expect(rows(lines)).toEqual(rows([...lines].reverse()));
    expect(rows(lines)).toEqual([{ rate: "0.2000", base: "0.01", vat: "0.00" }]);
  });
});

const params = (over: Partial<CartParams> = {}): CartParams => ({
  pickup_method: 1,
  delivery_addr_obj: { zip_code: "93100" },
  freight: { freight_ht: "59.7", freight_tva: "11.94", general_tva: "0.2", discount_rate: "0.5", freeDeliveryAmount: 0 },
  ...over,
});

const couponArb = fc.option(
  fc.oneof(
    fc.record({ type: fc.constant(2), value: decimalText(30, 2) }),
    fc.record({ type: fc.constant(2), amount: decimalText(5_000, 2) }),
  ),
  { nil: null },
);

describe("one VAT rule for the cart, the order, its invoice and quotations", () => {
  it("the cart's VAT rows add up to its total HT and total VAT", () => {
    fc.assert(
      fc.property(cartArb, couponArb, fc.boolean(), (lines, coupon, rdv) => {
        const t = computeCartTotals(lines, params({ discount_info: coupon, extra_options: { rdv } }), {}, { loggedIn: true });
        expect(sum(t.vat.map((r) => r.base)).toFixed(2)).toBe(t.grandTotalHt);
        expect(sum(t.vat.map((r) => r.vat)).toFixed(2)).toBe(t.grandTotalTva);
      }),
    );
  });

  it("the invoice of an order shows the rows the cart charged, freight at its own rate", () => {
    fc.assert(
      fc.property(cartArb, couponArb, (lines, coupon) => {
        const t = computeCartTotals(lines, params({ discount_info: coupon }), {}, { loggedIn: true });
        const m = orderMoney(t);
        const stored = t.lines.map((l, i) => ({ line_ht: l.lineAmount, tva: String(lines.filter((x) => x.num > 0)[i].tva) }));
        const rows = vatBreakdown(stored, {
          freight_ht: m.freightHt,
          freight_tva: m.freightTva,
          discount_amount: m.discount,
          freight_vat_rate: m.freightVatRate,
        });
        expect(rows).toEqual(t.vat);
        expect(sum(rows.map((r) => r.vat)).toFixed(2)).toBe(m.totalTva);
        // every rate shown is one a line or the freight was charged at
        const applied = new Set([...lines.map((l) => dec(l.tva ?? 0).toFixed(4)), "0.2000"]);
        for (const r of rows) expect(applied.has(r.rate)).toBe(true);
      }),
    );
  });

  it("a quotation and the invoice of the same goods agree to the cent", () => {
    fc.assert(
      fc.property(cartArb, (lines) => {
        // the same goods, quoted, then ordered for pickup (no freight, no coupon)
        const counted = lines.filter((l) => l.num > 0);
        const quoted = counted.map((l) => quoteLine({ ...l, reference: `R${l.model_id}` }, "x"));
        const q = quotationTotals(quoted);
        const t = computeCartTotals(counted, { pickup_method: 2 }, {}, { loggedIn: true });
        const m = orderMoney(t);
        const invoiceRows = vatBreakdown(
          t.lines.map((l, i) => ({ line_ht: l.lineAmount, tva: String(counted[i].tva) })),
          { freight_ht: m.freightHt, freight_tva: m.freightTva, discount_amount: m.discount, freight_vat_rate: m.freightVatRate },
        );
        expect([q.totalHt, q.totalTva, q.totalTtc]).toEqual([m.totalHt, m.totalTva, m.totalTtc]);
        expect(vatByRate(quoted.map((l) => ({ amount: l.amount!, rate: l.tva }))).rows).toEqual(invoiceRows);
      }),
    );
  });
});
