// Small deterministic PRNG (mulberry32) and helpers: the demo catalogue must be identical on every run.

export type Rng = {
  /** Uniform float in [0, 1). */
  next: () => number;
  /** Integer in [min, max] (both inclusive). */
  int: (min: number, max: number) => number;
  /** True with probability p. */
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** A new array, Fisher-Yates shuffled. */
  shuffle: <T>(items: readonly T[]) => T[];
  /** k distinct items, kept in their original order. */
  sample: <T>(items: readonly T[], k: number) => T[];
};

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string: derives independent sub-seeds ("products:CAR-SC", ...). */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  const next = mulberry32(typeof seed === "string" ? hashString(seed) : seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    shuffle,
    sample: (items, k) => {
      const idx = shuffle(items.map((_, i) => i))
        .slice(0, Math.min(k, items.length))
        .sort((a, b) => a - b);
      return idx.map((i) => items[i]);
    },
  };
}

/** Exact decimal text with `digits` decimals, rounded half away from zero (SPEC §9). */
export function fixed(value: number, digits: number): string {
  const f = 10 ** digits;
  const scaled = Math.sign(value) * Math.round(Math.abs(value) * f + 1e-9);
  const neg = scaled < 0;
  const s = String(Math.abs(scaled)).padStart(digits + 1, "0");
  const out = digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
  return neg ? `-${out}` : out;
}

/** Rounds a price to a "commercial" value with 4 decimals (as integer ten-thousandths). */
export function priceUnits(value: number): number {
  if (value < 1) return Math.max(1, Math.round(value * 2000)) * 5; // 0.0005 steps
  if (value < 10) return Math.round(value * 100) * 100; // cents
  return Math.round(value * 20) * 500; // 5-cent steps
}

/** Ten-thousandths of a euro as a NUMERIC(12,4) string. */
export const units4 = (u: number): string => fixed(u / 10000, 4);

export const day = (iso: string): Date => new Date(`${iso}T00:00:00.000Z`);
export const addDays = (d: Date, n: number): Date => new Date(d.getTime() + n * 86_400_000);
