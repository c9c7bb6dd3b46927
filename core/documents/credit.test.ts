import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  amountDue,
  creditNoteRate,
  creditNoteVat,
  creditToApply,
  returnCredit,
  returnCreditTtc,
  splitTtc,
  spreadOverCreditNotes,
} from "./credit.ts";
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

describe("returnCreditTtc", () => {
  const line = (line_ht: string, num: number, tva: string, returned: number) => ({ line_ht, num, tva, returned });
  const noDiscount = { discount_amount: "0", goods_ht: "0" };

  it("gives back the invoiced price TTC of the quantity returned", () => {
    // 10 × 1.55 HT at 20 %: 2 back = 3.10 HT + 0.62 VAT
    expect(returnCreditTtc([line("15.50", 10, "0.2000", 2)], noDiscount)).toBe("3.72");
    expect(returnCreditTtc([line("15.50", 10, "0.2000", 10)], noDiscount)).toBe("18.60");
    // two rates, each line's VAT rounded on its own
    expect(returnCreditTtc([line("9.99", 3, "0.0550", 1), line("40.00", 4, "0.2000", 4)], noDiscount)).toBe("51.51");
    expect(returnCreditTtc([line("40.00", 4, "0.2000", 0)], noDiscount)).toBe("0.00");
    expect(returnCreditTtc([], noDiscount)).toBe("0.00");
  });

  it("takes off the returned part's share of the order discount", () => {
    // goods 200 HT with 20 HT off: a 100 HT line back is 90 HT net, 108 TTC
    expect(returnCreditTtc([line("100.00", 5, "0.2000", 5)], { discount_amount: "20.00", goods_ht: "200.00" })).toBe("108.00");
  });

  it("refuses a quantity the line does not have", () => {
    expect(() => returnCreditTtc([line("10.00", 2, "0.2000", 3)], noDiscount)).toThrow(RangeError);
    expect(() => returnCreditTtc([line("10.00", 2, "0.2000", -1)], noDiscount)).toThrow(RangeError);
  });

  it("returning everything gives the goods TTC; a part never gives more than the whole", () => {
    const lines = fc.array(
      fc.record({
        line_ht: cents,
        num: fc.integer({ min: 1, max: 500 }),
        tva: fc.constantFrom("0.0550", "0.1000", "0.2000"),
      }),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(lines, fc.nat(), (ls, seed) => {
        const all = ls.map((l) => ({ ...l, returned: l.num }));
        const whole = ls.map((l) => dec(l.line_ht).plus(dec(l.line_ht).times(l.tva).round(2)));
        expect(returnCreditTtc(all, noDiscount)).toBe(sum(whole).toFixed(2));
        const some = ls.map((l, i) => ({ ...l, returned: (seed + i * 7) % (l.num + 1) }));
        expect(dec(returnCreditTtc(some, noDiscount)).gt(returnCreditTtc(all, noDiscount))).toBe(false);
        const goods = sum(ls.map((l) => l.line_ht)).toFixed(2);
        const withDiscount = returnCreditTtc(all, { discount_amount: dec(goods).dividedBy(10, 2).toFixed(2), goods_ht: goods });
        expect(dec(withDiscount).gt(returnCreditTtc(all, noDiscount))).toBe(false);
      }),
    );
  });
});

describe("creditNoteRate", () => {
  it("is the order's one rate, else the standard rate", () => {
    expect(creditNoteRate(["0.0550"])).toBe("0.0550");
    expect(creditNoteRate(["0.2000", "0.0550"])).toBe("0.2000");
    expect(creditNoteRate([])).toBe("0.2000");
  });
});

describe("returnCredit and creditNoteVat: a credit note's VAT by rate, as invoices", () => {
  const line = (line_ht: string, num: number, tva: string, returned: number) => ({ line_ht, num, tva, returned });
  const noDiscount = { discount_amount: "0", goods_ht: "0" };

  it("credits each returned line at its rate and sums the VAT by rate", () => {
    const c = returnCredit([line("9.99", 3, "0.0550", 1), line("40.00", 4, "0.2000", 4), line("5.00", 1, "0.2000", 0)], noDiscount);
    expect(c.lines.map((l) => l && [l.amount.toFixed(2), String(l.rate)])).toEqual([["3.33", "0.0550"], ["40.00", "0.2000"], null]);
    expect(c.vat.rows).toEqual([
      { rate: "0.2000", base: "40.00", vat: "8.00" },
      { rate: "0.0550", base: "3.33", vat: "0.18" },
    ]);
    expect(c.ttc).toBe("51.51");
    // shown by rate, never split at one rate (51.51 / 1.2 would put 5.5 % goods at 20 %)
    expect(creditNoteVat("51.51", c, "0.2000")).toEqual({ rows: c.vat.rows, ht: "43.33", tva: "8.18", byLines: true });
  });

  it("splits a note without lines, or whose lines no longer give its amount, at the one rate known", () => {
    expect(creditNoteVat("18.60", null, "0.2000")).toEqual({
      rows: [{ rate: "0.2000", base: "15.50", vat: "3.10" }],
      ht: "15.50",
      tva: "3.10",
      byLines: false,
    });
    const c = returnCredit([line("40.00", 4, "0.2000", 4)], noDiscount); // 48.00
    expect(creditNoteVat("50.00", c, "0.1").byLines).toBe(false);
    expect(creditNoteVat("50.00", c, "0.1").rows).toEqual([{ rate: "0.1000", base: "45.45", vat: "4.55" }]);
  });

  it("the rows add up to the note's amount whenever they come from its lines", () => {
    const lines = fc.array(
      fc.record({ line_ht: cents, num: fc.integer({ min: 1, max: 50 }), tva: fc.constantFrom("0.0550", "0.1000", "0.2000") }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(lines, fc.nat(), (ls, seed) => {
        const c = returnCredit(
          ls.map((l, i) => ({ ...l, returned: (seed + i) % (l.num + 1) })),
          noDiscount,
        );
        const v = creditNoteVat(c.ttc, c, "0.2000");
        const total = sum(v.rows.flatMap((r) => [r.base, r.vat]));
        expect(total.toFixed(2)).toBe(dec(c.ttc).toFixed(2));
        expect(dec(v.ht).plus(v.tva).toFixed(2)).toBe(dec(c.ttc).toFixed(2));
      }),
    );
  });
});
