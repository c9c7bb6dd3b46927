import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dec } from "../money.ts";
import { computeCartTotals } from "../cart/totals.ts";
import { orderMoney } from "../order-money.ts";
import { cartArb } from "../cart/arbitraries.test-support.ts";
import { ORDER_STATUSES } from "./life.ts";
import {
  EDITABLE,
  editRevision,
  editSettlement,
  isEditable,
  lineProblem,
  linePricing,
  needsRefund,
  orderCartLine,
  stockDeltas,
  type EditRefund,
} from "./edit.ts";

const paramsArb = fc.record({
  pickup_method: fc.constantFrom(1, 2),
  delivery_addr_obj: fc.record({ zip_code: fc.constantFrom("75011", "69001", "92100") }),
  discount_info: fc.option(fc.record({ value: fc.constantFrom("0", "0.05", "0.5"), amount: fc.constantFrom(null, "10") }), { nil: null }),
  extra_options: fc.record({ rdv: fc.constantFrom(0, 1) }),
  freight: fc.record({
    freight_ht: fc.constantFrom("0", "45", "120.5"),
    freight_tva: fc.constantFrom("0", "9", "24.1"),
    freeDeliveryAmount: fc.constantFrom(0, 300, "1500"),
    rdv_amount: fc.constantFrom("0", "25"),
    general_tva: fc.constantFrom("0.2", "0"),
    discount_rate: fc.constantFrom("0", "0.5"),
  }),
});

const cents = (n: number) => (n / 100).toFixed(2);

describe("which orders may be edited", () => {
  it("is exactly the states before preparation: unpaid, paid, planned", () => {
    expect(ORDER_STATUSES.filter(isEditable)).toEqual(["unpaid", "processing", "planned"]);
    expect(EDITABLE).toEqual(["unpaid", "processing", "planned"]);
  });
});

describe("an order line to core's cart rules", () => {
  it("totals the order's lines as placement totalled the cart's (the same money, line by line)", () => {
    fc.assert(
      fc.property(cartArb, paramsArb, (cart, params) => {
        if (cart.length === 0) return;
        const placed = computeCartTotals(cart, params, { onePaletteVolume: "1.5" }, { loggedIn: true });
        const stored = cart.map((l) => {
          const amount = placed.lines.find((t) => t.model_id === l.model_id);
          // what the order line keeps: price, rate, quantity, and the pricing (round-tripped through JSON, as jsonb)
          return { ...orderCartLine(l as never, JSON.parse(JSON.stringify(linePricing(l)))), amount };
        });
        const again = computeCartTotals(
          stored.map(({ amount: _, ...l }) => l),
          params,
          { onePaletteVolume: "1.5" },
          { loggedIn: true },
        );
        expect(orderMoney(again)).toEqual(orderMoney(placed));
        expect(again.lines).toEqual(placed.lines);
      }),
    );
  });
});

describe("stock moved by an edit", () => {
  it("takes what a line gains, gives back what it loses, in model id order, nothing for an unchanged line", () => {
    expect(
      stockDeltas([
        { model_id: 9, before: 5, after: 2 },
        { model_id: 3, before: 1, after: 1 },
        { model_id: 4, before: 0, after: 7 },
        { model_id: 1, before: 2, after: 0 },
      ]),
    ).toEqual([
      { model_id: 1, delta: -2 },
      { model_id: 4, delta: 7 },
      { model_id: 9, delta: -3 },
    ]);
  });

  it("sums to the difference of the quantities", () => {
    const change = fc.record({ model_id: fc.integer({ min: 1, max: 20 }), before: fc.nat(50), after: fc.nat(50) });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 20 }), (changes) => {
        const total = stockDeltas(changes).reduce((s, d) => s + d.delta, 0);
        expect(total).toBe(changes.reduce((s, c) => s + c.after - c.before, 0));
      }),
    );
  });

  it("checks only what a line gains, the order's own units counting as available", () => {
    const m = { stock: 2, purchasable_qty: 10, not_for_sale: false };
    expect(lineProblem(m, 5, 7)).toBeNull(); // 2 more, 2 left
    expect(lineProblem(m, 5, 8)).toBe("api.insufficient_stock");
    expect(lineProblem(m, 5, 11)).toBe("api.insufficient_stock");
    expect(lineProblem({ ...m, stock: 100 }, 5, 11)).toBe("api.above_purchase_ceiling");
    expect(lineProblem({ ...m, not_for_sale: true }, 5, 6)).toBe("api.cart_items_unavailable");
    // lowering, or keeping, is always allowed: even a model no longer sold or gone
    expect(lineProblem({ ...m, not_for_sale: true, stock: 0 }, 5, 1)).toBeNull();
    expect(lineProblem(undefined, 5, 0)).toBeNull();
    expect(lineProblem(undefined, 0, 1)).toBe("api.cart_items_unavailable");
  });
});

describe("the money of an edit", () => {
  const paid = { status: "processing" as const, total_before: "120.00", balance_before: "0.00", card_refundable: "120.00" };

  it("changes nothing to settle on an unpaid order: the new total is what the customer pays", () => {
    expect(editSettlement({ ...paid, status: "unpaid", total_after: "60.00" }, null)).toEqual({
      ok: true,
      difference: "-60.00",
      balance_due: "0.00",
      card_refund: "0.00",
      credit_note: "0.00",
    });
  });

  it("leaves a balance due on a paid order whose total goes up", () => {
    expect(editSettlement({ ...paid, total_after: "150.50" }, null)).toMatchObject({ ok: true, difference: "30.50", balance_due: "30.50" });
    // an earlier balance still due is part of what is owed
    expect(editSettlement({ ...paid, total_before: "150.50", balance_before: "30.50", total_after: "160.00" }, null)).toMatchObject({
      balance_due: "40.00",
    });
  });

  it("refunds a lower paid total the way staff chose, asking how first", () => {
    const lower = { ...paid, total_after: "100.00" };
    expect(editSettlement(lower, null)).toEqual({ ok: false, key: "orders.edit_refund_required" });
    expect(editSettlement(lower, "provider")).toMatchObject({ ok: true, card_refund: "20.00", credit_note: "0.00" });
    expect(editSettlement(lower, "credit_note")).toMatchObject({ ok: true, card_refund: "0.00", credit_note: "20.00" });
    expect(editSettlement({ ...lower, card_refundable: "10.00" }, "provider")).toEqual({
      ok: false,
      key: "orders.cancel_card_unavailable",
    });
    expect(editSettlement({ ...lower, card_refundable: null }, "provider")).toEqual({ ok: false, key: "orders.cancel_card_unavailable" });
    // a lower total that only eats into a balance still due refunds nothing
    expect(editSettlement({ ...paid, total_before: "150.00", balance_before: "30.00", total_after: "130.00" }, null)).toMatchObject({
      ok: true,
      balance_due: "10.00",
      card_refund: "0.00",
    });
  });

  it("settles exactly the difference with what was paid: never a balance and a refund at once", () => {
    const money = fc.integer({ min: 1, max: 1_000_000 });
    fc.assert(
      fc.property(
        money,
        money,
        fc.nat(1_000_000),
        fc.constantFrom<EditRefund>("provider", "credit_note"),
        (before, after, balance, way) => {
          fc.pre(balance <= before);
          const m = {
            status: "processing" as const,
            total_before: cents(before),
            total_after: cents(after),
            balance_before: cents(balance),
            card_refundable: cents(before),
          };
          const s = editSettlement(m, way);
          expect(s.ok).toBe(true);
          if (!s.ok) return;
          const owed = dec(s.balance_due).minus(dec(s.card_refund)).minus(dec(s.credit_note));
          // what the customer owes after = new total − what was paid
          expect(owed.toFixed(2)).toBe(
            dec(m.total_after)
              .minus(dec(m.total_before).minus(dec(m.balance_before)))
              .toFixed(2),
          );
          expect([s.balance_due, s.card_refund, s.credit_note].filter((v) => dec(v).sign() > 0).length).toBeLessThanOrEqual(1);
          expect(dec(s.difference).sign()).toBe(Math.sign(after - before));
          expect(needsRefund(m)).toBe(dec(s.card_refund).plus(dec(s.credit_note)).sign() > 0);
        },
      ),
    );
  });
});

describe("the revision a confirmation carries", () => {
  it("changes with the status, the total, the balance or any line's quantity, not with the lines' order", () => {
    const o = {
      status: "processing",
      total_ttc: "120",
      balance_due: "0",
      lines: [
        { id: 2, num: 3 },
        { id: 1, num: 1 },
      ],
    };
    const r = editRevision(o);
    expect(editRevision({ ...o, lines: [...o.lines].reverse() })).toBe(r);
    expect(editRevision({ ...o, status: "preparing" })).not.toBe(r);
    expect(editRevision({ ...o, total_ttc: "120.01" })).not.toBe(r);
    expect(editRevision({ ...o, balance_due: "1" })).not.toBe(r);
    expect(
      editRevision({
        ...o,
        lines: [
          { id: 2, num: 4 },
          { id: 1, num: 1 },
        ],
      }),
    ).not.toBe(r);
  });
});
