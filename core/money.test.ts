import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Decimal, DecimalSum, dec, decOrZero, sum, type DecimalInput } from "./money.ts";
import { NBSP, NNBSP, formatAmount, formatPrice, formatUnitPrice } from "./price-format.ts";

describe("Decimal parsing", () => {
  it("parses texts and numbers exactly", () => {
    expect(dec("12.50").toString()).toBe("12.5");
    expect(dec(0.1).plus(0.2).toString()).toBe("0.3");
    expect(dec("-0.0345").toString()).toBe("-0.0345");
    expect(dec("1e-7").toString()).toBe("0.0000001");
    expect(dec(1.5e21).toString()).toBe("1500000000000000000000");
    expect(dec(".5").toString()).toBe("0.5");
    expect(dec("5.").toString()).toBe("5");
    expect(dec(" 3 ").toString()).toBe("3");
    expect(dec(7n).toString()).toBe("7");
  });

  it("rejects what is not a number", () => {
    for (const bad of ["", "abc", "1,5", ".", "-", "1.2.3"]) expect(() => dec(bad)).toThrow(RangeError);
    expect(() => dec(NaN)).toThrow(RangeError);
    expect(() => dec(Infinity)).toThrow(RangeError);
  });

  it("treats absent values as zero only in decOrZero", () => {
    expect(decOrZero(undefined).isZero()).toBe(true);
    expect(decOrZero(null).isZero()).toBe(true);
    expect(decOrZero("").isZero()).toBe(true);
    expect(decOrZero("2.5").toString()).toBe("2.5");
  });
});

describe("Decimal arithmetic", () => {
  it("computes worked examples exactly", () => {
    expect(dec("19.99").times(3).toString()).toBe("59.97");
    expect(dec("1.1").times("1.1").toString()).toBe("1.21");
    expect(dec("0.0345").times(1000).times("0.9").toString()).toBe("31.05");
    expect(sum(["0.1", "0.2", "0.3"]).toString()).toBe("0.6");
    expect(dec(10).dividedBy(3, 4).toString()).toBe("3.3333");
    expect(dec(2).dividedBy(3, 2).toString()).toBe("0.67");
    expect(dec("-1").dividedBy(8, 2).toString()).toBe("-0.13");
    expect(dec("2.5").ceilDiv("1.2")).toBe(3n);
    expect(dec("2.4").ceilDiv("1.2")).toBe(2n);
    expect(dec(0).ceilDiv("1.2")).toBe(0n);
    expect(dec("-2.5").ceilDiv(1)).toBe(-2n);
    expect(() => dec(1).dividedBy(0, 2)).toThrow(RangeError);
  });

  it("compares across scales", () => {
    expect(dec("1.50").eq("1.5")).toBe(true);
    expect(dec("1.5").gt("1.49")).toBe(true);
    expect(dec("-1").lt(0)).toBe(true);
    expect(dec("0.00").sign()).toBe(0);
  });

  const decimalText = fc
    .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }))
    .map(([u, s]) => Decimal.of(u, s));

  it("addition and subtraction are exact inverses", () => {
    fc.assert(fc.property(decimalText, decimalText, (a, b) => a.plus(b).minus(b).eq(a)));
  });

  it("addition is commutative and associative, multiplication distributes", () => {
    fc.assert(
      fc.property(decimalText, decimalText, decimalText, (a, b, c) => {
        expect(a.plus(b).eq(b.plus(a))).toBe(true);
        expect(
          a
            .plus(b)
            .plus(c)
            .eq(a.plus(b.plus(c))),
        ).toBe(true);
        expect(a.times(b.plus(c)).eq(a.times(b).plus(a.times(c)))).toBe(true);
      }),
    );
  });

  it("text round-trips", () => {
    fc.assert(fc.property(decimalText, (a) => dec(a.toString()).eq(a)));
  });

  it("numbers parse to the same value as their shortest text", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(dec(x).toNumber()).toBe(x === 0 ? 0 : x);
      }),
    );
  });

  it("ceilDiv is the least integer not below the quotient", () => {
    const positive = decimalText.filter((d) => d.sign() > 0);
    fc.assert(
      fc.property(decimalText, positive, (a, b) => {
        const q = a.ceilDiv(b);
        expect(dec(q).times(b).gte(a)).toBe(true);
        expect(
          dec(q - 1n)
            .times(b)
            .lt(a),
        ).toBe(true);
      }),
    );
  });
});

describe("Decimal round (the product's toFixed)", () => {
  const roundHalfAway = (x: DecimalInput, d: number) => Decimal.from(x).round(d).toString();

  it("rounds half away from zero without padded zeros", () => {
    expect(roundHalfAway("12.499", 2)).toBe("12.5");
    expect(roundHalfAway("12.50", 2)).toBe("12.5");
    expect(roundHalfAway(1.005, 2)).toBe("1.01");
    expect(roundHalfAway(2.5, 0)).toBe("3");
    expect(roundHalfAway(-2.5, 0)).toBe("-3");
    expect(roundHalfAway("-1.235", 2)).toBe("-1.24");
    expect(roundHalfAway("0.125", 2)).toBe("0.13");
    expect(roundHalfAway("-0.001", 2)).toBe("0");
    expect(roundHalfAway("0.0000005", 6)).toBe("0.000001");
    expect(roundHalfAway("1.2344", 3)).toBe("1.234");
    expect(roundHalfAway(10, 2)).toBe("10");
  });

  it("differs from Number.prototype.toFixed where binary floats drift", () => {
    expect((1.005).toFixed(2)).toBe("1.00");
    expect(roundHalfAway(1.005, 2)).toBe("1.01");
  });

  it("is within half a unit of the last digit and symmetric in sign", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        (u, s, d) => {
          const x = Decimal.of(u, s);
          const r = dec(roundHalfAway(x, d));
          const half = Decimal.of(5n, d + 1);
          expect(r.minus(x).abs().lte(half)).toBe(true);
          expect(r.scale).toBeLessThanOrEqual(d);
          expect(roundHalfAway(x.negated(), d)).toBe(r.isZero() ? "0" : r.negated().toString());
        },
      ),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 4 }), (x, d) => {
        const once = roundHalfAway(x, d);
        expect(roundHalfAway(once, d)).toBe(once);
      }),
    );
  });
});

describe("Decimal toFixed", () => {
  it("rounds half away from zero and pads to the digits asked", () => {
    expect(dec("12.5").toFixed(2)).toBe("12.50");
    expect(dec(0).toFixed(2)).toBe("0.00");
    expect(dec("-0.004").toFixed(2)).toBe("0.00");
    expect(dec("2.675").toFixed(2)).toBe("2.68");
    expect(dec(1234.5).toFixed(2)).toBe("1234.50");
  });
});

describe("formatPrice", () => {
  it("formats French prices with grouped thousands, comma and labels", () => {
    expect(formatPrice(1234.5, "fr")).toBe(`1${NNBSP}234,50${NBSP}€`);
    expect(formatPrice("1234.5", "fr", "HT")).toBe(`1${NNBSP}234,50${NBSP}€${NBSP}HT`);
    expect(formatPrice("1234567.891", "fr", "TTC")).toBe(`1${NNBSP}234${NNBSP}567,89${NBSP}€${NBSP}TTC`);
    expect(formatPrice(0, "fr")).toBe(`0,00${NBSP}€`);
    expect(formatPrice("-0.001", "fr")).toBe(`0,00${NBSP}€`);
    expect(formatPrice("999.995", "fr")).toBe(`1${NNBSP}000,00${NBSP}€`);
    expect(formatPrice(-12.5, "fr")).toBe(`-12,50${NBSP}€`);
    expect(formatPrice("0.125", "fr")).toBe(`0,13${NBSP}€`);
  });

  it("formats Chinese prices as zh-CN euro amounts", () => {
    expect(formatPrice(1234.5, "zh")).toBe("€1,234.50");
    expect(formatPrice(1234.5, "zh", "HT")).toBe(`€1,234.50${NBSP}不含税`);
    expect(formatPrice(1234.5, "zh", "TTC")).toBe(`€1,234.50${NBSP}含税`);
    expect(formatPrice(0, "zh")).toBe("€0.00");
    expect(formatPrice(-5, "zh")).toBe("-€5.00");
  });

  it("shows unit prices with up to 4 decimals", () => {
    expect(formatUnitPrice("0.0345", "fr")).toBe(`0,0345${NBSP}€`);
    expect(formatUnitPrice("0.0300", "fr")).toBe(`0,03${NBSP}€`);
    expect(formatUnitPrice("12", "zh", "HT")).toBe(`€12.00${NBSP}不含税`);
    expect(formatUnitPrice("1.23456", "fr")).toBe(`1,2346${NBSP}€`);
    expect(formatAmount("1234.5", "fr", { minDigits: 0, maxDigits: 0 })).toBe(`1${NNBSP}235`);
  });

  it("agrees with Intl.NumberFormat for the amounts a double can hold exactly", () => {
    const fr = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
    const zh = new Intl.NumberFormat("zh-CN", { style: "currency", currency: "EUR" });
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const text = Decimal.of(BigInt(cents), 2).toString();
        expect(formatPrice(text, "fr")).toBe(fr.format(cents / 100).replace("-0,00", "0,00"));
        expect(formatPrice(text, "zh")).toBe(zh.format(cents / 100).replace("-€0.00", "€0.00"));
      }),
    );
  });

  it("always shows exactly two decimals after the comma", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        expect(formatPrice(x, "fr")).toMatch(/^-?\d{1,3}(\u202f\d{3})*,\d{2}\u00a0€$/);
      }),
    );
  });
});

describe("DecimalSum", () => {
  const decimal = fc
    .tuple(fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }), fc.integer({ min: 0, max: 12 }))
    .map(([units, scale]) => Decimal.of(units, scale));
  const nearLimit = fc
    .tuple(fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }), fc.integer({ min: 0, max: 3 }))
    .map(([units, scale]) => Decimal.of(units, scale));
  const small = fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 6 })).map(([u, s]) => Decimal.of(BigInt(u), s));

  it("equals the sum made with Decimal.plus, digit for digit and scale for scale", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(small, nearLimit, decimal), { maxLength: 60 }), (values) => {
        const expected = values.reduce((a, b) => a.plus(b), Decimal.ZERO);
        const got = values.reduce((s, v) => s.add(v), new DecimalSum()).value();
        expect([got.units, got.scale]).toEqual([expected.units, expected.scale]);
      }),
    );
  });

  it("stays exact across 2^53 and across scales", () => {
    const big = new DecimalSum().add(Decimal.of(9007199254740991n, 2)).add(Decimal.of(2n, 2)).value();
    expect(big.toFixed(2)).toBe("90071992547409.93");
    const scales = new DecimalSum().add(dec("0.1")).add(dec("12")).add(dec("0.000001")).add(dec("-3.25")).value();
    expect([scales.toString(), scales.scale]).toEqual(["8.850001", 6]);
    expect(new DecimalSum().value().isZero()).toBe(true);
    // units that Number() rounds, cancelled by the sum so far: the result is small, but only the Decimal has it right
    const cancel = new DecimalSum().add(Decimal.of(-1152921504606847n, 0)).add(Decimal.of(1152921504606847001n, 3)).value();
    expect(cancel.toString()).toBe("0.001");
  });
});
