// The back office's order queue (DESIGN §9): every order, filtered, searched, sorted and paged in SQL. The page is
// read along its sort's index; the matching rows are counted apart, up to COUNT_CAP (counting 200,000 orders would
// cost more than the page). It reads only.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, freightZoneDepartments, freightZones, orders } from "#server/db/schema/index.ts";
import { SHOP_TIME_ZONE } from "#core/format-date.ts";
import type { Lang } from "#core/lang.ts";
import type { StaffOrderQuery, StaffOrderSort } from "#core/validation/staff-orders.ts";
import type { StaffOrderPage, StaffOrderRow } from "#core/contracts/staff-orders.ts";
import { customerMatch, literal } from "#server/modules/customers/customer-search.ts";

export type { StaffOrderRow };

export const iso = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The moment a day (YYYY-MM-DD) starts in the shop's time zone, and the next day's. */
export const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${SHOP_TIME_ZONE}`;
export const nextDayStart = (day: string) => sql`(${day}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`;
/** The department of the delivery address (its zip code's first two characters): the freight zone's key. */
const department = sql`left(${orders.deliveryAddress} ->> 'zip_code', 2)`;

/** Past this many matching customers, their orders are found by a scan along the sort, not by customer. */
const CUSTOMER_IDS_CAP = 1_000;
/** Only letters, digits and dashes can be part of an order number (CE2026-000123). */
const NUMBER_PART = /^[A-Za-z0-9-]+$/;

/**
 * Orders whose number holds the text, or whose customer's client number, company, name, e-mail, phone or SIRET does
 * (without regard to accents or case). The customers are looked up first through their trigram index: up to
 * CUSTOMER_IDS_CAP, their ids go into the orders' condition, which then reads each one's orders by its index (the
 * planner cannot foresee how few customers a pattern matches, and would read every order); past it, they match
 * so many orders that a scan along the sort finds a page at once.
 */
export async function searchOf(q: Db, text: string): Promise<SQL> {
  const match = customerMatch(text);
  const found = await q
    .select({ id: customers.id })
    .from(customers)
    .where(match)
    .limit(CUSTOMER_IDS_CAP + 1);
  const byCustomer =
    found.length > CUSTOMER_IDS_CAP
      ? sql`${orders.customerId} in (select ${customers.id} from ${customers} where ${match})`
      : sql`${orders.customerId} = any(${`{${found.map((c) => c.id).join(",")}}`}::int[])`;
  const trimmed = text.trim();
  if (!NUMBER_PART.test(trimmed)) return byCustomer;
  return sql`(upper(${orders.number}) like upper(${`%${literal(trimmed)}%`}) or ${byCustomer})`;
}

async function filterOf(q: Db, query: StaffOrderQuery): Promise<SQL | undefined> {
  const where: (SQL | undefined)[] = [];
  if (query.q !== undefined) where.push(await searchOf(q, query.q));
  if (query.status !== undefined) where.push(inArray(orders.status, query.status));
  if (query.payment === "paid") where.push(isNotNull(orders.paidAt));
  if (query.payment === "unpaid") where.push(isNull(orders.paidAt));
  if (query.placed_from !== undefined) where.push(gte(orders.createdAt, dayStart(query.placed_from)));
  if (query.placed_to !== undefined) where.push(lt(orders.createdAt, nextDayStart(query.placed_to)));
  if (query.mode === "pickup") where.push(eq(orders.pickupMethod, 2));
  else if (query.mode !== undefined) where.push(and(eq(orders.deliveryMode, query.mode), eq(orders.pickupMethod, 1)));
  if (query.planned === "none") where.push(isNull(orders.plannedDeliveryDate));
  else if (query.planned !== undefined) where.push(eq(orders.plannedDeliveryDate, query.planned));
  if (query.zone !== undefined)
    where.push(
      sql`${department} in (select ${freightZoneDepartments.department} from ${freightZoneDepartments} where ${freightZoneDepartments.zoneCode} = ${query.zone})`,
      eq(orders.pickupMethod, 1),
    );
  if (query.shop !== undefined) where.push(eq(orders.shopId, query.shop));
  if (query.customer !== undefined) where.push(eq(orders.customerId, query.customer));
  if (query.min_ttc !== undefined) where.push(gte(orders.totalTtc, query.min_ttc));
  if (query.max_ttc !== undefined) where.push(sql`${orders.totalTtc} <= ${query.max_ttc}`);
  return where.length ? and(...where) : undefined;
}

/** Each sort, ending on a unique key so that pages never overlap. */
const ORDER_BY: Record<StaffOrderSort, SQL[]> = {
  placed_desc: [desc(orders.createdAt), desc(orders.id)],
  placed_asc: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.totalTtc), desc(orders.id)],
  total_asc: [asc(orders.totalTtc), asc(orders.id)],
  planned_asc: [sql`${orders.plannedDeliveryDate} asc nulls last`, asc(orders.createdAt), asc(orders.id)],
  number_desc: [desc(orders.number)],
};

/** The queue counts matching orders up to this; past it the page says "more than" and pages on without a last one. */
export const COUNT_CAP = 10_000;
/**
 * A search counts up to this: it is for finding an order, and a word that thousands of customers share (a town, a
 * mail domain) would otherwise read tens of thousands of orders to count them (p95 ≤ 50 ms, docs/performance.md).
 */
export const SEARCH_COUNT_CAP = 1_000;

export function createStaffOrders(countCap = COUNT_CAP) {
  /** One page of the queue; shop and zone names in `lang`. */
  async function list(q: Db, query: StaffOrderQuery, lang: Lang = "fr"): Promise<StaffOrderPage> {
    const filter = await filterOf(q, query);
    const shopName = sql<string | null>`(select st.name from shop_translations st where st.shop_id = ${orders.shopId}
      order by st.lang = ${lang} desc, st.lang = 'fr' desc limit 1)`;
    // the page's ids first, along the sort's index; the columns shown only for them (an offset skips bare ids)
    const onPage = q
      .select({ id: orders.id })
      .from(orders)
      .where(filter)
      .orderBy(...ORDER_BY[query.sort])
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .as("on_page");
    const rows = await q
      .select({
        id: orders.id,
        number: orders.number,
        placed_at: iso(orders.createdAt),
        customer: {
          id: customers.id,
          client_number: customers.clientNumber,
          company: customers.company,
          name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
          email: customers.email,
        },
        status: orders.status,
        paid_at: iso(orders.paidAt) as SQL<string | null>,
        cancelled_at: iso(orders.cancelledAt) as SQL<string | null>,
        total_ttc: orders.totalTtc,
        delivery_mode: orders.deliveryMode,
        pickup: sql<boolean>`${orders.pickupMethod} = 2`,
        shop_id: orders.shopId,
        shop_name: shopName,
        planned_date: orders.plannedDeliveryDate,
        delivery_status: orders.deliveryStatus,
        zip_code: sql<string | null>`${orders.deliveryAddress} ->> 'zip_code'`,
        city: sql<string | null>`${orders.deliveryAddress} ->> 'city'`,
        zone_code: freightZones.code,
        zone_name: lang === "zh" ? freightZones.nameZh : freightZones.nameFr,
      })
      .from(orders)
      .innerJoin(onPage, eq(onPage.id, orders.id))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(freightZoneDepartments, sql`${freightZoneDepartments.department} = ${department} and ${orders.pickupMethod} = 1`)
      .leftJoin(freightZones, eq(freightZones.code, freightZoneDepartments.zoneCode))
      .orderBy(...ORDER_BY[query.sort]);
    const { total, capped } = await count(q, filter, query, rows.length);
    return {
      list: rows.map((r) => ({ ...r, pickup: Boolean(r.pickup), total_ttc: String(r.total_ttc) })),
      total,
      capped,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** How many orders match, up to the cap (a search's is lower): a first page that is not full is all of them. */
  async function count(q: Db, filter: SQL | undefined, query: StaffOrderQuery, onPage: number) {
    if (query.page === 1 && onPage < query.page_size) return { total: onPage, capped: false };
    const cap = query.q === undefined ? countCap : Math.min(countCap, SEARCH_COUNT_CAP);
    const matching = q
      .select({ one: sql`1` })
      .from(orders)
      .where(filter)
      .limit(cap + 1)
      .as("matching");
    const [{ n }] = await q.select({ n: sql<number>`count(*)::int` }).from(matching);
    return { total: Math.min(n, cap), capped: n > cap };
  }

  /** The freight zones, for the filter's choices: code and name in `lang`, in the tariff's order. */
  async function zones(q: Db, lang: Lang = "fr"): Promise<{ code: string; name: string }[]> {
    return q
      .select({ code: freightZones.code, name: lang === "zh" ? freightZones.nameZh : freightZones.nameFr })
      .from(freightZones)
      .orderBy(asc(freightZones.position), asc(freightZones.code));
  }

  return { list, zones };
}

export type StaffOrdersService = ReturnType<typeof createStaffOrders>;
