// The statements of the cart's write use cases (decision 113), one function each. A use case runs them inside one
// transaction, in this order:
// 1. lockCart (lockCartsSql for a group of carts, cart-write-groups.ts), a statement of its own: it waits for any
//    other write of the cart to commit. Under READ COMMITTED a
//    statement that locks a row and reads other rows in the same statement reads those others in the snapshot it
//    started with, from before the lock was granted: it would miss the lines the writer it waited for committed.
// 2. a read of what core needs to decide (linesAndModels, cartsOf): a new statement, so a new snapshot, which sees
//    every line committed before the lock was granted; no other write of the cart can happen until the commit.
//    Sent in the same write as the lock (preparedStatements): still a statement of its own, run after the lock.
// 3. the writes core decided (putLinesSql, setCartLinesSql, deleteLinesSql), guarded by the table's constraints only,
// 4. and cartStateSql, the cart as the answer shows it: both the transaction's last statements, sent in one write
//    with the COMMIT (writeThenRead). A group of writes answers from its read of step 2 instead (decision 124).
import { sql, type SQL } from "drizzle-orm";
import { finalStatement, finalStatements, idList, preparedStatements, query, type Db, type Statement } from "#server/db/client.ts";
import { json, statement, type Filled } from "#server/db/statement.ts";
import type { Quantity } from "#core/cart/writes.ts";
import type { LiveModel } from "./cart-models.ts";
import { cartState, cartStateSql, parsed, type CartState, type CartStateRow, type LineTuple } from "./cart-view.ts";

/** A read sent with the lock: its statement, and what its rows mean. */
type CartRead<T> = { sql: SQL | Filled; parse: (rows: never[]) => T };

/**
 * Locks the customer's cart row until the transaction ends, then runs `read`, in one write (steps 1 and 2). Null: the
 * customer has no cart. With `deferNotice` the transaction's cart triggers leave the `cart:` notice to the caller,
 * who sends it once committed (cart-notices.ts; the mark of server/db/functions.sql).
 */
export async function lockCart<T>(
  tx: Db,
  customerId: number,
  deferNotice: boolean,
  read: CartRead<T>,
): Promise<{ cartId: number; read: T } | null> {
  const [[cart], rows] = await preparedStatements<[{ id: number }[], never[]]>(tx, [lockCartsSql([customerId], deferNotice), read.sql]);
  return cart ? { cartId: cart.id, read: read.parse(rows) } : null;
}

/** lockCart, the cart created first when the customer has none. */
export async function lockOrCreateCart<T>(
  tx: Db,
  customerId: number,
  deferNotice: boolean,
  read: CartRead<T>,
): Promise<{ cartId: number; read: T }> {
  const locked = await lockCart(tx, customerId, deferNotice, read);
  if (locked) return locked;
  await query(tx, sql`insert into carts (customer_id) values (${customerId}) on conflict (customer_id) do nothing`);
  return (await lockCart(tx, customerId, deferNotice, read))!;
}

/** The customer's cart's lines (model and quantity) and the live counters of the models `modelIds`; a model unknown to the database is absent. */
export const linesAndModels = (
  customerId: number,
  modelIds: readonly number[],
): CartRead<{ lines: Quantity[]; models: Map<number, LiveModel> }> => ({
  sql: readLinesSql({ customerId, modelIds }),
  parse: ([r]: { lines: [number, number][] | string; models: [number, number, number, boolean][] | string }[]) => ({
    lines: parsed(r.lines)!.map(([model_id, num]) => ({ model_id, num })),
    models: liveModelsOf(r.models),
  }),
});

const liveModelsOf = (models: [number, number, number, boolean][] | string) =>
  new Map(parsed(models)!.map(([id, stock, purchasable_qty, not_for_sale]) => [id, { id, stock, purchasable_qty, not_for_sale }]));

// Each model read by its key (LATERAL … LIMIT 1, decision 100): a kept plan, made for any list of ids, would otherwise
// join the ids to a scan of every model.
export const readLinesSql = statement(
  (p: { customerId: number; modelIds: readonly number[] }) => sql`
  select (select coalesce(json_agg(json_build_array(l.model_id, l.num)), '[]') from cart_lines l
          where l.cart_id = (select c.id from carts c where c.customer_id = ${p.customerId})) as lines,
         (${modelsSql(p.modelIds)}) as models`,
);

const modelsSql = (modelIds: readonly number[]) => sql`
  select coalesce(json_agg(json_build_array(m.id, m.stock, m.purchasable_qty, m.withdrawn)), '[]')
  from json_array_elements_text(${json(modelIds)}::json) i
  cross join lateral (select m.id, m.stock, m.purchasable_qty, m.not_for_sale or not p.active as withdrawn
                      from models m join products p on p.id = m.product_id where m.id = i.value::bigint limit 1) m`;

/**
 * The cart rows of these customers, locked until the transaction ends in id order (two transactions locking several
 * carts never wait on each other in a cycle), for the grouped writes (cart-write-groups.ts); `deferNotice` as lockCart.
 */
export const lockCartsSql = (customerIds: readonly number[], deferNotice: boolean) =>
  (deferNotice ? lockCartsDeferred : lockCarts)({ customerIds });
const lockCartsWith = (mark: SQL) =>
  statement(
    (p: { customerIds: readonly number[] }) => sql`
  select id, customer_id, ${mark} as deferred from carts
  where customer_id = any(${idList(p.customerIds)})
  order by id for update`,
  );
const lockCarts = lockCartsWith(sql`null`);
const lockCartsDeferred = lockCartsWith(sql`set_config('comptoir.cart_notice', 'after_commit', true)`);

/** Empty carts for these customers (none of whom has one yet, or another transaction made it first). */
export const createCartsSql = (customerIds: readonly number[]) => sql`
  insert into carts (customer_id) select unnest(${idList(customerIds)})
  on conflict (customer_id) do nothing`;

/**
 * These customers' carts as loadCart reads them (row, address, coupon, lines with their models' live counters), and
 * the live counters of the models `modelIds`: what the grouped writes decide on and answer from (cart-write-groups.ts).
 */
export const cartsOf = (
  customerIds: readonly number[],
  modelIds: readonly number[],
): CartRead<{ carts: Map<number, CartState>; models: Map<number, LiveModel> }> => ({
  sql: cartsAndModelsSql({ customerIds, modelIds }),
  parse: ([r]: {
    carts: [number, CartStateRow["head"], LineTuple[]][] | string;
    models: [number, number, number, boolean][] | string;
  }[]) => ({
    carts: new Map(parsed(r.carts)!.map(([customer, head, lines]) => [customer, cartState(head, lines)])),
    models: liveModelsOf(r.models),
  }),
});

const cartsAndModelsSql = statement(
  (p: { customerIds: readonly number[]; modelIds: readonly number[] }) => sql`
  select (select coalesce(json_agg(json_build_array(c.customer_id, comptoir_cart_head(c), comptoir_cart_lines(c.id))), '[]')
          from carts c where c.customer_id = any(${idList(p.customerIds)})) as carts,
         (${modelsSql(p.modelIds)}) as models`,
);

/** Nothing to read with the lock (a removal decides nothing). */
export const nothing: CartRead<null> = { sql: sql`select`, parse: () => null };

/**
 * putLinesSql for the lines of several carts; answers the id of each line written. A new line is dated by the clock,
 * not by its transaction's start: newer than every line committed before it, whichever transaction began first.
 */
export const putCartLinesSql = (lines: readonly (Quantity & { cart_id: number })[]) => putCartLines({ lines });
const putCartLines = statement(
  (p: { lines: readonly (Quantity & { cart_id: number })[] }) => sql`
    insert into cart_lines (cart_id, model_id, num, created_at)
    select (e ->> 'cart_id')::int, (e ->> 'model_id')::int, (e ->> 'num')::int, clock_timestamp()
    from json_array_elements(${json(p.lines)}::json) with ordinality as t(e, n)
    order by n
    on conflict (cart_id, model_id) do update set num = excluded.num, quotation_id = null
    returning id, cart_id, model_id`,
);

/**
 * Gives the lines of these models these quantities, inserting the missing ones in the order given (so the last one
 * given is the newest, first in the cart). A line whose quantity changes leaves its quotation (decision 080).
 */
export const putLinesSql = (cartId: number, lines: readonly Quantity[]) => putCartLinesSql(lines.map((l) => ({ cart_id: cartId, ...l })));

/** Gives these lines these quantities; a line keeps its quotation only when its quantity stays the same (decision 080). */
export const setCartLinesSql = (lines: readonly { id: number; num: number }[]) => setCartLines({ lines, ids: lines.map((l) => l.id) });
const setCartLines = statement(
  (p: { lines: readonly { id: number; num: number }[]; ids: readonly number[] }) => sql`
    update cart_lines l set num = (e ->> 'num')::int, quotation_id = case when l.num = (e ->> 'num')::int then l.quotation_id end
    from json_array_elements(${json(p.lines)}::json) e
    where l.id = any(${idList(p.ids)}) and l.id = (e ->> 'id')::bigint`,
);

/** Deletes these lines (ids read from carts the transaction has locked). */
export const deleteCartLinesSql = (ids: readonly number[]) => deleteCartLines({ ids });
const deleteCartLines = statement((p: { ids: readonly number[] }) => sql`delete from cart_lines where id = any(${idList(p.ids)})`);

/** Deletes the cart's lines of these line ids and of these model ids (ids of another cart's lines match nothing). */
export const deleteLinesSql = (cartId: number, ids: readonly number[], modelIds: readonly number[]) => sql`
    delete from cart_lines where cart_id = ${cartId}
    and (id = any(${idList(ids)}) or model_id = any(${idList(modelIds)}))`;

/**
 * Steps 3 and 4: the write core decided (none: null), then the customer's cart as loadCart reads it (its row,
 * address, coupon and lines with their live counters), as the transaction's last statements: on PostgreSQL they go
 * in one write with the COMMIT (finalStatements). Null: no cart.
 */
export async function writeThenRead(tx: Db, customerId: number, write: Statement): Promise<CartState | null> {
  const [r] = write
    ? (await finalStatements<[unknown[], CartStateRow[]]>(tx, [write, cartStateSql(customerId)]))[1]
    : await finalStatement<CartStateRow>(tx, cartStateSql(customerId));
  return r ? cartState(r.head, r.lines) : null;
}
