// An account not approved cannot place an order (decision 143): the server refuses a pending account and a refused one
// with a translated message, and places the order once staff approved it. The approval is read in the placement's
// transaction under a share lock: on PostgreSQL (separate connections) a decision being written holds the order back
// until it commits, and the order then follows it. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { customers } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { staffContextOf } from "#server/test/staff.ts";
import { translate } from "#core/i18n/messages.ts";

const SERVICE = "service-client@comptoir-emballage.fr";

describe.each(testDbKinds())("order placement and account approval (%s)", (kind) => {
  let t: TestApp;
  let db: Db;
  let shopId: number;
  let modelId: number;
  let seq = 0;
  const place = (c: { id: number; email: string }, lang: "fr" | "zh" = "fr") =>
    t.app.services.orderPlacement.place(
      { db, customer: c, lang },
      { idempotency_key: `appr-${kind}-${++seq}-0000000000`, note: "", accept_cgv: true },
    );
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => "placed",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const ordersOf = async (id: number) =>
    (await query<{ n: number }>(db, sql`select count(*)::int as n from orders where customer_id = ${id}`))[0].n;

  /** A professional account in `approval` with a pickup cart of one model. */
  async function buyer(approval: string) {
    const n = ++seq;
    const [c] = await query<{ id: number; client_number: string; email: string }>(
      db,
      sql`insert into customers (client_number, title, first_name, last_name, company, email, password_hash, approval)
          values (${`P${kind}${n}`}, 'M', 'Pro', ${`N${n}`}, ${`Société ${n}`}, ${`pro${n}-${kind}@exemple.fr`}, 'x', ${approval})
          returning id, client_number, email`,
    );
    await fill(c.id);
    return c;
  }
  async function fill(customerId: number) {
    await query(
      db,
      sql`insert into carts (customer_id, pickup_method, shop_id) values (${customerId}, 2, ${shopId})
          on conflict (customer_id) do update set pickup_method = 2, shop_id = ${shopId}`,
    );
    await query(
      db,
      sql`insert into cart_lines (cart_id, model_id, num) select id, ${modelId}, 2 from carts where customer_id = ${customerId}`,
    );
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

  it("refuses a pending account's order with a translated message and keeps its cart; places it once approved", async () => {
    const c = await buyer("pending");
    expect(await outcome(place(c))).toBe("api.account_pending");
    expect(translate("zh", "api.account_pending")).not.toBe("api.account_pending");
    expect(await ordersOf(c.id)).toBe(0);
    const [{ n }] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from cart_lines l join carts k on k.id = l.cart_id where k.customer_id = ${c.id}`,
    );
    expect(n).toBe(1);
    await t.app.services.customerApproval.decide(await staffContextOf(t.app, SERVICE), c.client_number, "approve", "");
    expect(await outcome(place(c))).toBe("placed");
    expect(await ordersOf(c.id)).toBe(1);
  });

  it("refuses a refused account's order, even with the approval cached in its session", async () => {
    const c = await buyer("approved");
    const token = await t.app.services.sessions.create(db, c.id);
    expect((await t.app.services.sessions.resolve(db, token))?.customer.approval).toBe("approved");
    await t.app.services.customerApproval.decide(await staffContextOf(t.app, SERVICE), c.client_number, "refuse", "SIRET introuvable.");
    const cached = (await t.app.services.sessions.resolve(db, token))!.customer;
    expect(await outcome(place({ ...cached, approval: "approved" } as typeof cached))).toBe("api.account_refused");
    expect(await ordersOf(c.id)).toBe(0);
  });

  it.runIf(kind === "pg")("waits for a refusal being written, then refuses; waits for an approval, then places", async () => {
    for (const [from, to, expected] of [
      ["approved", "refused", "api.account_refused"],
      ["pending", "approved", "placed"],
    ] as const) {
      const c = await buyer(from);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const held = new Promise<void>((r) => (locked = r));
      // staff's decision on its own connection, holding the customer's row until released
      const decision = withTransaction(db, async (tx) => {
        await tx.update(customers).set({ approval: to }).where(eq(customers.id, c.id));
        locked();
        await gate;
      });
      await held;
      let settled = false;
      const order = outcome(place(c)).finally(() => (settled = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(settled, `${from} → ${to}: the order waits for the decision`).toBe(false);
      release();
      await decision;
      expect(await order, `${from} → ${to}`).toBe(expected);
      expect(await ordersOf(c.id)).toBe(expected === "placed" ? 1 : 0);
    }
  });
});
