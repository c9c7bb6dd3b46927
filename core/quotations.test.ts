import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  addDays,
  applyQuotedPrice,
  isUsable,
  quotationState,
  quotationTotals,
  quoteLine,
  quotedGiftedUnits,
  shopDay,
  unusableReason,
  validityDays,
  validUntil,
  type QuotedLine,
} from "./quotations.ts";
import { giftedUnits, lineAmounts } from "./cart/line.ts";
import type { CartLine } from "./cart/types.ts";

describe("validity", () => {
  it("is 30 days unless the site config gives 1…365 whole days", () => {
    expect(validityDays({})).toBe(30);
    expect(validityDays(null)).toBe(30);
    expect(validityDays({ quotationValidityDays: 45 })).toBe(45);
    expect(validityDays({ quotationValidityDays: "15" })).toBe(15);
    for (const bad of [0, -3, 1.5, 366, "abc", "", null, true]) expect(validityDays({ quotationValidityDays: bad })).toBe(30);
  });

  it("counts from the shop's calendar day (Europe/Paris)", () => {
    // 23:30 UTC on 31 Jan is already 1 February in Paris
    expect(shopDay(new Date("2026-01-31T23:30:00Z"))).toBe("2026-02-01");
    expect(validUntil(new Date("2026-01-31T23:30:00Z"), 30)).toBe("2026-03-03");
    expect(validUntil(new Date("2026-03-01T10:00:00Z"), 30)).toBe("2026-03-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("open or accepted is usable through its last day, expired the day after", () => {
    expect(quotationState("open", "2026-12-18", "2026-12-18")).toBe("open");
    expect(isUsable("open", "2026-12-18", "2026-12-18")).toBe(true);
    expect(quotationState("open", "2026-12-18", "2026-12-19")).toBe("expired");
    expect(isUsable("accepted", "2026-12-18", "2026-12-19")).toBe(false);
    expect(isUsable("accepted", "2026-12-18", "2026-12-01")).toBe(true);
    expect(isUsable("open", null, "2099-01-01")).toBe(true);
  });

  it("ordered, cancelled, expired and unknown statuses are never usable, each with its message", () => {
    expect(unusableReason("ordered", "2099-01-01", "2026-01-01")).toBe("quotations.already_ordered");
    expect(unusableReason("cancelled", "2099-01-01", "2026-01-01")).toBe("quotations.cancelled");
    expect(unusableReason("expired", "2099-01-01", "2026-01-01")).toBe("quotations.expired");
    expect(unusableReason("open", "2025-12-31", "2026-01-01")).toBe("quotations.expired");
    expect(quotationState("weird", "2099-01-01", "2026-01-01")).toBe("cancelled");
    expect(unusableReason("open", "2026-01-01", "2026-01-01")).toBeNull();
  });
});

const catalogueLine = (over: Partial<CartLine> = {}): CartLine & { reference: string } => ({
  model_id: 7,
  num: 20,
  price: "0.5000",
  site_price: "0.4800",
  tva: "0.2",
  remise_info: { type: 1, value: "0.1", num: 10 },
  reference: "SAC-7",
  ...over,
});

describe("quoted-price selection", () => {
  const quoted = quoteLine(catalogueLine(), "Sac kraft");

  it("a quoted line records the cart's price, promotion and amount as shown", () => {
    expect(quoted).toMatchObject({
      modelId: 7,
      reference: "SAC-7",
      price: "0.5000",
      num: 20,
      tva: "0.2000",
      remise_info: { type: 1, value: "0.1", num: 10 },
      amount: "9.00",
    });
  });

  it("a line carrying a usable quotation is priced as quoted, whatever the catalogue says now", () => {
    const now = catalogueLine({ price: "0.9000", remise_info: null, site_price: "0.9" });
    const line = applyQuotedPrice(now, quoted, true);
    expect(line.quoted).toBe(true);
    expect(line.price).toBe("0.5000");
    expect(lineAmounts(line).amount.toFixed(2)).toBe("9.00");
  });

  it("the catalogue price when the quotation is not usable, the quantity changed or the model differs", () => {
    const now = catalogueLine({ price: "0.9000", remise_info: null });
    expect(applyQuotedPrice(now, quoted, false)).toMatchObject({ quoted: false, price: "0.9000" });
    expect(applyQuotedPrice({ ...now, num: 21 }, quoted, true)).toMatchObject({ quoted: false, price: "0.9000" });
    expect(applyQuotedPrice({ ...now, model_id: 8 }, quoted, true)).toMatchObject({ quoted: false, price: "0.9000" });
    expect(applyQuotedPrice(now, undefined, true)).toMatchObject({ quoted: false, price: "0.9000" });
  });

  it("a quoted promotion keeps its gifted units: the order from the quotation offers what the quotation said", () => {
    const gift = quoteLine(catalogueLine({ num: 30, remise_info: { type: 1, value: "0.1", num: 10, gifted_units: 1 } }), "Sac kraft");
    expect(gift.remise_info).toEqual({ type: 1, value: "0.1", num: 10, gifted_units: 1 });
    expect(gift.amount).toBe("13.50"); // 30 × 0.50 − 10 %
    expect(quotedGiftedUnits(gift)).toBe(3); // 1 per 10 bought
    const line = applyQuotedPrice(catalogueLine({ num: 30, remise_info: null }), gift, true);
    expect(giftedUnits(line)).toBe(3);
    expect(quotedGiftedUnits(quoted)).toBe(0); // no gift quoted
  });

  it("a price sent along with the line is never what counts: the stored quoted line decides", () => {
    const tampered = catalogueLine({ price: "0.0001" });
    expect(applyQuotedPrice(tampered, quoted, true).price).toBe("0.5000");
  });

  it("property: a quoted line re-priced at the quoted quantity gives back exactly the quoted amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.option(fc.integer({ min: 1, max: 99 })),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 999_999 }),
        (priceTenThousandths, num, promoPct, promoMin, laterPrice) => {
          const line = catalogueLine({
            price: (priceTenThousandths / 10000).toFixed(4),
            num,
            remise_info: promoPct === null ? null : { type: 1, value: (promoPct / 100).toFixed(2), num: promoMin },
          });
          const q = quoteLine(line, "x");
          const later = applyQuotedPrice(
            catalogueLine({ price: (laterPrice / 10000).toFixed(4), num, remise_info: null }),
            JSON.parse(JSON.stringify(q)) as QuotedLine,
            true,
          );
          return lineAmounts(later).amount.toFixed(2) === q.amount;
        },
      ),
    );
  });

  it("totals: HT is the sum of line amounts, VAT rounded per line, TTC their sum", () => {
    const lines = [quoted, quoteLine(catalogueLine({ model_id: 8, num: 3, price: "1.3333", remise_info: null, tva: "0.055" }), "y")];
    // 9.00 + 4.00 (3 × 1.3333 = 3.9999 → 4.00); VAT 1.80 + 0.22
    expect(quotationTotals(lines)).toEqual({ totalHt: "13.00", totalTva: "2.02", totalTtc: "15.02" });
    // an older row without `amount` is recomputed from price and quantity
    const { amount: _a, ...old } = lines[1];
    expect(quotationTotals([old])).toEqual({ totalHt: "4.00", totalTva: "0.22", totalTtc: "4.22" });
  });
});
