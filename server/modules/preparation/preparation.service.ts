// The warehouse's preparation (DESIGN §9): the orders to prepare, filtered by planned day and delivery mode; their
// papers (picking list, delivery slips, both in one file) for ticked orders or a whole day, in the staff member's
// language; and the start of the preparation of ticked orders, each order its own audited write. Reads only, but
// for the start, which goes through the order life (order-life.service.ts).
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  customers,
  modelTranslations,
  models,
  orderLines,
  orders,
  productTranslations,
  receiptArrangements,
} from "#server/db/schema/index.ts";
import type { Lang } from "#core/lang.ts";
import { translate } from "#core/i18n/messages.ts";
import { forbidden, isDomainError } from "#core/domain-errors.ts";
import { can } from "#core/staff/permissions.ts";
import { packingOf, pickingOrder, PRINTABLE, TO_PREPARE, type Packing, type PickLine } from "#core/preparation/picking.ts";
import type { PreparationFile, PreparationFilter, PreparationSelection } from "#core/validation/preparation.ts";
import type { OrderAddress } from "#core/order-view.ts";
import type { CartConfig } from "#core/cart/types.ts";
import type { ConfigService } from "#server/modules/content/config.service.ts";
import { measureConfig } from "#server/modules/checkout/checkout-cart.ts";
import type { OrderLifeService } from "#server/modules/orders/order-life.service.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import { renderPreparationPdf, type PreparationPart } from "./preparation-pdf.ts";

/** The most orders one file holds (a day's deliveries fit; more is narrowed by the delivery mode). */
export const SHEET_MAX_ORDERS = 1000;

const iso = (column: SQL | typeof orders.createdAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const shopName = (lang: Lang) => sql<string | null>`(select st.name from shop_translations st where st.shop_id = ${orders.shopId}
  order by st.lang = ${lang} desc, st.lang = 'fr' desc limit 1)`;

function modeFilter(mode: PreparationFilter["mode"]): SQL | undefined {
  if (mode === undefined) return undefined;
  if (mode === "pickup") return eq(orders.pickupMethod, 2);
  return and(eq(orders.deliveryMode, mode), eq(orders.pickupMethod, 1));
}

/** One order of the queue. */
export type PreparationRow = {
  id: number;
  number: string;
  status: string;
  placed_at: string;
  planned_date: string | null;
  delivery_mode: string | null;
  pickup: boolean;
  shop_name: string | null;
  zip_code: string | null;
  city: string | null;
  customer: { company: string | null; name: string; client_number: string };
  lines: number;
};

/** An order's line on its papers: what to pick (`quantity`, gifts included), of which `gifted` offered. */
export type SheetLine = PickLine & { gifted: number };

/** An order as its papers show it. */
export type SheetOrder = {
  id: number;
  number: string;
  placed_at: string;
  planned_date: string | null;
  delivery_mode: string | null;
  pickup: boolean;
  shop_name: string | null;
  customer: { name: string; contact: string | null; client_number: string; phone: string | null };
  address: OrderAddress | null;
  receiving: { days: { weekday: number; morning: boolean; afternoon: boolean }[]; note: string | null } | null;
  packing: Packing;
  /** In walking order. */
  lines: SheetLine[];
};

/** What a file is about: a day (and mode), or ticked orders. */
export type SheetScope = { date: string | null; mode: string | null };

/** The parts of each file, in their order: the picking list before the slips. */
const PARTS: Record<PreparationFile, readonly PreparationPart[]> = { picking: ["picking"], slips: ["slips"], all: ["picking", "slips"] };

export type StartResult =
  { id: number; number: string | null; ok: true } | { id: number; number: string | null; ok: false; reason: string };

export function createPreparation(deps: { orderLife: OrderLifeService; config: ConfigService }) {
  /** The orders to prepare (up to `limit`, earliest planned first, then oldest), and how many there are. */
  async function queue(q: Db, filter: PreparationFilter, lang: Lang, limit: number): Promise<{ list: PreparationRow[]; total: number }> {
    const where = and(
      inArray(orders.status, [...TO_PREPARE]),
      filter.date !== undefined ? eq(orders.plannedDeliveryDate, filter.date) : undefined,
      modeFilter(filter.mode),
    );
    const rows = await q
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        placed_at: iso(orders.createdAt),
        planned_date: orders.plannedDeliveryDate,
        delivery_mode: orders.deliveryMode,
        pickup: sql<boolean>`${orders.pickupMethod} = 2`,
        shop_name: shopName(lang),
        zip_code: sql<string | null>`${orders.deliveryAddress} ->> 'zip_code'`,
        city: sql<string | null>`${orders.deliveryAddress} ->> 'city'`,
        customer: {
          company: customers.company,
          name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
          client_number: customers.clientNumber,
        },
        lines: sql<number>`(select count(*) from ${orderLines} where ${orderLines.orderId} = ${orders.id})::int`,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(sql`${orders.plannedDeliveryDate} asc nulls last`, asc(orders.createdAt), asc(orders.id))
      .limit(limit);
    return { list: rows.map(({ total: _, ...r }) => ({ ...r, pickup: Boolean(r.pickup) })), total: rows[0]?.total ?? 0 };
  }

  /**
   * The orders of a selection with everything their papers show, in planned-day then number order: ticked orders
   * that are to prepare or prepared and not gone, or the day's orders to prepare. None: an empty list.
   */
  async function sheets(q: Db, selection: PreparationSelection, lang: Lang): Promise<SheetOrder[]> {
    const where =
      "ids" in selection
        ? and(inArray(orders.id, selection.ids), inArray(orders.status, [...PRINTABLE]))
        : and(inArray(orders.status, [...TO_PREPARE]), eq(orders.plannedDeliveryDate, selection.date), modeFilter(selection.mode));
    const found = await q
      .select({
        id: orders.id,
        number: orders.number,
        placed_at: iso(orders.createdAt),
        planned_date: orders.plannedDeliveryDate,
        delivery_mode: orders.deliveryMode,
        pickup: sql<boolean>`${orders.pickupMethod} = 2`,
        shop_name: shopName(lang),
        address: orders.deliveryAddress,
        parcels: orders.parcels,
        pallets: orders.pallets,
        weight_kg: orders.weightKg,
        customer_id: customers.id,
        company: customers.company,
        first_name: customers.firstName,
        last_name: customers.lastName,
        client_number: customers.clientNumber,
        phone: customers.phone,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(sql`${orders.plannedDeliveryDate} asc nulls last`, asc(orders.number))
      .limit(SHEET_MAX_ORDERS);
    if (!found.length) return [];
    const ids = found.map((o) => o.id);
    const [lines, receipts, config] = await Promise.all([
      q
        .select({
          order_id: orderLines.orderId,
          reference: orderLines.reference,
          unit: orderLines.unit,
          num: orderLines.num,
          gifted: orderLines.giftedUnits,
          // the catalogue's name in the staff member's language; the ordered text when the model is gone
          name: sql<string>`coalesce(${productTranslations.name} || coalesce(' – ' || nullif(${modelTranslations.label}, ${models.reference}), ''), ${orderLines.designation})`,
          location: models.location,
          volume: models.volume,
          poids: models.poids,
        })
        .from(orderLines)
        .leftJoin(models, eq(models.id, orderLines.modelId))
        .leftJoin(productTranslations, and(eq(productTranslations.productId, models.productId), eq(productTranslations.lang, lang)))
        .leftJoin(modelTranslations, and(eq(modelTranslations.modelId, models.id), eq(modelTranslations.lang, lang)))
        .where(inArray(orderLines.orderId, ids)),
      q
        .select()
        .from(receiptArrangements)
        .where(inArray(receiptArrangements.customerId, [...new Set(found.map((o) => o.customer_id))])),
      deps.config.siteConfig(),
    ]);
    const measures: CartConfig = measureConfig(config);
    const linesOf = new Map<number, typeof lines>();
    for (const l of lines) {
      const list = linesOf.get(l.order_id);
      if (list) list.push(l);
      else linesOf.set(l.order_id, [l]);
    }
    const receivingOf = new Map(receipts.map((r) => [r.customerId, r]));
    return found.map((o) => {
      const own = linesOf.get(o.id) ?? [];
      const receiving = receivingOf.get(o.customer_id);
      const person = `${o.first_name} ${o.last_name}`.trim();
      return {
        id: o.id,
        number: o.number,
        placed_at: o.placed_at,
        planned_date: o.planned_date,
        delivery_mode: o.delivery_mode,
        pickup: Boolean(o.pickup),
        shop_name: o.shop_name,
        customer: { name: o.company || person, contact: o.company ? person : null, client_number: o.client_number, phone: o.phone },
        address: o.address as OrderAddress | null,
        receiving: receiving ? { days: [...receiving.days].sort((a, b) => a.weekday - b.weekday), note: receiving.note } : null,
        packing: packingOf(
          own.map((l) => ({ quantity: l.num + l.gifted, unit: l.unit, volume: l.volume, poids: l.poids })),
          measures,
          { parcels: o.parcels, pallets: o.pallets, weight_kg: o.weight_kg },
        ),
        lines: pickingOrder(
          own.map((l) => ({
            reference: l.reference,
            name: l.name,
            unit: l.unit,
            quantity: l.num + l.gifted,
            gifted: l.gifted,
            location: l.location,
          })),
        ),
      };
    });
  }

  /**
   * The file of a selection's papers in `lang`, and the numbers of its orders; null when no order of the selection
   * has papers to print.
   */
  async function pdf(
    q: Db,
    file: PreparationFile,
    selection: PreparationSelection,
    lang: Lang,
    opts: { at?: Date; step?: (done: number, total: number) => Promise<void> } = {},
  ) {
    const list = await sheets(q, selection, lang);
    if (!list.length) return null;
    const scope: SheetScope = "ids" in selection ? { date: null, mode: null } : { date: selection.date, mode: selection.mode ?? null };
    const pdf = await renderPreparationPdf({ lang, parts: PARTS[file], orders: list, scope, at: opts.at ?? new Date(), step: opts.step });
    return { pdf, numbers: list.map((o) => o.number) };
  }

  /**
   * Starts the preparation of each order (the machine's `start_preparation`), one audited write each: an order
   * refused (unknown, not to prepare any more, taken by someone else) says why and leaves the others be.
   */
  async function start(ctx: StaffContext, ids: readonly number[]): Promise<StartResult[]> {
    if (!can(ctx.staff.roles, "preparation:write")) throw forbidden("admin.permission_denied");
    const known = await ctx.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(inArray(orders.id, [...ids]));
    const numberOf = new Map(known.map((o) => [o.id, o.number]));
    const results: StartResult[] = [];
    for (const id of ids) {
      const number = numberOf.get(id);
      if (number === undefined) {
        results.push({ id, number: null, ok: false, reason: translate(ctx.lang, "admin.prep_order_unknown") });
        continue;
      }
      try {
        await deps.orderLife.apply(ctx, id, { type: "start_preparation" });
        results.push({ id, number, ok: true });
      } catch (e) {
        if (!isDomainError(e)) throw e;
        results.push({ id, number, ok: false, reason: translate(ctx.lang, e.key, e.vars) });
      }
    }
    return results;
  }

  return { queue, sheets, pdf, start };
}

export type PreparationService = ReturnType<typeof createPreparation>;
