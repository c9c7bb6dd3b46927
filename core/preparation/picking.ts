// Picking (DESIGN §9): the warehouse walks its aisles once for a batch of orders. Lines are summed across the
// orders by reference (batch picking) and every list runs in storage-location order, as the picker walks: aisle,
// rack, level, numbers by their value ("A-2" before "A-12"); a model without a location comes last, by reference.
// The parcels and pallets of an order are those recorded when it was made ready, else estimated from the
// catalogue's volumes and weights by the cart's own freight rules (core/cart/parcels.ts).
import { decOrZero, DecimalSum } from "../money.ts";
import { palletCount, parcelCounts } from "../cart/parcels.ts";
import type { CartConfig, CartLine, Numeric } from "../cart/types.ts";
import type { OrderStatus } from "../orders/life.ts";

/** The orders the warehouse has to prepare: paid (planned or not) and those it has started. */
export const TO_PREPARE = ["processing", "planned", "preparing"] as const satisfies readonly OrderStatus[];
/** The orders whose papers print: those to prepare, and those prepared that have not left yet. */
export const PRINTABLE = [...TO_PREPARE, "ready", "ready_for_pickup"] as const satisfies readonly OrderStatus[];

/** A storage location: up to four segments of capitals and digits joined by dashes, aisle-rack-level ("A-12-3"). */
export const LOCATION_PATTERN = /^[A-Z0-9]{1,4}(?:-[A-Z0-9]{1,4}){0,3}$/;
export const LOCATION_MAX = 19;
export const isStorageLocation = (s: unknown): s is string => typeof s === "string" && LOCATION_PATTERN.test(s);

const segments = (location: string) => location.split("-");
const NUMBER = /^\d+$/;

function compareSegments(a: string, b: string): number {
  const an = NUMBER.test(a);
  const bn = NUMBER.test(b);
  if (an && bn) return Number(a) - Number(b) || a.length - b.length;
  if (an !== bn) return an ? -1 : 1; // a number before a word in the same place
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Two locations in walking order, segment by segment (numbers by value, then "7" before "07"; a number before a
 * word); a location before the longer ones it starts; none last. A total order: equal only when the same text.
 */
export function compareLocations(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const x = segments(a);
  const y = segments(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = compareSegments(x[i], y[i]);
    if (c !== 0) return c;
  }
  return x.length - y.length;
}

export type Located = { location: string | null; reference: string };

/** Walking order: by location (none last), then by reference. */
export function byPickingOrder(a: Located, b: Located): number {
  return compareLocations(a.location, b.location) || (a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0);
}

/** A line to pick: `quantity` counts every unit that leaves, those a promotion offers included. */
export type PickLine = Located & { name: string; unit: string; quantity: number };

/** The lines in walking order (a new list). */
export const pickingOrder = <T extends Located>(lines: readonly T[]): T[] => [...lines].sort(byPickingOrder);

/** A batch line: a reference's units summed over the orders, and how many of the orders hold it. */
export type BatchLine = PickLine & { orders: number };

/**
 * The batch: each reference (in its unit) once, its quantities summed over the orders, in walking order. The
 * location and name are the first order's line's (they come from the catalogue, the same for every order).
 */
export function batchLines(orders: readonly { lines: readonly PickLine[] }[]): BatchLine[] {
  const byKey = new Map<string, BatchLine>();
  for (const o of orders) {
    const seen = new Set<string>();
    for (const l of o.lines) {
      const key = `${l.reference}\u0000${l.unit}`;
      const had = byKey.get(key);
      if (had) had.quantity += l.quantity;
      else byKey.set(key, { ...l, orders: 0 });
      if (!seen.has(key)) byKey.get(key)!.orders++;
      seen.add(key);
    }
  }
  return pickingOrder([...byKey.values()]);
}

/** A line's measures for the estimate: per unit, from the catalogue (none when its model is gone). */
export type MeasuredLine = { quantity: number; unit: string; volume: Numeric | null; poids: Numeric | null };

/** An order's packing: recorded when it was made ready, or estimated (`estimated`) before. */
export type Packing = { parcels: number; pallets: number; weight_kg: string; estimated: boolean };

/**
 * The order's parcels, pallets and weight: what the warehouse recorded when there is a record, otherwise the
 * estimate of the cart's rules (pallets: total volume over one pallet's, at least one; parcels: the parcel rules
 * of `colis_params`; weight: the units' weights, kg to one decimal).
 */
export function packingOf(
  lines: readonly MeasuredLine[],
  config: Pick<CartConfig, "onePaletteVolume" | "colis_params">,
  recorded?: { parcels: number | null; pallets: number | null; weight_kg: string | null } | null,
): Packing {
  if (recorded && recorded.parcels !== null && recorded.pallets !== null && recorded.weight_kg !== null)
    return { parcels: recorded.parcels, pallets: recorded.pallets, weight_kg: decOrZero(recorded.weight_kg).toFixed(1), estimated: false };
  const volume = new DecimalSum();
  const weight = new DecimalSum();
  const cartLines: CartLine[] = [];
  lines.forEach((l, i) => {
    if (l.quantity <= 0) return;
    volume.add(decOrZero(l.volume).times(l.quantity));
    weight.add(decOrZero(l.poids).times(l.quantity));
    cartLines.push({ model_id: i, num: l.quantity, price: 0, unit: l.unit, volume: l.volume });
  });
  return {
    parcels: parcelCounts(cartLines, config.colis_params).colis_qte,
    pallets: palletCount(volume.value(), config.onePaletteVolume),
    weight_kg: weight.value().toFixed(1),
    estimated: true,
  };
}
