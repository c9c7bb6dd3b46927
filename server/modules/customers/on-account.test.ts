// Payment on account (decision 149): staff set a customer's terms (customers:write, audited); an order on account is
// placed within the limit, confirmed without card and invoiced with its due date, and refused above it with the amount
// still available; a transfer recorded (orders:refund) settles the invoice and frees the outstanding; the unpaid list
// shows invoices past due with their days overdue. On PostgreSQL with separate connections, orders on account of one
// customer checked at once never pass the limit together: the customer's row is locked before the outstanding is read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { demoStaff } from "#server/test/staff.ts";
import { translate } from "#core/i18n/messages.ts";
import { accountForUpdateSql, checkOnAccount, type AccountRow } from "#server/modules/orders/order-placement.service.ts";
import { outstandingSql } from "./on-account.service.ts";

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "placed",
    (e: { key?: string }) => e.key ?? String(e),
  );

describe.each(testDbKinds())("payment on account (%s)", (kind) => {
  let t: TestApp;
  let db: Db;
  let shopId: number;
  let modelId: number;
  let seq = 0;
  const place = (c: { id: number; email: string }, onAccount = true, lang: "fr" | "zh" = "fr") =>
    t.app.services.orderPlacement.place(
      { db, customer: c, lang },
      { idempotency_key: `onacc-${kind}-${++seq}-0000000000`, note: "", accept_cgv: true, on_account: onAccount },
    );

  /** A professional account with a pickup cart of `num` units at 40 € HT (48 € TTC each). */
  async function buyer(num = 2) {
    const n = ++seq;
    const [c] = await query<{ id: number; client_number: string; email: string }>(
      db,
      sql`insert into customers (client_number, title, first_name, last_name, company, email, password_hash)
          values (${`T${kind.toUpperCase()}${n}`}, 'M', 'Pro', ${`N${n}`}, ${`Société ${n}`}, ${`acc${n}-${kind}@exemple.fr`}, 'x')
          returning id, client_number, email`,
    );
    await fill(c.id, num);
    return c;
  }
  async function fill(customerId: number, num: number) {
    await query(
      db,
      sql`insert into carts (customer_id, pickup_method, shop_id) values (${customerId}, 2, ${shopId})
          on conflict (customer_id) do update set pickup_method = 2, shop_id = ${shopId}`,
    );
    await query(
      db,
      sql`insert into cart_lines (cart_id, model_id, num) select id, ${modelId}, ${num} from carts where customer_id = ${customerId}`,
    );
  }
  const outstanding = async (id: number) => (await query<{ cents: number }>(db, outstandingSql({ customerId: id })))[0].cents;

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
      sql`update models set stock = 100000, purchasable_qty = 500, not_for_sale = false, price = 40, site_price = 40, tva = 0.2 where id = ${modelId}`,
    );
  }, 120_000);
  afterAll(() => t?.close());

  it("refuses an order on account for a customer without terms, and a change of terms without customers:write", async () => {
    const c = await buyer();
    expect(await outcome(place(c))).toBe("api.on_account_not_allowed");
    const { onAccount } = t.app.services;
    await expect(
      onAccount.setTerms(await demoStaff(db, "entrepot"), c.client_number, { on_account: true, days: 30, limit: 10_000 }),
    ).rejects.toMatchObject({ key: "admin.permission_denied" });
    await expect(onAccount.settle(await demoStaff(db, "service-client"), "FA2026-000001")).rejects.toMatchObject({
      key: "admin.permission_denied",
    });
  });

  it("places within the limit (confirmed, invoiced with its due date), refuses above it saying what is left, frees it on transfer", async () => {
    const c = await buyer(2); // 96,00 € TTC
    const staff = await demoStaff(db, "service-client");
    await t.app.services.onAccount.setTerms(staff, c.client_number, { on_account: true, days: 30, limit: 15_000 });
    const [audit] = await query<{ action: string }>(
      db,
      sql`select action from audit_log where entity = 'customer' and entity_id = ${c.client_number} order by id desc limit 1`,
    );
    expect(audit.action).toBe("terms");
    expect((await t.app.services.onAccount.terms(db, c.id))?.available_cents).toBe(15_000);

    const first = await place(c);
    expect(first).toMatchObject({ status: "processing", payment_method: "on_account", total_ttc: "96.00" });
    const [inv] = await query<{ number: string; due_on: string; settled_at: string | null; paid_at: string | null; status: string }>(
      db,
      sql`select i.number, i.due_on::text as due_on, i.settled_at, o.paid_at, o.status
          from invoices i join orders o on o.id = i.order_id where o.id = ${first.id}`,
    );
    const expectedDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect([expectedDue, new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10)]).toContain(inv.due_on);
    expect(inv.settled_at).toBeNull();
    expect(inv.paid_at).toBeNull();
    expect(await outstanding(c.id)).toBe(9_600);
    const [mail] = await query<{ subject: string }>(
      db,
      sql`select payload->>'subject' as subject from outbox_messages where payload->>'to' = ${c.email} order by id desc limit 1`,
    );
    expect(mail?.subject ?? "").toContain(inv.number);

    // a second order of 96 € with 54 € left is refused, in French and Chinese, with the amount left; nothing placed
    await fill(c.id, 2);
    const refusal = await place(c).catch((e: { key: string; vars: Record<string, string> }) => e);
    expect(refusal).toMatchObject({ key: "api.on_account_limit_exceeded" });
    const text = translate("fr", "api.on_account_limit_exceeded", (refusal as { vars: Record<string, string> }).vars);
    expect(text).toContain("54,00");
    expect(translate("zh", "api.on_account_limit_exceeded", { amount: "54,00 €", total: "96,00 €" })).toContain("54,00 €");
    const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from orders where customer_id = ${c.id}`);
    expect(n).toBe(1);

    // the unpaid list: not yet due (only with "all"); the customer's list has it
    const svc = t.app.services.onAccount;
    expect((await svc.unpaid(db, { all: false, page: 1, page_size: 100 })).list.some((r) => r.number === inv.number)).toBe(false);
    expect((await svc.customerUnpaid(db, c.id)).map((r) => r.number)).toEqual([inv.number]);
    const later = new Date(Date.now() + 40 * 86_400_000);
    const overdue = (await svc.unpaid(db, { all: false, page: 1, page_size: 100 }, later)).list.find((r) => r.number === inv.number);
    expect(overdue?.days_overdue).toBeGreaterThanOrEqual(9);

    // the transfer recorded by the accountant settles it once and frees the outstanding: the second order passes
    const accountant = await demoStaff(db, "comptabilite");
    await svc.settle(accountant, inv.number);
    await expect(svc.settle(accountant, inv.number)).rejects.toMatchObject({ key: "admin.invoice_already_settled" });
    expect(await outstanding(c.id)).toBe(0);
    expect(await outcome(place(c))).toBe("placed");
    expect(await outstanding(c.id)).toBe(9_600);
  });

  it("refuses an order on account with a credit note spent, and a transfer on a card-paid or unknown invoice", async () => {
    const c = await buyer();
    expect(
      await outcome(
        t.app.services.orderPlacement.place(
          { db, customer: c, lang: "fr" },
          { idempotency_key: `onacc-${kind}-${++seq}-0000000000`, note: "", accept_cgv: true, on_account: true, use_credit: true },
        ),
      ),
    ).toBe("api.on_account_with_credit");

    // an invoice issued when the card paid has no due date: no transfer to record on it
    const [o] = await query<{ id: number }>(
      db,
      sql`insert into orders (number, customer_id, status, payment_method, pickup_method, shop_id, delivery_mode, total_ht, total_tva, total_ttc, paid_at)
          values (${`CARD${kind}${c.id}`}, ${c.id}, 'processing', 'card', 2, ${shopId}, 'pickup', 80.00, 16.00, 96.00, now()) returning id`,
    );
    await query(
      db,
      sql`insert into invoices (number, order_id, customer_id, amount_ht, amount_ttc, contents)
          values (${`FC${kind}${c.id}`}, ${o.id}, ${c.id}, 80.00, 96.00, '{}'::jsonb)`,
    );
    const accountant = await demoStaff(db, "comptabilite");
    await expect(t.app.services.onAccount.settle(accountant, `FC${kind}${c.id}`)).rejects.toMatchObject({
      key: "admin.invoice_not_on_account",
    });
    await expect(t.app.services.onAccount.settle(accountant, "FA1999-999999")).rejects.toMatchObject({ key: "admin.invoice_not_found" });
    const [{ n }] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log where entity = 'invoice' and entity_id = ${`FC${kind}${c.id}`}`,
    );
    expect(n).toBe(0);
  });

  it.runIf(kind === "pg")(
    "one customer's checkouts on account at once, through placement (separate connections): the cart lets one through",
    async () => {
      const c = await buyer(2); // 96,00 € TTC, the limit leaves room for one
      await query(db, sql`update customers set on_account = true, on_account_days = 30, on_account_limit_cents = 15000 where id = ${c.id}`);
      const results = await Promise.all(Array.from({ length: 3 }, () => outcome(place(c))));
      expect(results.sort()).toEqual(["api.cart_empty", "api.cart_empty", "placed"]);
      expect(await outstanding(c.id)).toBe(9_600);
      const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from invoices where customer_id = ${c.id}`);
      expect(n).toBe(1);
    },
    60_000,
  );

  it.runIf(kind === "pg")(
    "five orders on account checked at once, each 40 % of the limit: exactly two pass (separate connections)",
    async () => {
      const c = await buyer();
      await query(
        db,
        sql`update customers set on_account = true, on_account_days = 30, on_account_limit_cents = 100000 where id = ${c.id}`,
      );
      let n = 0;
      /** What placement does on account: lock the row, read the outstanding, check, then (later) write the invoice. */
      const attempt = () =>
        withTransaction(db, async (tx) => {
          const [account] = await query<AccountRow>(tx, accountForUpdateSql({ customerId: c.id }));
          const [{ cents }] = await query<{ cents: number }>(tx, outstandingSql({ customerId: c.id }));
          checkOnAccount(account, cents, "400.00", "fr");
          await new Promise((r) => setTimeout(r, 30)); // the window a missing lock would let others through
          const k = ++n;
          const [o] = await query<{ id: number }>(
            tx,
            sql`insert into orders (number, customer_id, status, payment_method, pickup_method, shop_id, delivery_mode, total_ht, total_tva, total_ttc)
                values (${`RACE${kind}${c.id}-${k}`}, ${c.id}, 'processing', 'on_account', 2, ${shopId}, 'pickup', 333.33, 66.67, 400.00) returning id`,
          );
          await query(
            tx,
            sql`insert into invoices (number, order_id, customer_id, amount_ht, amount_ttc, contents, due_on)
                values (${`FX${c.id}-${k}`}, ${o.id}, ${c.id}, 333.33, 400.00, '{}'::jsonb, current_date + 30)`,
          );
        });
      const results = await Promise.all(Array.from({ length: 5 }, () => outcome(attempt())));
      expect(results.filter((r) => r === "placed")).toHaveLength(2);
      expect(results.filter((r) => r === "api.on_account_limit_exceeded")).toHaveLength(3);
      expect(await outstanding(c.id)).toBe(80_000);
    },
    60_000,
  );
});
