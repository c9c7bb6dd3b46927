import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PROPOSE_MAX_DAYS, addDays, isWorkingDay, replyDeadline, shopToday } from "../aftersales/deliveries.ts";
import {
  NO_LOAD,
  addLoads,
  firstDateWithCapacity,
  fits,
  isPlannableDate,
  orderLoad,
  proposeDates,
  receivesOn,
  weekdayOf,
  type Candidate,
  type Load,
  type Rounds,
} from "./capacity.ts";

/** Thursday 19 November 2026, 9:00 in Paris: the first date staff may plan is Monday 23 (Friday's deadline is ahead). */
const NOW = new Date("2026-11-19T08:00:00Z");
const load = (pallets: number, parcels: number): Load => ({ pallets, parcels });
/** Rounds with the same capacity every day and zone, and what is already planned, by "zone date". */
const rounds = (capacity: Load, planned: Record<string, Load> = {}): Rounds => ({
  capacity: () => capacity,
  used: (zone, date) => planned[`${zone} ${date}`] ?? NO_LOAD,
});

describe("an order's load", () => {
  it("counts what the preparation recorded, else what the cart counted for its mode, at least one", () => {
    const facts = { pallets: null, parcels: null, cart_pallets: 3, cart_parcels: 5 };
    expect(orderLoad({ ...facts, delivery_mode: "pallet" })).toEqual(load(3, 0));
    expect(orderLoad({ ...facts, delivery_mode: "carrier" })).toEqual(load(3, 0));
    expect(orderLoad({ ...facts, delivery_mode: "parcel" })).toEqual(load(0, 5));
    expect(orderLoad({ ...facts, delivery_mode: "pallet", pallets: 2, parcels: 4 })).toEqual(load(2, 4));
    expect(orderLoad({ ...facts, delivery_mode: "parcel", pallets: 0, parcels: null })).toEqual(load(0, 0));
    // placed before the counts were kept
    expect(orderLoad({ pallets: null, parcels: null, cart_pallets: null, cart_parcels: null, delivery_mode: "pallet" })).toEqual(
      load(1, 0),
    );
    expect(orderLoad({ pallets: null, parcels: null, cart_pallets: 0, cart_parcels: 0, delivery_mode: "parcel" })).toEqual(load(0, 1));
  });
});

describe("fitting a round", () => {
  it("checks only the kinds the order takes", () => {
    expect(fits(load(10, 50), load(8, 0), load(2, 0))).toBe(true);
    expect(fits(load(10, 50), load(9, 0), load(2, 0))).toBe(false);
    // the round is over on parcels already: a pallet order still fits, a parcel one does not
    expect(fits(load(10, 50), load(0, 60), load(1, 0))).toBe(true);
    expect(fits(load(10, 50), load(0, 60), load(0, 1))).toBe(false);
    expect(fits(NO_LOAD, NO_LOAD, load(1, 0))).toBe(false);
  });

  it("holds exactly when each kind taken stays within its capacity", () => {
    const n = fc.integer({ min: 0, max: 50 });
    fc.assert(
      fc.property(n, n, n, n, n, n, (cp, cc, up, uc, lp, lc) => {
        const ok = fits(load(cp, cc), load(up, uc), load(lp, lc));
        expect(ok).toBe((lp === 0 || up + lp <= cp) && (lc === 0 || uc + lc <= cc));
      }),
    );
  });
});

describe("plannable dates", () => {
  it("are working days whose reply deadline is ahead", () => {
    expect(isPlannableDate("2026-11-20", NOW)).toBe(true); // deadline Thursday 10:00 UTC, ahead at 8:00
    expect(isPlannableDate("2026-11-20", new Date("2026-11-19T10:00:00Z"))).toBe(false);
    expect(isPlannableDate("2026-11-21", NOW)).toBe(false); // Saturday
    expect(isPlannableDate("2026-11-19", NOW)).toBe(false); // today
    expect(isPlannableDate("2026-11-11", new Date("2026-11-01T08:00:00Z"))).toBe(false); // Armistice
  });

  it("knows the receiving days: any day when the customer said none", () => {
    expect(weekdayOf("2026-11-23")).toBe(1);
    expect(weekdayOf("2026-11-22")).toBe(7);
    const tuesdayMorning = [
      { weekday: 2, morning: true, afternoon: false },
      { weekday: 3, morning: false, afternoon: false },
    ];
    expect(receivesOn(tuesdayMorning, "2026-11-24")).toBe(true);
    expect(receivesOn(tuesdayMorning, "2026-11-25")).toBe(false);
    expect(receivesOn(tuesdayMorning, "2026-11-23")).toBe(false);
    expect(receivesOn(null, "2026-11-25")).toBe(true);
    expect(receivesOn([{ weekday: 3, morning: false, afternoon: false }], "2026-11-25")).toBe(true);
  });
});

describe("the first date with capacity", () => {
  const order: Candidate = { zone: "paris", load: load(2, 0) };

  it("is the first plannable day the order fits, skipping full rounds and days the customer does not receive", () => {
    expect(firstDateWithCapacity(order, rounds(load(4, 10)), NOW)).toBe("2026-11-20");
    const full = rounds(load(4, 10), { "paris 2026-11-20": load(3, 0), "paris 2026-11-23": load(2, 0) });
    expect(firstDateWithCapacity(order, full, NOW)).toBe("2026-11-23");
    // another zone's full round is not this one's
    expect(firstDateWithCapacity({ ...order, zone: "z1" }, full, NOW)).toBe("2026-11-20");
    const wednesdays = [{ weekday: 3, morning: false, afternoon: true }];
    expect(firstDateWithCapacity({ ...order, receiving: wednesdays }, full, NOW)).toBe("2026-11-25");
    expect(firstDateWithCapacity(order, rounds(load(1, 10)), NOW)).toBeNull();
    expect(firstDateWithCapacity({ ...order, zone: null }, rounds(load(4, 10)), NOW)).toBeNull();
  });

  const candidate = fc.record({
    zone: fc.constantFrom("paris", "z1"),
    load: fc.record({ pallets: fc.integer({ min: 0, max: 4 }), parcels: fc.integer({ min: 0, max: 6 }) }),
    receiving: fc.option(fc.array(fc.record({ weekday: fc.integer({ min: 1, max: 7 }), morning: fc.boolean(), afternoon: fc.boolean() })), {
      nil: null,
    }),
  });
  const nowArb = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }).map((t) => new Date(t));
  const plannedArb = fc.dictionary(fc.integer({ min: 0, max: 20 }).map(String), fc.integer({ min: 0, max: 6 }));

  it("is plannable, received, fitting, and no earlier day is", () => {
    fc.assert(
      fc.property(candidate, nowArb, plannedArb, (o, now, planned) => {
        const today = shopToday(now);
        // loads already planned on the next days, by offset from today
        const used = (zone: string, date: string) => {
          const offset = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
          return zone === "paris" ? load(planned[String(offset)] ?? 0, planned[String(offset)] ?? 0) : NO_LOAD;
        };
        const r: Rounds = { capacity: () => load(5, 5), used };
        const d = firstDateWithCapacity(o, r, now);
        const ok = (day: string) =>
          isPlannableDate(day, now) && receivesOn(o.receiving, day) && fits(r.capacity(o.zone, day), used(o.zone, day), o.load);
        if (d === null) {
          for (let x = addDays(today, 1); x <= addDays(today, PROPOSE_MAX_DAYS); x = addDays(x, 1)) expect(ok(x)).toBe(false);
          return;
        }
        expect(ok(d)).toBe(true);
        expect(isWorkingDay(d) && replyDeadline(d).getTime() > now.getTime()).toBe(true);
        expect(d <= addDays(today, PROPOSE_MAX_DAYS)).toBe(true);
        for (let x = addDays(today, 1); x < d; x = addDays(x, 1)) expect(ok(x)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("proposed to several orders at once, never fills a round past its capacity", () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 12 }), nowArb, (orders, now) => {
        const capacity = load(5, 8);
        const dates = proposeDates(orders, rounds(capacity), now);
        const taken = new Map<string, Load>();
        orders.forEach((o, i) => {
          const d = dates[i];
          if (d === null) return;
          const key = `${o.zone} ${d}`;
          taken.set(key, addLoads(taken.get(key) ?? NO_LOAD, o.load));
          expect(isPlannableDate(d, now)).toBe(true);
        });
        for (const l of taken.values()) {
          expect(l.pallets).toBeLessThanOrEqual(capacity.pallets);
          expect(l.parcels).toBeLessThanOrEqual(capacity.parcels);
        }
        // the first order is proposed what it alone would be
        if (orders.length) expect(dates[0]).toBe(firstDateWithCapacity(orders[0], rounds(capacity), now));
      }),
      { numRuns: 100 },
    );
  });
});
