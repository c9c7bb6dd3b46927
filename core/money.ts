// Exact decimal arithmetic on BigInt scaled integers, rounding half away from zero (SPEC §9, decision 010,
// 011); the price display is price-format.ts, which builds on this module. No binary floating point is used
// for any computed amount: a JavaScript number input is first turned into its shortest decimal text.

export type PriceLabel = "HT" | "TTC";
export type DecimalInput = string | number | bigint | Decimal;

const POW10: bigint[] = [];
function pow10(n: number): bigint {
  if (n < 0) throw new RangeError(`negative exponent ${n}`);
  if (n < 64) return (POW10[n] ??= 10n ** BigInt(n));
  return 10n ** BigInt(n);
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** An exact decimal number: value = units / 10^scale. Immutable. */
export class Decimal {
  readonly units: bigint;
  readonly scale: number;

  private constructor(units: bigint, scale: number) {
    this.units = units;
    this.scale = scale;
  }

  static readonly ZERO = new Decimal(0n, 0);
  static readonly ONE = new Decimal(1n, 0);

  /** Builds from units and scale (value = units / 10^scale). */
  static of(units: bigint, scale = 0): Decimal {
    if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`invalid scale ${scale}`);
    return new Decimal(units, scale);
  }

  /**
   * Parses a decimal text ("12.5", "-0.0345", "1e-7", " 3 ") or a finite number (through its
   * shortest round-trip text, so 0.1 is exactly 0.1 and 1.005 is exactly 1.005).
   * Throws RangeError on anything else (NaN, Infinity, "", "abc", "1,5").
   */
  static from(x: DecimalInput): Decimal {
    if (x instanceof Decimal) return x;
    if (typeof x === "bigint") return new Decimal(x, 0);
    if (typeof x === "number") {
      if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
      if (Number.isSafeInteger(x)) return new Decimal(x >= 0 && x <= 1024 ? SMALL[x] : BigInt(x), 0);
      return Decimal.parse(String(x));
    }
    return Decimal.parse(x);
  }

  private static parse(text: string): Decimal {
    const fast = parsePlain(text);
    if (fast) return fast;
    const m = DECIMAL_RE.exec(text.trim());
    if (!m || (m[2] === "" && (m[3] === undefined || m[3] === ""))) {
      throw new RangeError(`not a decimal number: ${JSON.stringify(text)}`);
    }
    const [, sign, intPart, fracPart = "", expPart] = m;
    let units = BigInt((intPart || "0") + fracPart);
    let scale = fracPart.length;
    const exp = expPart === undefined ? 0 : Number(expPart);
    if (!Number.isSafeInteger(exp) || Math.abs(exp) > 1000) throw new RangeError(`exponent out of range: ${text}`);
    if (exp >= 0) {
      if (exp >= scale) {
        units *= pow10(exp - scale);
        scale = 0;
      } else scale -= exp;
    } else scale += -exp;
    if (sign === "-") units = -units;
    return new Decimal(units, scale);
  }

  private aligned(other: Decimal): [bigint, bigint, number] {
    if (this.scale === other.scale) return [this.units, other.units, this.scale];
    if (this.scale > other.scale) return [this.units, other.units * pow10(this.scale - other.scale), this.scale];
    return [this.units * pow10(other.scale - this.scale), other.units, other.scale];
  }

  plus(y: DecimalInput): Decimal {
    const d = Decimal.from(y);
    if (d.scale === this.scale) return new Decimal(this.units + d.units, this.scale);
    const [a, b, s] = this.aligned(d);
    return new Decimal(a + b, s);
  }

  minus(y: DecimalInput): Decimal {
    const d = Decimal.from(y);
    if (d.scale === this.scale) return new Decimal(this.units - d.units, this.scale);
    const [a, b, s] = this.aligned(d);
    return new Decimal(a - b, s);
  }

  times(y: DecimalInput): Decimal {
    const d = Decimal.from(y);
    return new Decimal(this.units * d.units, this.scale + d.scale);
  }

  negated(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  abs(): Decimal {
    return this.units < 0n ? this.negated() : this;
  }

  sign(): -1 | 0 | 1 {
    return this.units > 0n ? 1 : this.units < 0n ? -1 : 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  cmp(y: DecimalInput): -1 | 0 | 1 {
    const [a, b] = this.aligned(Decimal.from(y));
    return a > b ? 1 : a < b ? -1 : 0;
  }

  eq(y: DecimalInput): boolean {
    return this.cmp(y) === 0;
  }

  lt(y: DecimalInput): boolean {
    return this.cmp(y) < 0;
  }

  lte(y: DecimalInput): boolean {
    return this.cmp(y) <= 0;
  }

  gt(y: DecimalInput): boolean {
    return this.cmp(y) > 0;
  }

  gte(y: DecimalInput): boolean {
    return this.cmp(y) >= 0;
  }

  /** Rounds to `digits` decimals, half away from zero (SPEC §9). Result has scale ≤ digits. */
  round(digits: number): Decimal {
    checkDigits(digits);
    if (this.scale <= digits) return this;
    const f = pow10(this.scale - digits);
    const q = roundDivHalfAway(this.units, f);
    return new Decimal(q, digits);
  }

  /** Exact quotient rounded half away from zero to `digits` decimals. */
  dividedBy(y: DecimalInput, digits: number): Decimal {
    checkDigits(digits);
    const d = Decimal.from(y);
    if (d.units === 0n) throw new RangeError("division by zero");
    // this/d = (a/10^sa) / (b/10^sb); scaled by 10^digits: a * 10^(sb + digits) / (b * 10^sa)
    const num = this.units * pow10(d.scale + digits);
    const den = d.units * pow10(this.scale);
    return new Decimal(roundDivHalfAway(num, den), digits);
  }

  /** Smallest integer ≥ this / y (y ≠ 0). */
  ceilDiv(y: DecimalInput): bigint {
    const d = Decimal.from(y);
    if (d.units === 0n) throw new RangeError("division by zero");
    let num = this.units * pow10(d.scale);
    let den = d.units * pow10(this.scale);
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const q = num / den; // truncates toward zero
    return num % den !== 0n && num > 0n ? q + 1n : q;
  }

  /** Removes trailing zeros of the fraction. */
  normalized(): Decimal {
    let { units, scale } = this;
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n;
      scale--;
    }
    return scale === this.scale ? this : new Decimal(units, scale);
  }

  /** Plain decimal text without exponent and without padded zeros: "12.5", "-0.03", "0". */
  toString(): string {
    const n = this.normalized();
    return unitsToText(n.units, n.scale);
  }

  /** Text with exactly `digits` decimals, rounded half away from zero: "12.50". */
  toFixed(digits: number): string {
    const r = this.round(digits);
    return unitsToText(r.units * pow10(digits - r.scale), digits);
  }

  /** Nearest JavaScript number (for display widgets and charts only, never for computation). */
  toNumber(): number {
    return Number(this.toString());
  }

  toJSON(): string {
    return this.toString();
  }
}

/** Small integers as BigInt without re-conversion (quantities, counts). */
const SMALL: bigint[] = Array.from({ length: 1025 }, (_, i) => BigInt(i));

/**
 * Fast path for the common plain form "-123.4567" (at most 15 significant digits): digits are
 * accumulated in a JavaScript number, which is exact below 2^53. Returns null for anything else.
 */
function parsePlain(text: string): Decimal | null {
  const n = text.length;
  if (n === 0 || n > 17) return null;
  let i = 0;
  let neg = false;
  if (text.charCodeAt(0) === 45) {
    neg = true;
    i = 1;
  }
  let acc = 0;
  let digits = 0;
  let scale = -1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      acc = acc * 10 + (c - 48);
      digits++;
      if (scale >= 0) scale++;
    } else if (c === 46 && scale < 0) {
      if (digits === 0) return null;
      scale = 0;
    } else return null;
  }
  if (digits === 0 || digits > 15 || scale === 0) return null;
  const units = acc <= 1024 ? SMALL[acc] : BigInt(acc);
  return Decimal.of(neg ? -units : units, scale < 0 ? 0 : scale);
}

function checkDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 100) throw new RangeError(`invalid digits ${digits}`);
}

/** num / den rounded half away from zero (den ≠ 0). */
function roundDivHalfAway(num: bigint, den: bigint): bigint {
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const neg = num < 0n;
  const a = neg ? -num : num;
  let q = a / den;
  if ((a % den) * 2n >= den) q += 1n;
  return neg ? -q : q;
}

function unitsToText(units: bigint, scale: number): string {
  const neg = units < 0n;
  let digits = (neg ? -units : units).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, "0");
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  }
  // "-0" and "-0.00" never appear: zero has no sign.
  return neg && units !== 0n ? `-${digits}` : digits;
}

/** Shorthand for Decimal.from. */
export function dec(x: DecimalInput): Decimal {
  return Decimal.from(x);
}

/** Like dec, but null, undefined and "" count as zero (API fields that may be absent). */
export function decOrZero(x: DecimalInput | null | undefined): Decimal {
  if (x === null || x === undefined || (typeof x === "string" && x.trim() === "")) return Decimal.ZERO;
  return Decimal.from(x);
}

/** Exact sum. */
export function sum(values: Iterable<DecimalInput>): Decimal {
  const acc = new DecimalSum();
  for (const v of values) acc.add(Decimal.from(v));
  return acc.value();
}

/**
 * An exact sum of many decimals (a cart's totals): a JavaScript number of units at the largest scale added so far
 * while every step stays a safe integer (integer arithmetic on doubles is exact below 2^53), a Decimal beyond.
 * Summing a cart's lines with Decimal.plus made a BigInt and an object per addition, seven a line.
 */
export class DecimalSum {
  #units = 0;
  #scale = 0;
  #big: Decimal | null = null;

  add(d: Decimal): this {
    if (this.#big === null) {
      const du = Number(d.units);
      const scale = Math.max(this.#scale, d.scale);
      // Exact when `next` is a safe integer: one operand is a safe integer as is, the other one scaled by 10^k is
      // even, and it must be below 2^54 for the sum to be safe: an even integer there is a double, so the product
      // was exact, and so is the sum. Units beyond 2^53 were rounded by Number(): those go to the Decimal.
      const next = this.#units * 10 ** (scale - this.#scale) + du * 10 ** (scale - d.scale);
      if (Number.isSafeInteger(du) && Number.isSafeInteger(next)) {
        this.#units = next;
        this.#scale = scale;
        return this;
      }
      this.#big = Decimal.of(BigInt(this.#units), this.#scale);
    }
    this.#big = this.#big.plus(d);
    return this;
  }

  value(): Decimal {
    return this.#big ?? Decimal.of(BigInt(this.#units), this.#scale);
  }
}

/** "122.40" → 12240 (exact: amounts are stored with two decimals). */
export function toCents(amount: string): number {
  const d = dec(amount).times(100);
  if (!d.eq(d.round(0))) throw new RangeError(`not a two-decimal amount: ${amount}`);
  return d.toNumber();
}

/** 12240 → "122.40" */
export const fromCents = (cents: number) => dec(cents).dividedBy(100, 2).toFixed(2);
