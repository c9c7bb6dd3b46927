import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cardModelOf } from "./card-model.ts";

describe("cardModelOf", () => {
  it("takes the cheapest buyable model, the first on a tie, none when nothing can be bought", () => {
    const m = (id: number, price: number, buyable = true) => ({ id, price, buyable });
    expect(cardModelOf([m(1, 3), m(2, 1.5), m(3, 2)])?.id).toBe(2);
    expect(cardModelOf([m(1, 1, false), m(2, 4), m(3, 2)])?.id).toBe(3); // the cheapest is out of stock
    expect(cardModelOf([m(5, 2), m(4, 2)])?.id).toBe(5);
    expect(cardModelOf([m(1, 1, false)])).toBeNull();
    expect(cardModelOf([])).toBeNull();
  });

  it("is buyable and no buyable model is cheaper", () => {
    const arb = fc.array(fc.record({ id: fc.nat(), price: fc.integer({ min: 0, max: 10_000 }), buyable: fc.boolean() }));
    fc.assert(
      fc.property(arb, (models) => {
        const c = cardModelOf(models);
        if (c === null) {
          expect(models.some((x) => x.buyable)).toBe(false);
          return;
        }
        expect(c.buyable).toBe(true);
        expect(models.filter((x) => x.buyable).every((x) => x.price >= c.price)).toBe(true);
        expect(models.findIndex((x) => x.buyable && x.price === c.price)).toBe(models.indexOf(c));
      }),
    );
  });
});
