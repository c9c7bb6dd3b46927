// A coupon's limit per customer and its chosen customers at order placement (decision 150): the count of the
// customer's orders with the coupon is read after the coupon's row is locked, so concurrent placements by one
// customer use it no more than the limit. PGlite, and PostgreSQL with separate connections when TEST_DATABASE_URL is
// set (the race only means something there).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { preparedStatements, query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { makeOrder } from "#server/test/payments.ts";
import { customerCouponUsesSql, customerMayUse, useCouponSql, type CustomerUsesRow } from "./order-placement.service.ts";

describe.each(testDbKinds())("a coupon limited per customer at order placement (%s)", (kind) => {
  let t: TestApp;
  let db: Db;
  let shopId: number;
  let plain: number;
  let seq = 0;
  const key = () => `cpc-${kind}-${String(++seq).padStart(12, "0")}`;
  const place = (c: { id: number; email: string }, lang: "fr" | "zh" = "fr") =>
    t.app.services.orderPlacement.place({ db, customer: c, lang }, { idempotency_key: key(), note: "", accept_cgv: true });

  async function customer(n: string) {
    const email = `cpc-${n}@exemple.fr`;
    const [c] = await query<{ id: number }>(
      db,
      sql`insert into customers (client_number, title, first_name, last_name, email, password_hash)
          values (${`CPC${kind}${n}`.toUpperCase().slice(0, 20)}, 'M', 'Client', ${n}, ${email}, 'x') returning id`,
    );
    await query(db, sql`insert into carts (customer_id, pickup_method, shop_id) values (${c.id}, 2, ${shopId})`);
    return { id: c.id, email };
  }
  /** Fills the customer's cart (goods 250 € HT) with the coupon on it. */
  const fill = async (c: { id: number }, couponId: number) => {
    await query(db, sql`delete from cart_lines where cart_id = (select id from carts where customer_id = ${c.id})`);
    await query(db, sql`insert into cart_lines (cart_id, model_id, num) select id, ${plain}, 10 from carts where customer_id = ${c.id}`);
    await query(db, sql`update carts set coupon_id = ${couponId} where customer_id = ${c.id}`);
  };
  const coupon = async (code: string, perCustomer: number | null, maxUses = 10) =>
    (
      await query<{ id: number }>(
        db,
        sql`insert into coupons (code, value, min_amount, max_uses, per_customer_uses) values (${`${code}-${kind}`}, 0.1, 0, ${maxUses}, ${perCustomer}) returning id`,
      )
    )[0].id;
  const withCoupon = async (c: { id: number }, couponId: number) =>
    (
      await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders where customer_id = ${c.id} and coupon_id = ${couponId} and status <> 'cancelled'`,
      )
    )[0].n;
  const usesOf = async (id: number) => (await query<{ uses: number }>(db, sql`select uses from coupons where id = ${id}`))[0].uses;

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    [{ id: shopId }] = await query<{ id: number }>(db, sql`select id from shops order by id limit 1`);
    [{ id: plain }] = await query<{ id: number }>(
      db,
      sql`select m.id from models m join products p on p.id = m.product_id
          where p.active and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 1`,
    );
    await query(
      db,
      sql`update models set stock = 100000, purchasable_qty = 5000, not_for_sale = false, price = 25, site_price = 25 where id = ${plain}`,
    );
  }, 120_000);
  afterAll(() => t.close());

  it("uses the coupon once for a customer limited to one use; a second order is refused; a cancelled one gives it back", async () => {
    const c = await customer("once");
    const id = await coupon("ONCE", 1);
    await fill(c, id);
    expect(await place(c)).toMatchObject({ discount_amount: "25.00" });
    await fill(c, id);
    await expect(place(c)).rejects.toMatchObject({ key: "api.coupon_unavailable" });
    await expect(place(c, "zh")).rejects.toMatchObject({ key: "api.coupon_unavailable" });
    expect(await withCoupon(c, id)).toBe(1);
    expect(await usesOf(id)).toBe(1);
    // another customer still may
    const other = await customer("other");
    await fill(other, id);
    expect(await place(other)).toMatchObject({ discount_amount: "25.00" });
    // the first order cancelled, the customer may use it again
    await query(db, sql`update orders set status = 'cancelled' where customer_id = ${c.id}`);
    expect(await place(c)).toMatchObject({ discount_amount: "25.00" });
  });

  it("refuses the coupon to a customer not among its chosen customers, changing nothing", async () => {
    const chosen = await customer("chosen");
    const outsider = await customer("outsider");
    const id = await coupon("CHOSEN", null);
    await query(db, sql`insert into coupon_customers (coupon_id, customer_id) values (${id}, ${chosen.id})`);
    await fill(outsider, id);
    await expect(place(outsider)).rejects.toMatchObject({ key: "api.coupon_unavailable" });
    expect(await usesOf(id)).toBe(0);
    const { cart_info } = await t.app.services.cart.view({ db, customer: outsider, lang: "fr" });
    expect(Number(cart_info.discountAmount)).toBe(0); // the cart takes nothing off either
    await fill(chosen, id);
    expect(await place(chosen)).toMatchObject({ discount_amount: "25.00" });
  });

  it("three concurrent placements by one customer limited to one use: exactly one order uses the coupon", async () => {
    const c = await customer("race");
    const id = await coupon("RACE", 1);
    await fill(c, id);
    const results = await Promise.allSettled([place(c), place(c), place(c)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await withCoupon(c, id)).toBe(1);
    expect(await usesOf(id)).toBe(1);
  });

  it("three concurrent transactions of one customer through the placement's guard: exactly one passes", async () => {
    // Three orders of one customer from three carts at once (as three sessions would): each runs placement's guard
    // on its own connection, then writes its order. The count is read after the coupon's lock, so two of them see
    // the first's committed order.
    const c = await customer("guard");
    const id = await coupon("GUARD", 1);
    const p = { couponId: id, customerId: c.id };
    const attempt = () =>
      withTransaction(db, async (tx) => {
        const [used, mine] = await preparedStatements<[unknown[], CustomerUsesRow[]]>(tx, [useCouponSql(p), customerCouponUsesSql(p)]);
        if (used.length === 0 || !customerMayUse(mine[0])) throw new Error("refused");
        await new Promise((r) => setTimeout(r, 30)); // the lock held a while: the others wait on it
        await makeOrder(tx, c.id, { couponId: id });
      });
    const results = await Promise.allSettled([attempt(), attempt(), attempt()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await withCoupon(c, id)).toBe(1);
    expect(await usesOf(id)).toBe(1);
  });
});
