// Prices of customer groups (decision 157): staff write groups and lists (audited, by permission, a stale form
// refused); a buyer of a group sees the group's price in the cart and the order charges that same price, in random
// price lists and carts; a list changed while a cart is open gives an order at one consistent price. PGlite, and
// PostgreSQL (separate connections) when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { createTestApp, get, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { staffContextOf } from "#server/test/staff.ts";
import { withTransaction } from "#server/db/tx.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import type { PriceGroupForm } from "#core/validation/price-groups.ts";

type Model = { id: number; reference: string; category_id: number; product_id: number };
type CartJson = {
  cart_info: { totalAmount: string; grandTotal: string };
  cart_list: { model_id: number; price: string; amount: string; num: number }[];
};

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: { key?: string }) => e.key ?? String(e),
  );

describe.each(testDbKinds())("customer group prices (%s)", (kind) => {
  let t: TestApp;
  let db: Db;
  let shopId: number;
  let ms: Model[];
  /** A model out of every list, priced 100: keeps each order above the minimum. */
  let anchor: Model;
  let catalogue: StaffContext;
  let service: StaffContext;
  let warehouse: StaffContext;
  let seq = 0;
  const s = () => t.app.services.staffPriceGroups;
  const save = (f: PriceGroupForm, ctx = catalogue) => s().save(ctx, f);
  const version = async (id: number) => (await s().list(db)).find((g) => g.id === id)!.version;

  async function buyer(lines: [number, number][]) {
    const n = `${kind}${++seq}`;
    const [c] = await query<{ id: number }>(
      db,
      sql`insert into customers (client_number, title, first_name, last_name, email, password_hash)
          values (${`G${n}`}, 'M', 'Acheteur', ${n}, ${`g${n}@exemple.fr`}, 'x') returning id`,
    );
    const [cart] = await query<{ id: number }>(
      db,
      sql`insert into carts (customer_id, pickup_method, shop_id) values (${c.id}, 2, ${shopId}) returning id`,
    );
    for (const [model, num] of lines)
      await query(db, sql`insert into cart_lines (cart_id, model_id, num) values (${cart.id}, ${model}, ${num})`);
    return { id: c.id, email: `g${n}@exemple.fr` };
  }
  const view = async (id: number): Promise<CartJson> =>
    JSON.parse(await t.app.services.cart.viewJson({ db, customer: { id }, lang: "fr" }));
  const place = (c: { id: number; email: string }) =>
    t.app.services.orderPlacement.place(
      { db, customer: c, lang: "fr" },
      { idempotency_key: `gp-${kind}-${++seq}-000000`, note: "", accept_cgv: true },
    );
  const orderLines = (orderId: number) =>
    query<{ model_id: number; price: string; num: number }>(
      db,
      sql`select model_id, price::text as price, num from order_lines where order_id = ${orderId} order by model_id`,
    );
  const newGroup = async (name: string) => (await save({ intent: "create", name })).id!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    [{ id: shopId }] = await query<{ id: number }>(db, sql`select id from shops order by id limit 1`);
    const rows = await query<Model>(
      db,
      sql`select m.id, m.reference, p.category_id, m.product_id from models m join products p on p.id = m.product_id
          where p.active and p.category_id is not null and not exists (select 1 from promotions pr where pr.model_id = m.id)
          order by m.id limit 6`,
    );
    [anchor, ...ms] = rows;
    await query(
      db,
      sql`update models set stock = 100000, purchasable_qty = 100000, not_for_sale = false where id in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    await query(db, sql`update models set price = 100, site_price = 100 where id = ${anchor.id}`);
    for (const [i, m] of ms.entries())
      await query(db, sql`update models set price = ${20 + i * 7.5}, site_price = ${20 + i * 7.5} where id = ${m.id}`);
    catalogue = await staffContextOf(t.app, "catalogue@comptoir-emballage.fr");
    service = await staffContextOf(t.app, "service-client@comptoir-emballage.fr");
    warehouse = await staffContextOf(t.app, "entrepot@comptoir-emballage.fr");
  }, 120_000);
  afterAll(() => t.close());

  it("catalogue staff write groups and lists, audited; other roles are refused; a stale form gets a conflict", async () => {
    const before = (await db.select().from(auditLog).where(eq(auditLog.entity, "price_group"))).length;
    expect(await refusal(save({ intent: "create", name: "Refusé" }, warehouse))).toBe("admin.permission_denied");
    const id = await newGroup("Revendeurs");
    expect(await refusal(save({ intent: "create", name: "revendeurs" }))).toBe("pricing.name_taken");
    const v = await version(id);
    await save({ intent: "model", id, version: v, reference: ms[0].reference, min_qty: 1, price: "12.3456" });
    expect(await refusal(save({ intent: "model", id, version: v, reference: ms[0].reference, min_qty: 10, price: "11" }))).toBe(
      "pricing.stale",
    );
    expect(await refusal(save({ intent: "model", id, version: v + 1, reference: "NOPE-404", min_qty: 1, price: "1" }))).toBe(
      "pricing.reference_unknown",
    );
    await save({ intent: "category", id, version: v + 1, category_id: ms[1].category_id, percent: "12.5" });
    const d = (await s().detail(db, id))!;
    expect(d.tiers).toEqual([{ model_id: ms[0].id, reference: ms[0].reference, min_qty: 1, price: "12.3456" }]);
    expect(d.percents.map((p) => p.percent)).toEqual(["12.50"]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entity, "price_group"));
    expect(audits.length - before).toBe(3);

    const c = await buyer([]);
    expect(await refusal(s().setCustomerGroup(warehouse, c.id, id))).toBe("admin.permission_denied");
    await s().setCustomerGroup(service, c.id, id);
    expect(
      (await db.select().from(auditLog).where(eq(auditLog.entity, "customer"))).some(
        (a) => a.entityId === String(c.id) && a.action === "price_group",
      ),
    ).toBe(true);
    expect(await refusal(save({ intent: "delete", id, version: await version(id) }))).toBe("pricing.group_in_use");
    await s().setCustomerGroup(service, c.id, null);
    await save({ intent: "delete", id, version: await version(id) });
    expect(await s().detail(db, id)).toBeNull();
  });

  it("a buyer of the group sees the tier for their quantity and the category's percentage, and the order charges them", async () => {
    const id = await newGroup(`Tiers ${kind}`);
    let v = await version(id);
    await save({ intent: "model", id, version: v++, reference: ms[0].reference, min_qty: 1, price: "15" });
    await save({ intent: "model", id, version: v++, reference: ms[0].reference, min_qty: 50, price: "14.25" });
    await save({ intent: "category", id, version: v++, category_id: ms[2].category_id, percent: "10" });
    const c = await buyer([
      [anchor.id, 1],
      [ms[0].id, 60],
      [ms[2].id, 3],
    ]);
    const plain = await view(c.id);
    expect(plain.cart_list.find((l) => l.model_id === ms[0].id)!.price).toBe("20.0000");
    await s().setCustomerGroup(service, c.id, id);
    await expect.poll(async () => (await view(c.id)).cart_list.find((l) => l.model_id === ms[0].id)!.price).toBe("14.25");
    const shown = await view(c.id);
    const base2 = 20 + 2 * 7.5;
    // models sharing ms[2]'s category get 10 % off too; ms[2] itself for sure
    expect(shown.cart_list.find((l) => l.model_id === ms[2].id)!.price).toBe(String(base2 * 0.9));
    const placed = await place(c);
    const lines = await orderLines(placed.id);
    for (const l of lines) expect(Number(l.price)).toBe(Number(shown.cart_list.find((x) => x.model_id === l.model_id)!.price));
    expect(placed.total_ttc).toBe(shown.cart_info.grandTotal);
  });

  it("property: for random price lists and carts, the price the cart shows is the price the order charges", async () => {
    const tierArb = fc.record({
      m: fc.integer({ min: 0, max: ms.length - 1 }),
      min: fc.integer({ min: 1, max: 30 }),
      cents: fc.integer({ min: 100, max: 9_999_999 }),
    });
    const percentArb = fc.record({ m: fc.integer({ min: 0, max: ms.length - 1 }), p: fc.integer({ min: 1, max: 9000 }) });
    const cartArb = fc.uniqueArray(fc.record({ m: fc.integer({ min: 0, max: ms.length - 1 }), num: fc.integer({ min: 1, max: 60 }) }), {
      selector: (l) => l.m,
      minLength: 1,
      maxLength: ms.length,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(tierArb, { maxLength: 6 }),
        fc.array(percentArb, { maxLength: 2 }),
        cartArb,
        async (tiers, percents, cart) => {
          const id = await newGroup(`P ${kind} ${++seq}`);
          // written straight in one transaction: the list is what the staff service would leave
          await withTransaction(db, async (tx) => {
            for (const x of tiers)
              await query(
                tx,
                sql`insert into price_group_models (group_id, model_id, min_qty, price) values (${id}, ${ms[x.m].id}, ${x.min}, ${(x.cents / 10000).toFixed(4)})
                  on conflict (group_id, model_id, min_qty) do update set price = excluded.price`,
              );
            for (const x of percents)
              await query(
                tx,
                sql`insert into price_group_categories (group_id, category_id, percent) values (${id}, ${ms[x.m].category_id}, ${(x.p / 100).toFixed(2)})
                  on conflict (group_id, category_id) do update set percent = excluded.percent`,
              );
          });
          // six anchors stay above the 50 € minimum order even at the largest percentage drawn (90 % off 100 €)
          const c = await buyer([[anchor.id, 6], ...cart.map((l): [number, number] => [ms[l.m].id, l.num])]);
          await query(db, sql`update customers set price_group_id = ${id} where id = ${c.id}`);
          const shown = await view(c.id);
          const placed = await place(c);
          const lines = await orderLines(placed.id);
          expect(lines.map((l) => [l.model_id, Number(l.price), l.num])).toEqual(
            [...shown.cart_list].sort((a, b) => a.model_id - b.model_id).map((l) => [l.model_id, Number(l.price), l.num]),
          );
          expect(placed.total_ttc).toBe(shown.cart_info.grandTotal);
        },
      ),
      { numRuns: kind === "pg" ? 15 : 10 },
    );
  }, 240_000);

  it("a list changed while a cart is open: the order charges the price shown again after the change, every line from one version", async () => {
    const id = await newGroup(`Change ${kind}`);
    let v = await version(id);
    await save({ intent: "model", id, version: v++, reference: ms[0].reference, min_qty: 1, price: "10" });
    await save({ intent: "model", id, version: v++, reference: ms[1].reference, min_qty: 1, price: "10" });
    const c = await buyer([
      [anchor.id, 1],
      [ms[0].id, 5],
      [ms[1].id, 5],
    ]);
    await s().setCustomerGroup(service, c.id, id);
    expect((await view(c.id)).cart_list.filter((l) => l.model_id !== anchor.id).map((l) => l.price)).toEqual(["10", "10"]);
    await save({ intent: "model", id, version: v++, reference: ms[0].reference, min_qty: 1, price: "9" });
    await expect.poll(async () => (await view(c.id)).cart_list.find((l) => l.model_id === ms[0].id)!.price).toBe("9");
    const shown = await view(c.id);
    const placed = await place(c);
    expect(placed.total_ttc).toBe(shown.cart_info.grandTotal);
    expect((await orderLines(placed.id)).filter((l) => l.model_id !== anchor.id).map((l) => l.price)).toEqual(["9.0000", "10.0000"]);

    // Racing: both models move from 10 to 8 in one staff transaction while orders are placed; each order is priced
    // entirely from before or entirely from after the change.
    await save({ intent: "model", id, version: v++, reference: ms[0].reference, min_qty: 1, price: "10" });
    const buyers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const b = await buyer([
          [anchor.id, 1],
          [ms[0].id, 5],
          [ms[1].id, 5],
        ]);
        await query(db, sql`update customers set price_group_id = ${id} where id = ${b.id}`);
        return b;
      }),
    );
    const change = withTransaction(t.database.db, async (tx) => {
      await query(tx, sql`update price_group_models set price = 8 where group_id = ${id}`);
      await query(tx, sql`select pg_sleep(0.05)`);
    });
    const placedAll = await Promise.all([...buyers.map((b) => place(b)), change.then(() => null)]);
    for (const p of placedAll) {
      if (!p) continue;
      const prices = (await orderLines(p.id)).filter((l) => l.model_id !== anchor.id).map((l) => l.price);
      expect([
        ["10.0000", "10.0000"],
        ["8.0000", "8.0000"],
      ]).toContainEqual(prices);
    }
  });

  it("the product API gives a logged-in buyer of the group their prices, and the anonymous visitor none", async () => {
    const id = await newGroup(`Fiche ${kind}`);
    let v = await version(id);
    await save({ intent: "model", id, version: v++, reference: ms[0].reference, min_qty: 1, price: "19" });
    await save({ intent: "model", id, version: v++, reference: ms[0].reference, min_qty: 10, price: "18.5" });
    const c = await buyer([[ms[0].id, 10]]);
    await s().setCustomerGroup(service, c.id, id);
    const token = await t.app.services.sessions.create(db, c.id);
    type Detail = {
      data: { models: { id: number; price: string; group_price?: string; group_tiers?: { min: number; price: string }[] }[] };
    };
    const model = (d: Detail) => d.data.models.find((m) => m.id === ms[0].id)!;
    const anonymous = (await get(t.app, "/site/Product/detail", { id: String(ms[0].product_id) })).json<Detail>();
    expect(model(anonymous).group_price).toBeUndefined();
    const mine = (await get(t.app, "/site/Product/detail", { id: String(ms[0].product_id) }, { token })).json<Detail>();
    expect(model(mine)).toMatchObject({ price: "20.0000", group_price: "19", group_tiers: [{ min: 10, price: "18.5" }] });
    // the cart charges what the page said for 10 units
    expect((await view(c.id)).cart_list[0].price).toBe("18.5");
  });
});
