// Catalogue fixtures of the integration tests.
import { sql } from "drizzle-orm";
import { idList, query, type Db } from "#server/db/client.ts";

/** The first `n` models of active products, put on sale with 100,000 units in stock and as purchase ceiling: writes
 * of a test never meet a stock or ceiling limit unless the test sets one. */
export async function plentifulModels(db: Db, n: number): Promise<number[]> {
  const ids = (
    await query<{ id: number }>(
      db,
      sql`select m.id from models m join products p on p.id = m.product_id where p.active order by m.id limit ${n}`,
    )
  ).map((r) => r.id);
  await query(db, sql`update models set stock = 100000, purchasable_qty = 100000, not_for_sale = false where id = any(${idList(ids)})`);
  return ids;
}
