// Delivery planning (decision 138): what an order takes on a round, what a day and zone can carry, and the first
// date an order fits. A round is a date × a freight zone (core/freight-tariff.ts zoneOf); its capacity counts
// pallets and parcels. Dates are "YYYY-MM-DD" in the shop's time zone and follow the delivery-date rules of
// core/aftersales/deliveries.ts: a working day whose reply deadline for the customer is still ahead.
import { PROPOSE_MAX_DAYS, addDays, isWorkingDay, nextWorkingDay, replyDeadline, shopToday } from "../aftersales/deliveries.ts";
import type { DeliveryMode } from "../freight-tariff.ts";

/** Pallets and parcels: what an order takes, what a round already carries, or what it can carry. */
export type Load = { pallets: number; parcels: number };

export const NO_LOAD: Load = { pallets: 0, parcels: 0 };

/** Limits of a capacity as staff type it (the form's schema uses them too). */
export const CAPACITY_MAX = { pallets: 999, parcels: 9_999 } as const;

/** What planning reads of an order to know its load. */
export type LoadFacts = {
  delivery_mode: DeliveryMode | string | null;
  /** Recorded when the order was marked ready (null before). */
  pallets: number | null;
  parcels: number | null;
  /** What the cart counted when the order was placed (palette_num, colis_qte); null on orders placed before. */
  cart_pallets: number | null;
  cart_parcels: number | null;
};

/**
 * The order's load: once prepared, the pallets and parcels recorded; before, what its cart counted for its mode —
 * parcels for a parcel delivery, pallets for a pallet or carrier one — at least one (an order placed before the
 * counts were kept takes one).
 */
export function orderLoad(o: LoadFacts): Load {
  if (o.pallets !== null || o.parcels !== null) return { pallets: o.pallets ?? 0, parcels: o.parcels ?? 0 };
  if (o.delivery_mode === "parcel") return { pallets: 0, parcels: Math.max(1, o.cart_parcels ?? 1) };
  return { pallets: Math.max(1, o.cart_pallets ?? 1), parcels: 0 };
}

export const addLoads = (a: Load, b: Load): Load => ({ pallets: a.pallets + b.pallets, parcels: a.parcels + b.parcels });

/**
 * Whether `load` fits beside `used` within `capacity`: each kind the order takes stays within its capacity (a kind it
 * does not take is not its concern, even when the round is already over on it).
 */
export function fits(capacity: Load, used: Load, load: Load): boolean {
  const within = (k: keyof Load) => load[k] === 0 || used[k] + load[k] <= capacity[k];
  return within("pallets") && within("parcels");
}

/** A date staff may plan at `now`: a working day whose reply deadline for the customer is still ahead. */
export function isPlannableDate(date: string, now: Date): boolean {
  return isWorkingDay(date) && replyDeadline(date).getTime() > now.getTime();
}

/** The weekday of a date, 1 = Monday … 7 = Sunday (the receiving times' numbering). */
export function weekdayOf(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The customer's receiving days: a weekday with a morning or an afternoon slot. */
export type ReceivingDays = readonly { weekday: number; morning: boolean; afternoon: boolean }[];

/** Whether the customer receives goods on the date's weekday; a customer who said nothing receives any day. */
export function receivesOn(days: ReceivingDays | null | undefined, date: string): boolean {
  const open = (days ?? []).filter((d) => d.morning || d.afternoon);
  if (open.length === 0) return true;
  const w = weekdayOf(date);
  return open.some((d) => d.weekday === w);
}

/** The rounds' capacities and loads planning reads, by zone and date. */
export type Rounds = {
  capacity: (zone: string, date: string) => Load;
  used: (zone: string, date: string) => Load;
};

/** An order to propose a date for: its zone (null: none of the tariff's), its load, its receiving days. */
export type Candidate = { zone: string | null; load: Load; receiving?: ReceivingDays | null };

/**
 * The first date after today, within PROPOSE_MAX_DAYS, that staff may plan, that the customer receives on, and on
 * which the order fits its zone's round; null when there is none (or the order has no zone).
 */
export function firstDateWithCapacity(order: Candidate, rounds: Rounds, now: Date): string | null {
  if (order.zone === null) return null;
  const today = shopToday(now);
  const last = addDays(today, PROPOSE_MAX_DAYS);
  for (let d = nextWorkingDay(today); d <= last; d = nextWorkingDay(d)) {
    if (!isPlannableDate(d, now) || !receivesOn(order.receiving, d)) continue;
    if (fits(rounds.capacity(order.zone, d), rounds.used(order.zone, d), order.load)) return d;
  }
  return null;
}

/**
 * The first date with capacity of each order in turn, each counting the loads proposed to those before it: accepting
 * every proposal at once never overfills a round. Orders come in their priority (the oldest first).
 */
export function proposeDates(orders: readonly Candidate[], rounds: Rounds, now: Date): (string | null)[] {
  const extra = new Map<string, Load>();
  const key = (zone: string, date: string) => `${zone} ${date}`;
  const withProposed: Rounds = {
    capacity: rounds.capacity,
    used: (zone, date) => addLoads(rounds.used(zone, date), extra.get(key(zone, date)) ?? NO_LOAD),
  };
  return orders.map((o) => {
    const date = firstDateWithCapacity(o, withProposed, now);
    if (date !== null) extra.set(key(o.zone!, date), addLoads(extra.get(key(o.zone!, date)) ?? NO_LOAD, o.load));
    return date;
  });
}
