import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { amountDue, creditToApply, splitTtc, spreadOverCreditNotes } from "./credit.ts";
import { dec, sum } from "../money.ts";

const cents = fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toFixed(2));

describe("credit notes at checkout", () => {
  it("applies min(balance, order TTC)", () => {
    expect(creditToApply("18.60", "120.00")).toBe("18.60");
    expect(creditToApply("18.60", "10.05")).toBe("10.05");
    expect(creditToApply("0", "10.05")).toBe("0.00");
    expect(creditToApply(null, "10.05")).toBe("0.00");
  });
  it("never applies more than either amount, and the amount due plus the credit is the order TTC", () => {
    fc.assert(
      fc.property(cents, cents, (balance, ttc) => {
        const c = dec(creditToApply(balance, ttc));
        expect(c.gt(balance) || c.gt(ttc) || c.sign() < 0).toBe(false);
        expect(dec(amountDue(ttc, c)).plus(c).toFixed(2)).toBe(dec(ttc).toFixed(2));
      }),
    );
  });
  it("spreads over credit notes oldest first, none beyond its balance, the sum exactly what was asked", () => {
    expect(
      spreadOverCreditNotes(
        [
          { id: 1, remaining_ttc: "5.00" },
          { id: 2, remaining_ttc: "0.00" },
          { id: 3, remaining_ttc: "10.00" },
        ],
        "7.50",
      ),
    ).toEqual([
      { id: 1, amount: "5.00" },
      { id: 3, amount: "2.50" },
    ]);
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 6 }), cents, (balances, ask) => {
        const notes = balances.map((b, i) => ({ id: i + 1, remaining_ttc: b }));
        const total = sum(balances);
        const parts = spreadOverCreditNotes(notes, ask);
        const taken = sum(parts.map((p) => p.amount));
        expect(taken.toFixed(2)).toBe((total.lt(ask) ? total : dec(ask)).toFixed(2));
        for (const p of parts) expect(dec(p.amount).gt(notes[p.id - 1].remaining_ttc)).toBe(false);
      }),
    );
  });
  it("splits a credit TTC into HT and VAT that add up", () => {
    expect(splitTtc("18.60", "0.2")).toEqual({ ht: "15.50", tva: "3.10" });
    fc.assert(
      fc.property(cents, fc.constantFrom("0.2", "0.1", "0.055"), (ttc, rate) => {
        const { ht, tva } = splitTtc(ttc, rate);
        expect(dec(ht).plus(tva).toFixed(2)).toBe(dec(ttc).toFixed(2));
      }),
    );
  });
});
