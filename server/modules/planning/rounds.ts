// Delivery rounds (decision 138): a date × a freight zone, what it can carry (capacities) and what the orders planned
// on it take (core/planning/capacity.ts). Planning an order takes its round under a lock of the round, so two staff
// filling its last places at once never both succeed unless one of them forces it.
import { and, eq, gte, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { deliveryCapacities, deliveryCapacityDays, freightZones, orders } from "#server/db/schema/index.ts";
import { conflict } from "#core/domain-errors.ts";
import { formatDate } from "#core/format-date.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { zoneOf, type Tariff } from "#core/freight-tariff.ts";
import { NO_LOAD, addLoads, fits, orderLoad, type Load, type LoadFacts, type Rounds } from "#core/planning/capacity.ts";

/** The statuses of an order that holds its planned date's place: planned and on its way (a cancelled one frees it). */
export const ON_ROUND = ["planned", "preparing", "ready", "shipped", "delivered"] as const;

/** What planning reads of an order: its load's facts and its delivery zip code. */
export const LOAD_COLUMNS = {
  delivery_mode: orders.deliveryMode,
  pallets: orders.pallets,
  parcels: orders.parcels,
  cart_pallets: orders.cartPallets,
  cart_parcels: orders.cartParcels,
  zip: sql<string | null>`${orders.deliveryAddress} ->> 'zip_code'`,
};

export type LoadRow = LoadFacts & { zip: string | null };

/** The zone code of an order's delivery zip: the tariff's zone, null outside every zone. */
export const zoneCodeOf = (tariff: Tariff, zip: string | null) => zoneOf(tariff, zip)?.code ?? null;

const cellKey = (zone: string, date: string) => `${zone} ${date}`;

/** The capacities and loads of the rounds from `from` to `to` (inclusive), as core's planning reads them. */
export async function roundsBetween(q: Db, tariff: Tariff, from: string, to: string): Promise<Rounds> {
  const [defaults, days, planned] = await Promise.all([
    q.select().from(deliveryCapacities),
    q
      .select({
        zone: deliveryCapacityDays.zoneCode,
        day: sql<string>`${deliveryCapacityDays.day}::text`,
        pallets: deliveryCapacityDays.pallets,
        parcels: deliveryCapacityDays.parcels,
      })
      .from(deliveryCapacityDays)
      .where(and(gte(deliveryCapacityDays.day, from), lte(deliveryCapacityDays.day, to))),
    q
      .select({ ...LOAD_COLUMNS, date: sql<string>`${orders.plannedDeliveryDate}::text` })
      .from(orders)
      .where(and(gte(orders.plannedDeliveryDate, from), lte(orders.plannedDeliveryDate, to), inArray(orders.status, [...ON_ROUND]))),
  ]);
  const byZone = new Map(defaults.map((d) => [d.zoneCode, { pallets: d.pallets, parcels: d.parcels }]));
  const byDay = new Map(days.map((d) => [cellKey(d.zone, d.day), { pallets: d.pallets, parcels: d.parcels }]));
  const used = new Map<string, Load>();
  for (const o of planned) {
    const zone = zoneCodeOf(tariff, o.zip);
    if (zone === null) continue;
    const key = cellKey(zone, o.date);
    used.set(key, addLoads(used.get(key) ?? NO_LOAD, orderLoad(o)));
  }
  return {
    capacity: (zone, date) => byDay.get(cellKey(zone, date)) ?? byZone.get(zone) ?? NO_LOAD,
    used: (zone, date) => used.get(cellKey(zone, date)) ?? NO_LOAD,
  };
}

/** One round's capacity: its date's own, else its zone's default, else nothing. */
async function capacityOf(q: Db, zone: string, date: string): Promise<Load> {
  const [day] = await q
    .select({ pallets: deliveryCapacityDays.pallets, parcels: deliveryCapacityDays.parcels })
    .from(deliveryCapacityDays)
    .where(and(eq(deliveryCapacityDays.zoneCode, zone), eq(deliveryCapacityDays.day, date)));
  if (day) return day;
  const [d] = await q
    .select({ pallets: deliveryCapacities.pallets, parcels: deliveryCapacities.parcels })
    .from(deliveryCapacities)
    .where(eq(deliveryCapacities.zoneCode, zone));
  return d ?? NO_LOAD;
}

/** The load of the orders on one round, but `except`. */
async function usedOn(q: Db, tariff: Tariff, zone: string, date: string, except: number): Promise<Load> {
  const rows = await q
    .select(LOAD_COLUMNS)
    .from(orders)
    .where(and(eq(orders.plannedDeliveryDate, date), inArray(orders.status, [...ON_ROUND]), ne(orders.id, except)));
  return rows.filter((o) => zoneCodeOf(tariff, o.zip) === zone).reduce((sum, o) => addLoads(sum, orderLoad(o)), NO_LOAD);
}

/** A transaction-long lock of one round (zone, date): the planners of one round queue, those of others do not. */
const lockRound = (zone: string | null, date: string): SQL =>
  sql`select pg_advisory_xact_lock(741380, hashtext(${`${zone ?? ""} ${date}`}))`;

export type TakenRound = { zone: string | null; load: Load; capacity: Load; used: Load; over: boolean };

/**
 * Takes the order's place on the round of `date` in its zone, inside the caller's transaction: the round locked, its
 * capacity and the loads of the other orders on it read under the lock. Past the capacity (or without a zone) it is
 * refused unless `force`; a forced plan says it went over.
 */
export async function takeRound(
  tx: Db,
  tariff: Tariff,
  order: { id: number } & LoadRow,
  date: string,
  opts: { force: boolean; lang: Lang },
): Promise<TakenRound> {
  const zone = zoneCodeOf(tariff, order.zip);
  await query(tx, lockRound(zone, date));
  const load = orderLoad(order);
  const capacity = zone === null ? NO_LOAD : await capacityOf(tx, zone, date);
  const used = zone === null ? NO_LOAD : await usedOn(tx, tariff, zone, date, order.id);
  const over = zone === null || !fits(capacity, used, load);
  if (over && !opts.force) {
    const day = formatDate(date, opts.lang);
    if (zone === null) throw conflict("planning.no_zone", { date: day });
    const [z] = await tx
      .select({ name: opts.lang === "zh" ? freightZones.nameZh : freightZones.nameFr })
      .from(freightZones)
      .where(eq(freightZones.code, zone));
    const vars = { date: day, zone: z?.name ?? zone, pallets: used.pallets, parcels: used.parcels };
    throw conflict("planning.over_capacity", {
      ...vars,
      pallets_max: capacity.pallets,
      parcels_max: capacity.parcels,
      load: translate(opts.lang, "planning.load", { pallets: load.pallets, parcels: load.parcels }),
    });
  }
  return { zone, load, capacity, used, over };
}

/**
 * An order already on the round of `date` whose load changes (an order edit): a load that grows must still fit, taken
 * again under the round's lock (the over-capacity refusal as planning's); one that does not grow keeps its place, even
 * on a round once forced past its capacity, and so does an order planned outside every zone (forced: no round to fill).
 */
export async function keepRoundPlace(tx: Db, tariff: Tariff, order: { id: number } & LoadRow, date: string, before: Load, lang: Lang) {
  const after = orderLoad(order);
  if (after.pallets <= before.pallets && after.parcels <= before.parcels) return;
  if (zoneCodeOf(tariff, order.zip) === null) return;
  await takeRound(tx, tariff, order, date, { force: false, lang });
}
