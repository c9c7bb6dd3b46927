// Buyers with a pickup cart and credit notes, for the tests of the credit balance and of the documents that show it.
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import type { TestApp } from "./app.ts";

export type CreditBuyers = Awaited<ReturnType<typeof creditBuyers>>;

/** Sets one model to 50.00 HT a unit at 20 % (60.00 TTC), in stock, and returns what makes buyers of it. */
export async function creditBuyers(t: TestApp, kind: string) {
  const db = t.database.db;
  let seq = 0;
  const [{ id: shopId }] = await query<{ id: number }>(db, sql`select id from shops order by id limit 1`);
  const [{ id: modelId }] = await query<{ id: number }>(
    db,
    sql`select m.id from models m join products p on p.id = m.product_id
        where p.active and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 1`,
  );
  await query(
    db,
    sql`update models set stock = 100000, purchasable_qty = 10000, not_for_sale = false, price = 50, site_price = 50, tva = 0.2 where id = ${modelId}`,
  );

  /** The customer's pickup cart holding `units` of the model. */
  async function fill(customerId: number, units: number) {
    const [cart] = await query<{ id: number }>(
      db,
      sql`insert into carts (customer_id, pickup_method, shop_id, delivery_mode) values (${customerId}, 2, ${shopId}, 'pickup')
          on conflict (customer_id) do update set pickup_method = 2 returning id`,
    );
    await query(
      db,
      sql`insert into cart_lines (cart_id, model_id, num) values (${cart.id}, ${modelId}, ${units}) on conflict (cart_id, model_id) do update set num = ${units}`,
    );
  }

  /** A new customer with a pickup cart of `units` × 60.00 TTC and credit notes of the given balances. */
  async function buyer(units: number, credits: string[]) {
    const n = ++seq;
    const [c] = await query<{ id: number }>(
      db,
      sql`insert into customers (client_number, title, first_name, last_name, company, email, password_hash)
          values (${`D${kind}${n}`}, 'M', 'Jean', ${`Avoir${n}`}, ${`Société ${n}`}, ${`avoir${n}-${kind}@exemple.fr`}, 'x') returning id`,
    );
    await fill(c.id, units);
    for (const [i, amount] of credits.entries()) {
      await query(
        db,
        sql`insert into credit_notes (number, customer_id, amount_ttc, remaining_ttc, reason, issued_at)
            values (${`AVT${kind}${n}-${i}`}, ${c.id}, ${amount}::numeric, ${amount}::numeric, 'Test', now() - ${`${10 - i} days`}::interval)`,
      );
    }
    return { id: c.id, email: `avoir${n}-${kind}@exemple.fr` };
  }

  /** Places the buyer's cart, spending their credit when asked. */
  const place = (c: { id: number; email: string }, use_credit: boolean) =>
    t.app.services.orderPlacement.place(
      { db, customer: c, lang: "fr" },
      { idempotency_key: `doc-${kind}-${String(++seq).padStart(12, "0")}`, note: "", use_credit, accept_cgv: true },
    );

  return { shopId, modelId, fill, buyer, place };
}
