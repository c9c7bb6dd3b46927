// fast-check arbitraries shared by the cart property tests.
import fc from "fast-check";
import { Decimal } from "../money.ts";
import type { CartLine } from "./types.ts";

export const decimalText = (max: number, scale: number) => fc.integer({ min: 0, max }).map((n) => Decimal.of(BigInt(n), scale).toString());

export const cartLineArb: fc.Arbitrary<CartLine> = fc.record({
  model_id: fc.integer({ min: 1, max: 50 }),
  num: fc.integer({ min: 1, max: 500 }),
  price: decimalText(5_000_000, 4),
  site_price: decimalText(5_000_000, 4),
  poids: decimalText(100_000, 3),
  volume: decimalText(2_000_000, 6),
  tva: fc.constantFrom("0.2", "0.1", "0.055", "0.021", "0"),
  unit: fc.constantFrom("carton", "piece", "rouleau"),
  non_gls_status: fc.constantFrom(0, 1),
  remise_info: fc.option(fc.record({ type: fc.constantFrom(1, 2), value: decimalText(100, 2), num: fc.integer({ min: 0, max: 50 }) }), {
    nil: null,
  }),
  purchasable_qty: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
  id: fc.integer({ min: 0, max: 10_000 }),
});

/** Lines with distinct model ids. */
export const cartArb = fc.uniqueArray(cartLineArb, { selector: (l) => l.model_id, maxLength: 15 });
