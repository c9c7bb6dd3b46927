// The statements of the cart's write use cases (decision 113), one function each. A use case runs them inside one
// transaction, in this order:
// 1. lockCart, a statement of its own: it waits for any other write of the cart to commit. Under READ COMMITTED a
//    statement that locks a row and reads other rows in the same statement reads those others in the snapshot it
//    started with, from before the lock was granted: it would miss the lines the writer it waited for committed.
// 2. a read of what core needs to decide (readLines, readLine): a new statement, so a new snapshot, which sees every
//    line committed before the lock was granted; no other write of the cart can happen until the commit.
// 3. the writes core decided (putLines, setLine, deleteLines), guarded by the table's constraints only.
// 4. readCart, the cart as the answer shows it, the transaction's last statement.
import { sql } from "drizzle-orm";
import { finalStatement, preparedQuery, query, type Db } from "#server/db/client.ts";
import type { Quantity } from "#core/cart/writes.ts";
import type { LiveModel } from "./cart-models.ts";
import { cartState, cartStateSql, parsed, type CartState, type CartStateRow, type LiveLine } from "./cart-view.ts";

/**
 * Locks the customer's cart row until the transaction ends and answers its id (null: the customer has no cart). With
 * `deferNotice` the transaction's cart triggers leave the `cart:` notice to the caller, who sends it once committed
 * (cart-notices.ts; the mark of server/db/functions.sql).
 */
export async function lockCart(tx: Db, customerId: number, deferNotice: boolean): Promise<number | null> {
  const mark = deferNotice ? sql`set_config('comptoir.cart_notice', 'after_commit', true)` : sql`null`;
  const [cart] = await preparedQuery<{ id: number }>(
    tx,
    sql`select id, ${mark} as deferred from carts where customer_id = ${customerId} for update`,
  );
  return cart?.id ?? null;
}

/** lockCart, the cart created first when the customer has none. */
export async function lockOrCreateCart(tx: Db, customerId: number, deferNotice: boolean): Promise<number> {
  const id = await lockCart(tx, customerId, deferNotice);
  if (id !== null) return id;
  await query(tx, sql`insert into carts (customer_id) values (${customerId}) on conflict (customer_id) do nothing`);
  return (await lockCart(tx, customerId, deferNotice))!;
}

/**
 * The cart's lines (model and quantity) and the live counters of the models `modelIds`, in one statement. A model
 * unknown to the database is absent from `models`.
 */
export async function readLines(
  tx: Db,
  cartId: number,
  modelIds: readonly number[],
): Promise<{ lines: Quantity[]; models: Map<number, LiveModel> }> {
  const [r] = await preparedQuery<{ lines: [number, number][] | string; models: [number, number, number, boolean][] | string }>(
    tx,
    readLinesSql(cartId, modelIds),
  );
  return {
    lines: parsed(r.lines)!.map(([model_id, num]) => ({ model_id, num })),
    models: new Map(
      parsed(r.models)!.map(([id, stock, purchasable_qty, not_for_sale]) => [id, { id, stock, purchasable_qty, not_for_sale }]),
    ),
  };
}

// Each model read by its key (LATERAL … LIMIT 1, decision 100): a kept plan, made for any list of ids, would otherwise
// join the ids to a scan of every model.
export const readLinesSql = (cartId: number, modelIds: readonly number[]) => sql`
  select (select coalesce(json_agg(json_build_array(l.model_id, l.num)), '[]') from cart_lines l where l.cart_id = ${cartId}) as lines,
         (select coalesce(json_agg(json_build_array(m.id, m.stock, m.purchasable_qty, m.withdrawn)), '[]')
          from json_array_elements_text(${JSON.stringify(modelIds)}::json) i
          cross join lateral (select m.id, m.stock, m.purchasable_qty, m.not_for_sale or not p.active as withdrawn
                              from models m join products p on p.id = m.product_id where m.id = i.value::bigint limit 1) m) as models`;

/** The cart's line `id`, or when `id` is null its line of model `modelId`, with its model's live counters (null: none). */
export async function readLine(tx: Db, cartId: number, id: number | null, modelId: number | null): Promise<LiveLine | null> {
  const [line] = await preparedQuery<LiveLine>(tx, readLineSql(cartId, id, modelId));
  return line ?? null;
}

export const readLineSql = (cartId: number, id: number | null, modelId: number | null) => sql`
  select l.id, l.model_id, l.num, l.quotation_id, m.stock, m.purchasable_qty, m.not_for_sale
  from cart_lines l
  cross join lateral (select m.stock, m.purchasable_qty, m.not_for_sale or not p.active as not_for_sale
                      from models m join products p on p.id = m.product_id where m.id = l.model_id limit 1) m
  where l.cart_id = ${cartId} and case when ${id}::bigint is not null then l.id = ${id}::bigint else l.model_id = ${modelId}::bigint end`;

/**
 * Gives the lines of these models these quantities, inserting the missing ones in the order given (so the last one
 * given is the newest, first in the cart). A line whose quantity changes leaves its quotation (decision 080).
 */
export async function putLines(tx: Db, cartId: number, lines: readonly Quantity[]): Promise<void> {
  if (lines.length === 0) return;
  await preparedQuery(
    tx,
    sql`
    insert into cart_lines (cart_id, model_id, num)
    select ${cartId}, (e ->> 'model_id')::int, (e ->> 'num')::int from json_array_elements(${JSON.stringify(lines)}::json) with ordinality as t(e, n)
    order by n
    on conflict (cart_id, model_id) do update set num = excluded.num, quotation_id = null`,
  );
}

/** Gives line `id` this quantity; it keeps its quotation only when the quantity stays the same (decision 080). */
export async function setLine(tx: Db, id: number, num: number): Promise<void> {
  await preparedQuery(
    tx,
    sql`update cart_lines set num = ${num}, quotation_id = case when num = ${num} then quotation_id end where id = ${id}`,
  );
}

/** Deletes the cart's lines of these line ids and of these model ids (ids of another cart's lines match nothing). */
export async function deleteLines(tx: Db, cartId: number, ids: readonly number[], modelIds: readonly number[]): Promise<void> {
  await preparedQuery(
    tx,
    sql`
    delete from cart_lines where cart_id = ${cartId}
    and (id in (select value::bigint from json_array_elements_text(${JSON.stringify(ids)}::json))
         or model_id in (select value::bigint from json_array_elements_text(${JSON.stringify(modelIds)}::json)))`,
  );
}

/**
 * The customer's cart as loadCart reads it (its row, address, coupon and lines with their live counters), read as the
 * transaction's last statement: on PostgreSQL the COMMIT goes with it (finalStatement). Null: no cart.
 */
export async function readCart(tx: Db, customerId: number): Promise<CartState | null> {
  const [r] = await finalStatement<CartStateRow>(tx, cartStateSql(customerId));
  return r ? cartState(r.head, r.lines) : null;
}
