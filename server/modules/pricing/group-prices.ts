// Reading customer groups' price lists (decision 157). One statement reads a group's list whole (tiers, category
// percentages and the category tree), so a list changed by staff meanwhile is read entirely before or entirely after
// the change. Pages and cart answers read it from the read model (dropped by every change of the list, in every
// process: server/db/functions.sql); the order and quotation requests read it in their transaction.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { statement } from "#server/db/statement.ts";
import type { GroupPriceList, PriceTier } from "#core/pricing/group-prices.ts";
import type { ReadCache } from "#server/read-cache.ts";

type ListRow = {
  group_id: number | null;
  tiers: [number, number, string][] | string | null;
  percents: [number, string][] | string | null;
  parents: [number, number | null][] | string | null;
};

const parsed = <T>(v: T | string | null): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** The list of a row of the statements below; null: no group. */
export function groupList(r: ListRow | undefined): GroupPriceList | null {
  if (!r || r.group_id === null) return null;
  const tiers = new Map<number, PriceTier[]>();
  for (const [model, min, price] of parsed(r.tiers) ?? []) {
    const list = tiers.get(model);
    if (list) list.push({ min, price });
    else tiers.set(model, [{ min, price }]);
  }
  const percents = new Map((parsed(r.percents) ?? []).map(([c, p]) => [c, p] as const));
  const parents = new Map(percents.size ? (parsed(r.parents) ?? []) : []);
  return { groupId: r.group_id, tiers, percents, parents };
}

const listColumns = (group: ReturnType<typeof sql>, models: ReturnType<typeof sql> | null) => sql`
  (select json_agg(json_build_array(t.model_id, t.min_qty, t.price::text)) from price_group_models t
   where t.group_id = ${group} ${models ? sql`and t.model_id in (${models})` : sql``}) as tiers,
  (select json_agg(json_build_array(c.category_id, c.percent::text)) from price_group_categories c where c.group_id = ${group}) as percents,
  (select json_agg(json_build_array(k.id, k.parent_id)) from categories k
   where exists (select 1 from price_group_categories c where c.group_id = ${group})) as parents`;

/** A group's whole list (the read model's). */
const groupListSql = statement(
  (p: { groupId: number }) => sql`
  select g.id as group_id, ${listColumns(sql`g.id`, null)} from price_groups g where g.id = ${p.groupId}`,
);

/**
 * The customer's group and its list for the models of their cart (the order: read after the cart's lock, so the
 * lines it sees are the ones priced). No group: a row with a null group.
 */
export const cartGroupListSql = statement(
  (p: { customerId: number }) => sql`
  select cu.price_group_id as group_id,
         ${listColumns(
           sql`cu.price_group_id`,
           sql`select l.model_id from cart_lines l join carts c on c.id = l.cart_id where c.customer_id = cu.id`,
         )}
  from customers cu where cu.id = ${p.customerId}`,
);

/** The customer's group and its whole list, read now (quotations, staff writes): null without a group. */
export async function customerGroupList(q: Db, customerId: number): Promise<GroupPriceList | null> {
  const [r] = await query<ListRow>(q, customerGroupListSql({ customerId }));
  return groupList(r);
}
const customerGroupListSql = statement(
  (p: { customerId: number }) => sql`
  select cu.price_group_id as group_id, ${listColumns(sql`cu.price_group_id`, null)} from customers cu where cu.id = ${p.customerId}`,
);

export type { ListRow as GroupListRow };

/** Group lists kept in the read model (pages, cart answers): dropped with it on any change of a list. */
export function createGroupPrices(db: Db, cache: ReadCache) {
  /** The group's list, kept; null for no group (or a group deleted meanwhile). */
  async function list(groupId: number | null | undefined): Promise<GroupPriceList | null> {
    if (groupId === null || groupId === undefined) return null;
    return cache.memo(`group-prices:${groupId}`, async () => {
      const [r] = await query<ListRow>(db, groupListSql({ groupId }));
      return groupList(r);
    });
  }

  /** The customer's group id, read now (it is not kept: staff may move them at any time). */
  async function groupOf(q: Db, customerId: number): Promise<number | null> {
    const [r] = await query<{ g: number | null }>(q, sql`select price_group_id as g from customers where id = ${customerId}`);
    return r?.g ?? null;
  }

  /** The list of the customer's group as pages show it. */
  const forCustomer = async (q: Db, customerId: number) => list(await groupOf(q, customerId));

  return { list, groupOf, forCustomer };
}

export type GroupPrices = ReturnType<typeof createGroupPrices>;
