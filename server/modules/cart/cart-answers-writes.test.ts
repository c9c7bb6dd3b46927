// The kept cart answer after each write of something it shows (decision 133): the services drop it once their
// write has committed, so the customer's next call shows the write. The services here hear no database notice
// (no connectReadCache), so only the writes' own drops can keep the kept answer right; each case first checks that
// the write changed the answer, so that a missing drop fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { loadEnv } from "#server/env.ts";
import { createReadCache } from "#server/read-cache.ts";
import { createServices } from "#server/services.ts";
import { contextOf, type Context } from "#server/context.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { cartInfosSchema } from "#core/validation/checkout.ts";
import { editCartSchema } from "#core/validation/cart.ts";

describe.each(testDbKinds())("kept cart answers after each write (%s)", (kind) => {
  let d: Database;
  let services: ReturnType<typeof createServices>;
  let ctx: Context;
  let models: number[];
  let address: { id: number; zip_code: string };
  let shop: number;

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    services = createServices(d, loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), createReadCache());
    ctx = contextOf(d.db, 1, "fr");
    models = (
      await query<{ id: number }>(
        d.db,
        sql`select m.id from models m join products p on p.id = m.product_id
            where p.active and not m.not_for_sale and m.stock >= 50 and m.purchasable_qty >= 50 order by m.id limit 3`,
      )
    ).map((r) => r.id);
    [address] = await query<typeof address>(
      d.db,
      sql`select id, zip_code from addresses where customer_id = 1 and kind = 'delivery' and deleted_at is null order by id limit 1`,
    );
    [{ id: shop }] = await query<{ id: number }>(d.db, sql`select id from shops order by id limit 1`);
    await services.cart.add(ctx, [{ model_id: models[0], num: 2 }]);
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  const kept = async () => JSON.parse(await services.cart.viewJson(ctx)) as unknown;
  const fresh = () => services.cart.view(ctx);

  /** Keeps the answer, runs the write, and expects the next call to answer what a fresh build gives, now changed. */
  async function afterWrite(write: () => Promise<unknown>) {
    const before = await kept();
    expect(await kept()).toEqual(before); // kept: served from memory from here on
    await write();
    const now = await fresh();
    expect(now).not.toEqual(before);
    expect(await kept()).toEqual(now);
  }

  it("an add, an edit and a removal", async () => {
    await afterWrite(() => services.cart.add(ctx, [{ model_id: models[1], num: 1 }]));
    const line = (await fresh()).cart_list.find((l) => l.model_id === models[1])!;
    await afterWrite(() => services.cart.edit(ctx, editCartSchema.parse({ id: line.id, num: 4 })));
    await afterWrite(() => services.cart.remove(ctx, [line.id], []));
  });

  it("the cart's choices: delivery address, mode, pickup", async () => {
    await afterWrite(() => services.checkout.saveParams(ctx, cartInfosSchema.parse({ delivery_addr_id: address.id, pickup_method: 1 })));
    await afterWrite(() => services.checkout.saveParams(ctx, cartInfosSchema.parse({ pickup_method: 2, shop_id: shop })));
    await afterWrite(() => services.checkout.saveParams(ctx, cartInfosSchema.parse({ pickup_method: 1 })));
  });

  it("an edit of the cart's delivery address", async () => {
    await services.checkout.saveParams(ctx, cartInfosSchema.parse({ delivery_addr_id: address.id, pickup_method: 1 }));
    const [a] = await query<Record<string, string>>(
      d.db,
      sql`select title, first_name, last_name, company, line1, city, country, phone from addresses where id = ${address.id}`,
    );
    await afterWrite(() =>
      services.addresses.save(ctx, {
        id: address.id,
        kind: "delivery",
        title: a.title,
        first_name: a.first_name,
        last_name: a.last_name,
        company: a.company,
        line1: `${a.line1} bis`,
        line2: null,
        zip_code: address.zip_code,
        city: a.city,
        country: a.country,
        phone: a.phone,
      } as never),
    );
  });

  it("a quotation loaded into the cart, then cancelled", async () => {
    const q = await services.quotations.create(ctx, { idempotency_key: "kept-answers-quotation-1" });
    await services.cart.add(ctx, [{ model_id: models[2], num: 1 }]);
    await afterWrite(() => services.quotations.toCart(ctx, { id: q.number }));
    await afterWrite(() => services.quotations.cancel(ctx, { id: q.number }));
  });

  it("an order, which empties the cart", async () => {
    await services.checkout.saveParams(ctx, cartInfosSchema.parse({ pickup_method: 2, shop_id: shop }));
    await services.cart.add(ctx, [{ model_id: models[0], num: 20 }]); // above the minimum order amount
    const [{ email }] = await query<{ email: string }>(d.db, sql`select email from customers where id = 1`);
    await afterWrite(() =>
      services.orderPlacement.place(
        { ...ctx, customer: { id: 1, email } },
        { idempotency_key: "kept-answers-order-1", note: "", accept_cgv: true },
      ),
    );
    expect((await kept()) as { cart_list: unknown[] }).toMatchObject({ cart_list: [] });
  });

  it("never keeps an answer read before a write while that write commits (separate connections on pg)", async () => {
    // Fills keep running beside each write: a fill that read the cart before the write's commit must not be kept
    // after it (its ticket is older than the write's drop).
    for (let round = 0; round < 20; round++) {
      let writing = true;
      const fills = (async () => {
        // a kept answer resolves without I/O: a turn of the event loop lets the write go on
        while (writing) await Promise.all([kept(), new Promise((r) => setImmediate(r))]);
      })();
      try {
        await services.cart.add(ctx, [{ model_id: models[round % 3], num: 1 }]);
        const now = await fresh();
        expect(await kept()).toEqual(now);
      } finally {
        writing = false;
        await fills;
      }
    }
  });
});
