// Erasure and order placement on the same account (decision 147), on PostgreSQL with separate connections: the
// erasure locks the customer's row, placement reads it under a share lock. An erasure that holds the row first makes
// the order waiting behind it refused (the account is erased and refused, its cart gone): no order for an erased
// account. An order being placed first holds the erasure back until it commits; the erasure then sees the unpaid
// order and is refused, nothing erased. Two erasures at once: one erases, the other is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { staffContextOf } from "#server/test/staff.ts";

const SERVICE = "service-client@comptoir-emballage.fr";
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "done",
    (e: { key?: string }) => e.key ?? String(e),
  );
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDbKinds().filter((k) => k === "pg"))("erasure and placement at once (%s)", (kind) => {
  let t: TestApp;
  let db: Db;
  let shopId: number;
  let modelId: number;
  let seq = 0;
  const erase = async (clientNumber: string) =>
    outcome(t.app.services.customerPrivacy.erase(await staffContextOf(t.app, SERVICE), clientNumber));
  const place = (c: { id: number; email: string }) =>
    outcome(
      t.app.services.orderPlacement.place(
        { db, customer: c, lang: "fr" },
        { idempotency_key: `erase-${kind}-${++seq}-0000000000`, note: "", accept_cgv: true },
      ),
    );
  const ordersOf = async (id: number) =>
    (await query<{ n: number }>(db, sql`select count(*)::int as n from orders where customer_id = ${id}`))[0].n;
  const emailOf = async (id: number) => (await query<{ email: string }>(db, sql`select email from customers where id = ${id}`))[0].email;

  /** An approved account with a pickup cart of one model. */
  async function buyer() {
    const n = ++seq;
    const [c] = await query<{ id: number; client_number: string; email: string }>(
      db,
      sql`insert into customers (client_number, title, first_name, last_name, email, password_hash)
          values (${`R${n}`}, 'M', 'Race', ${`N${n}`}, ${`race${n}@exemple.fr`}, 'x') returning id, client_number, email`,
    );
    await query(db, sql`insert into carts (customer_id, pickup_method, shop_id) values (${c.id}, 2, ${shopId})`);
    await query(db, sql`insert into cart_lines (cart_id, model_id, num) select id, ${modelId}, 2 from carts where customer_id = ${c.id}`);
    return c;
  }
  /** Holds the customer's row (`mode`) on its own connection until released; runs `also` inside first. */
  async function hold(id: number, mode: "update" | "share", also?: (tx: Db) => Promise<void>) {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const held = new Promise<void>((r) => (locked = r));
    const done = withTransaction(db, async (tx) => {
      await query(tx, sql`select id from customers where id = ${id} for ${sql.raw(mode)}`);
      await also?.(tx);
      locked();
      await gate;
    });
    await held;
    return async () => {
      release();
      await done;
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    [{ id: shopId }] = await query<{ id: number }>(db, sql`select id from shops order by id limit 1`);
    [{ id: modelId }] = await query<{ id: number }>(
      db,
      sql`select m.id from models m join products p on p.id = m.product_id
          where p.active and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 1`,
    );
    await query(
      db,
      sql`update models set stock = 1000, purchasable_qty = 500, not_for_sale = false, price = 40, site_price = 40 where id = ${modelId}`,
    );
  }, 120_000);
  afterAll(() => t?.close());

  it("refuses the order queued behind an erasure: no order for an erased account", async () => {
    const c = await buyer();
    const release = await hold(c.id, "update");
    const erasing = erase(c.client_number);
    await pause(150); // the erasure waits for the row first
    const placing = place(c);
    await pause(150);
    await release();
    expect(await erasing).toBe("done");
    expect(await placing).toBe("api.account_refused");
    expect(await ordersOf(c.id)).toBe(0);
  });

  it("holds the erasure back until an order being placed commits, then refuses it (unpaid order)", async () => {
    const c = await buyer();
    // an order being placed: the share lock of placement, its unpaid order written, not yet committed
    const release = await hold(c.id, "share", async (tx) => {
      await query(
        tx,
        sql`insert into orders (number, customer_id, status, total_ht, total_tva, total_ttc)
            values (${`RACE${seq}`}, ${c.id}, 'unpaid', 10, 2, 12)`,
      );
    });
    let settled = false;
    const erasing = erase(c.client_number).finally(() => (settled = true));
    await pause(300);
    expect(settled, "the erasure waits for the order").toBe(false);
    await release();
    expect(await erasing).toBe("admin.customer_erase_unpaid");
    expect(await emailOf(c.id)).toBe(c.email);
  });

  it("erases once when two staff erase at once", async () => {
    const c = await buyer();
    const results = await Promise.all([erase(c.client_number), erase(c.client_number)]);
    expect(results.sort()).toEqual(["admin.customer_already_erased", "done"]);
  });
});
