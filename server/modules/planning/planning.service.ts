// Delivery planning (decision 138): the board of two working weeks × the freight zones, each round with its orders
// and their load against its capacity, where each delivery stands in the customer's confirmation; the orders to plan
// with the first date each fits; the capacities staff set (audited); the round sheet of a date and zone. Planning
// itself is the order life's `plan` event (orders/order-life.service.ts): this module only reads and proposes.
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, deliveryCapacities, deliveryCapacityDays, freightZones, orders, receiptArrangements } from "#server/db/schema/index.ts";
import { forbidden, isDomainError, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { can } from "#core/staff/permissions.ts";
import { PROPOSE_MAX_DAYS, addDays, shopToday } from "#core/aftersales/deliveries.ts";
import { boardSpan, deliveryFlow, type DeliveryFlow } from "#core/planning/board.ts";
import { orderLoad, proposeDates, receivesOn, type Load } from "#core/planning/capacity.ts";
import type { Tariff } from "#core/freight-tariff.ts";
import type { StaffOrderEvent } from "#core/orders/life.ts";
import type { CapacityAction } from "#core/validation/planning.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import type { OrderLifeService } from "#server/modules/orders/order-life.service.ts";
import { LOAD_COLUMNS, ON_ROUND, roundsBetween, zoneCodeOf } from "./rounds.ts";
import { renderRoundSheet } from "./round-sheet-pdf.ts";

/** The latest date the order was planned on or moved to (its timeline), and whether the shop moved it last. */
const lastPlan = sql`(select e.event || ' ' || coalesce(e.details ->> 'date', '') from order_events e
  where e.order_id = ${orders.id} and e.event in ('plan', 'reschedule') order by e.at desc, e.id desc limit 1)`;

/** What the board, the list to plan and the round sheet read of an order. */
const COLUMNS = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  customer_id: orders.customerId,
  company: customers.company,
  name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
  customer_phone: customers.phone,
  address: orders.deliveryAddress,
  planned: sql<string | null>`${orders.plannedDeliveryDate}::text`,
  delivery_status: orders.deliveryStatus,
  proposed: sql<string | null>`${orders.deliveryProposedDate}::text`,
  rdv: orders.rdv,
  toll_ht: orders.highwayTollHt,
  note: orders.note,
  paid_at: orders.paidAt,
  last_plan: sql<string | null>`${lastPlan}`,
  receiving: receiptArrangements.days,
  receiving_note: receiptArrangements.note,
  ...LOAD_COLUMNS,
};

const selectOrders = (q: Db) =>
  q
    .select(COLUMNS)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(receiptArrangements, eq(receiptArrangements.customerId, orders.customerId));

type Row = Awaited<ReturnType<typeof selectOrders>>[number];

const field = (a: unknown, k: string) => {
  const v = (a as Record<string, unknown> | null)?.[k];
  return typeof v === "string" ? v : "";
};

/** An order as the board and the list to plan show it. */
export type PlanningOrder = {
  id: number;
  number: string;
  status: string;
  customer: string;
  zip: string;
  city: string;
  load: Load;
  /** The load is what the preparation recorded (not the cart's count). */
  prepared: boolean;
  rdv: boolean;
  /** The route's highway toll excl. tax, null when there is none. */
  toll_ht: string | null;
  flow: DeliveryFlow | null;
  /** The customer's other day (unavailable on the planned one). */
  proposed_date: string | null;
  /** The date the order was last planned on (a delivery the customer cancelled). */
  last_date: string | null;
  /** The customer receives goods on the planned date's weekday (their receiving times). */
  receives: boolean;
};

function view(o: Row): PlanningOrder {
  const [lastEvent, lastDate] = (o.last_plan ?? "").split(" ");
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    customer: o.company || o.name,
    zip: o.zip ?? "",
    city: field(o.address, "city"),
    load: orderLoad(o),
    prepared: o.pallets !== null || o.parcels !== null,
    rdv: o.rdv,
    toll_ht: Number(o.toll_ht) > 0 ? String(o.toll_ht) : null,
    flow: deliveryFlow({ delivery_status: o.delivery_status, rescheduled: lastEvent === "reschedule" }),
    proposed_date: o.proposed,
    last_date: lastDate || null,
    receives: o.planned === null || receivesOn(o.receiving, o.planned),
  };
}

export type Round = { zone: string; capacity: Load; used: Load; orders: PlanningOrder[] };
export type ToPlan = PlanningOrder & { zone: string | null; proposed: string | null };

/** Most orders the list to plan shows (the oldest first); the board says how many more wait. */
export const TO_PLAN_MAX = 100;

export function createPlanning(deps: { tariff: (q: Db) => Promise<Tariff>; orderLife: OrderLifeService }) {
  /** The freight zones in the tariff's order, named in `lang`. */
  async function zones(q: Db, lang: Lang): Promise<{ code: string; name: string }[]> {
    return q
      .select({ code: freightZones.code, name: lang === "zh" ? freightZones.nameZh : freightZones.nameFr })
      .from(freightZones)
      .orderBy(asc(freightZones.position), asc(freightZones.code));
  }

  /**
   * The board of the two weeks around `day`: each working day's rounds (zone by zone) with their orders, capacity and
   * load; the orders to plan (processing deliveries, the oldest paid first) with the first date each fits, each
   * counting the dates proposed before it.
   */
  async function board(q: Db, opts: { day: string; now: Date; lang: Lang }) {
    const tariff = await deps.tariff(q);
    const span = boardSpan(opts.day);
    const today = shopToday(opts.now);
    const last = span.dates.at(-1) ?? span.from;
    const horizon = addDays(today, PROPOSE_MAX_DAYS);
    const [zoneList, rounds, planned, waiting, [{ n: waitingTotal }]] = await Promise.all([
      zones(q, opts.lang),
      roundsBetween(q, tariff, span.from < today ? span.from : today, last > horizon ? last : horizon),
      selectOrders(q)
        .where(
          and(gte(orders.plannedDeliveryDate, span.from), lte(orders.plannedDeliveryDate, last), inArray(orders.status, [...ON_ROUND])),
        )
        .orderBy(sql`${orders.deliveryAddress} ->> 'zip_code'`, orders.number),
      selectOrders(q)
        .where(and(eq(orders.status, "processing"), eq(orders.pickupMethod, 1)))
        .orderBy(sql`${orders.paidAt} nulls last`, orders.id)
        .limit(TO_PLAN_MAX),
      q
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.status, "processing"), eq(orders.pickupMethod, 1))),
    ]);
    const none = { code: "", name: translate(opts.lang, "planning.zone_none") };
    const unzoned = planned.some((o) => zoneCodeOf(tariff, o.zip) === null);
    const columns = unzoned ? [...zoneList, none] : zoneList;
    const days = span.dates.map((date) => ({
      date,
      rounds: columns.map((z): Round => ({
        zone: z.code,
        capacity: z.code ? rounds.capacity(z.code, date) : { pallets: 0, parcels: 0 },
        used: z.code ? rounds.used(z.code, date) : { pallets: 0, parcels: 0 },
        orders: planned.filter((o) => o.planned === date && (zoneCodeOf(tariff, o.zip) ?? "") === z.code).map(view),
      })),
    }));
    const candidates = waiting.map((o) => ({ zone: zoneCodeOf(tariff, o.zip), load: orderLoad(o), receiving: o.receiving }));
    const proposals = proposeDates(candidates, rounds, opts.now);
    const toPlan: ToPlan[] = waiting.map((o, i) => ({ ...view(o), zone: candidates[i].zone, proposed: proposals[i] }));
    return { span, today, zones: columns, days, toPlan, waiting: waitingTotal };
  }

  const numbersOf = async (q: Db, ids: readonly number[]) =>
    new Map(
      (
        await q
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(inArray(orders.id, [...ids]))
      ).map((o) => [o.id, o.number]),
    );

  /** An order planned on a date (forced past its round's capacity when asked) or taken back: the order life's event. */
  async function move(ctx: StaffContext, orderId: number, event: Extract<StaffOrderEvent, { type: "plan" | "unplan" }>, now = new Date()) {
    await deps.orderLife.apply(ctx, orderId, event, now);
    return { number: (await numbersOf(ctx.db, [orderId])).get(orderId)! };
  }

  /**
   * Plans each order on the date proposed to it (as the board showed it), one staff write each through the order
   * life: a date no longer possible (its round filled meanwhile) is refused for that order alone, never forced.
   */
  async function planProposed(ctx: StaffContext, picks: readonly { order: number; date: string }[], now = new Date()) {
    const done: string[] = [];
    const refusals: { number: string; reason: string }[] = [];
    const numbers = await numbersOf(
      ctx.db,
      picks.map((p) => p.order),
    );
    for (const p of picks) {
      const number = numbers.get(p.order) ?? `#${p.order}`;
      try {
        await deps.orderLife.apply(ctx, p.order, { type: "plan", date: p.date }, now);
        done.push(number);
      } catch (e) {
        if (!isDomainError(e) || e.kind === "forbidden") throw e;
        refusals.push({ number, reason: translate(ctx.lang, e.key, e.vars) });
      }
    }
    return { done, refusals };
  }

  /** Each zone's default capacity, and the dates from today on that have their own. */
  async function capacities(q: Db, lang: Lang, now: Date) {
    const [list, defaults, days] = await Promise.all([
      zones(q, lang),
      q.select().from(deliveryCapacities),
      q
        .select({
          zone: deliveryCapacityDays.zoneCode,
          date: sql<string>`${deliveryCapacityDays.day}::text`,
          pallets: deliveryCapacityDays.pallets,
          parcels: deliveryCapacityDays.parcels,
        })
        .from(deliveryCapacityDays)
        .where(gte(deliveryCapacityDays.day, shopToday(now)))
        .orderBy(deliveryCapacityDays.day, deliveryCapacityDays.zoneCode),
    ]);
    const byZone = new Map(defaults.map((d) => [d.zoneCode, { pallets: d.pallets, parcels: d.parcels }]));
    return { zones: list.map((z) => ({ ...z, capacity: byZone.get(z.code) ?? null })), days };
  }

  /** A capacity set or removed by staff (planning:write), audited; a date before today is refused. */
  async function setCapacity(ctx: StaffContext, a: CapacityAction, now = new Date()): Promise<void> {
    if (!can(ctx.staff.roles, "planning:write")) throw forbidden("admin.permission_denied");
    if (a.intent !== "default" && a.date < shopToday(now)) throw refused("planning.capacity_date_past");
    await staffWrite(ctx, async ({ db }, audit) => {
      const [zone] = await db.select({ code: freightZones.code }).from(freightZones).where(eq(freightZones.code, a.zone));
      if (!zone) throw refused("planning.zone_invalid");
      const load = (r: { pallets: number; parcels: number } | undefined) => (r ? { pallets: r.pallets, parcels: r.parcels } : null);
      if (a.intent === "default") {
        const [before] = await db.select().from(deliveryCapacities).where(eq(deliveryCapacities.zoneCode, a.zone)).for("update");
        const set = { pallets: a.pallets, parcels: a.parcels, updatedAt: sql`now()` };
        await db
          .insert(deliveryCapacities)
          .values({ zoneCode: a.zone, ...set })
          .onConflictDoUpdate({ target: deliveryCapacities.zoneCode, set });
        return audit({ entity: "delivery_capacity", id: a.zone, action: "default", before: load(before), after: load(a) });
      }
      const day = and(eq(deliveryCapacityDays.zoneCode, a.zone), eq(deliveryCapacityDays.day, a.date));
      const [before] = await db.select().from(deliveryCapacityDays).where(day).for("update");
      if (a.intent === "clear") {
        if (!before) return;
        await db.delete(deliveryCapacityDays).where(day);
        return audit({ entity: "delivery_capacity", id: `${a.zone} ${a.date}`, action: "clear", before: load(before), after: null });
      }
      const set = { pallets: a.pallets, parcels: a.parcels, updatedAt: sql`now()` };
      await db
        .insert(deliveryCapacityDays)
        .values({ zoneCode: a.zone, day: a.date, ...set })
        .onConflictDoUpdate({ target: [deliveryCapacityDays.zoneCode, deliveryCapacityDays.day], set });
      await audit({ entity: "delivery_capacity", id: `${a.zone} ${a.date}`, action: "day", before: load(before), after: load(a) });
    });
  }

  /**
   * The round sheet of a date and zone as a PDF in `lang`: its stops ordered by zip code, each with its address,
   * receiving times of that weekday, phone, load, appointment and toll. A delivery the customer declined (unavailable
   * that day, or cancelled) is no stop. An unknown zone is not found.
   */
  async function roundSheet(q: Db, date: string, zone: string, lang: Lang): Promise<{ name: string; pdf: Buffer }> {
    const tariff = await deps.tariff(q);
    const [z] = await q
      .select({ code: freightZones.code, name: lang === "zh" ? freightZones.nameZh : freightZones.nameFr })
      .from(freightZones)
      .where(eq(freightZones.code, zone));
    if (!z) throw notFound();
    const rows = await selectOrders(q)
      .where(and(eq(orders.plannedDeliveryDate, date), inArray(orders.status, [...ON_ROUND])))
      .orderBy(sql`${orders.deliveryAddress} ->> 'zip_code'`, orders.number);
    const stops = rows
      .filter(
        (o) => zoneCodeOf(tariff, o.zip) === zone && o.delivery_status !== "reschedule_requested" && o.delivery_status !== "cancelled",
      )
      .map((o) => ({
        number: o.number,
        customer: field(o.address, "company") || o.company || o.name,
        contact: [field(o.address, "first_name"), field(o.address, "last_name")].filter(Boolean).join(" "),
        lines: [field(o.address, "line1"), field(o.address, "line2"), `${o.zip ?? ""} ${field(o.address, "city")}`.trim()].filter(Boolean),
        phone: field(o.address, "phone") || o.customer_phone || "",
        receiving: o.receiving ?? null,
        receiving_note: o.receiving_note,
        load: orderLoad(o),
        rdv: o.rdv,
        toll_ht: Number(o.toll_ht) > 0 ? String(o.toll_ht) : null,
        confirmed: o.delivery_status === "confirmed",
        note: o.note,
      }));
    const pdf = await renderRoundSheet({ lang, date, zone: z.name, stops });
    return { name: `${date}-${zone}`, pdf };
  }

  return { zones, board, move, planProposed, capacities, setCapacity, roundSheet };
}

export type PlanningService = ReturnType<typeof createPlanning>;
