// The credit-note balance (decision 079): told at checkout, spent exactly once on an order (oldest notes first,
// also by racing orders), an order it covers whole paid at once with its invoice, and given back once on expiry.
// PGlite, and PostgreSQL with a real pool (concurrent transactions) when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { creditBuyers, type CreditBuyers } from "#server/test/credit-buyers.ts";
import { pdfToText } from "#server/test/pdf-text.ts";
import { sum } from "#core/money.ts";
import { consumeCreditNotes, orderAmountDue, releaseCreditNotes } from "./credit-notes.service.ts";

describe.each(testDbKinds())("credit-note balance on %s", (kind) => {
  let t: TestApp;
  let db: Db;
  let demo: string;
  let shopId: number;
  let fx: CreditBuyers;
  const pdf = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: path, headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    demo = await t.app.services.sessions.create(db, 1);
    fx = await creditBuyers(t, kind); // 60.00 TTC a unit
    ({ shopId } = fx);
  }, 120_000);
  afterAll(() => t.close());

  const buyer = (units: number, credits: string[]) => fx.buyer(units, credits);
  const fill = (customerId: number, units: number) => fx.fill(customerId, units);
  const remaining = async (customerId: number) =>
    sum(
      (await query<{ r: string }>(db, sql`select remaining_ttc::text as r from credit_notes where customer_id = ${customerId}`)).map(
        (x) => x.r,
      ),
    ).toFixed(2);
  const place = (c: { id: number; email: string }, use_credit: boolean) => fx.place(c, use_credit);

  describe("credit at checkout", () => {
    it("preOrderInfo tells the balance", async () => {
      const info = (await get(t.app, "/site/Index/preOrderInfo", {}, { token: demo })).json().data;
      expect(info.credit_balance).toBe("18.60");
    });

    it("takes min(balance, TTC) from the oldest notes; the order keeps its totals and owes the rest; released once", async () => {
      const b = await buyer(2, ["30.00", "25.00"]); // 120.00 TTC, 55.00 of credit
      const o = await place(b, true);
      expect(o).toMatchObject({ status: "unpaid", total_ttc: "120.00", credit_used: "55.00", amount_due: "65.00" });
      expect(await remaining(b.id)).toBe("0.00");
      expect(await orderAmountDue(db, o.id)).toBe("65.00");
      const uses = await query<{ amount: string }>(
        db,
        sql`select amount::text as amount from credit_note_uses where order_id = ${o.id} order by id`,
      );
      expect(uses.map((u) => u.amount)).toEqual(["30.00", "25.00"]);

      // The unpaid order expires: the credit goes back exactly once, even if released twice (or concurrently).
      const [r1, r2] = await Promise.all([
        withTransaction(db, (tx) => releaseCreditNotes(tx, o.id)),
        withTransaction(db, (tx) => releaseCreditNotes(tx, o.id)),
      ]);
      expect(sum([r1, r2]).toFixed(2)).toBe("55.00");
      expect(await withTransaction(db, (tx) => releaseCreditNotes(tx, o.id))).toBe("0.00");
      expect(await remaining(b.id)).toBe("55.00");
    });

    it("without use_credit nothing is taken", async () => {
      const b = await buyer(1, ["30.00"]);
      const o = await place(b, false);
      expect(o).toMatchObject({ credit_used: "0.00", amount_due: "60.00", status: "unpaid" });
      expect(await remaining(b.id)).toBe("30.00");
    });

    it("pays the order at once when the credit covers it, with its invoice (method credit_note)", async () => {
      const b = await buyer(1, ["100.00"]);
      const o = await place(b, true);
      expect(o).toMatchObject({ status: "processing", credit_used: "60.00", amount_due: "0.00", payment_method: "credit_note" });
      expect(await remaining(b.id)).toBe("40.00");
      const [row] = await query<{ status: string; payment_method: string; paid: boolean }>(
        db,
        sql`select status, payment_method, paid_at is not null as paid from orders where id = ${o.id}`,
      );
      expect(row).toEqual({ status: "processing", payment_method: "credit_note", paid: true });
      const [inv] = await query<{ number: string }>(db, sql`select number from invoices where order_id = ${o.id}`);
      expect(inv.number).toMatch(/^FA\d{4}-\d{6}$/);
      const token = await t.app.services.sessions.create(db, b.id);
      const text = await pdfToText((await pdf(`/documents/invoice/${o.id}.pdf`, { authorization: `Bearer ${token}` })).rawPayload);
      expect(text).toContain(inv.number);
      expect(text).toContain("Avoir déduit");
      expect(text).toContain("-60,00 €");
      expect(text).toContain("Montant réglé");
    });

    it("through the API: createOrder with use_credit", async () => {
      const b = await buyer(1, ["10.00"]);
      const token = await t.app.services.sessions.create(db, b.id);
      const res = await post(
        t.app,
        "/site/Sale/createOrder",
        { idempotency_key: `api-${kind}-000000000001`, use_credit: true, accept_cgv: true },
        { token },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ credit_used: "10.00", amount_due: "50.00" });
      // the answer and the e-mail, written after the credit statements, carry the order's number (decision 093)
      const { number } = res.json().data as { number: string };
      expect(number).toMatch(/^CE\d{4}-\d{6}$/);
      const [mail] = await query<{ subject: string }>(
        db,
        sql`select payload->>'subject' as subject from outbox_messages where payload->>'to' = ${b.email} order by id desc limit 1`,
      );
      expect(mail.subject).toBe(`Votre commande ${number} est enregistrée`);
      const replay = await post(
        t.app,
        "/site/Sale/createOrder",
        { idempotency_key: `api-${kind}-000000000001`, use_credit: true, accept_cgv: true },
        { token },
      );
      expect(replay.json().data).toEqual(res.json().data);
      const bad = await post(
        t.app,
        "/site/Sale/createOrder",
        { idempotency_key: `api-${kind}-000000000002`, use_credit: "yes", accept_cgv: true },
        { token },
      );
      expect(bad.json().code).toBe(400);
    });

    it("racing orders never spend more than the balance (guarded statements, locked notes)", async () => {
      const b = await buyer(1, ["100.00"]);
      const orders: number[] = [];
      for (let i = 0; i < 8; i++) {
        const [o] = await query<{ id: number }>(
          db,
          sql`insert into orders (number, customer_id, status, pickup_method, delivery_mode, shop_id, total_ht, total_tva, total_ttc)
              values (${`RACE${kind}${b.id}-${i}`}, ${b.id}, 'unpaid', 2, 'pickup', ${shopId}, 25, 5, 30) returning id`,
        );
        orders.push(o.id);
      }
      const results = await Promise.allSettled(orders.map((id) => withTransaction(db, (tx) => consumeCreditNotes(tx, b.id, id, "30.00"))));
      const taken = sum(results.map((r) => (r.status === "fulfilled" ? r.value : "0")));
      expect(taken.toFixed(2)).toBe("100.00");
      expect(await remaining(b.id)).toBe("0.00");
      const [u] = await query<{ s: string }>(
        db,
        sql`select coalesce(sum(u.amount), 0)::text as s from credit_note_uses u join credit_notes c on c.id = u.credit_note_id where c.customer_id = ${b.id}`,
      );
      expect(u.s).toBe("100.00");
    });

    it("racing checkouts of one customer (two carts' worth) share the balance once", async () => {
      // Two buyers cannot share a balance; one buyer's two concurrent placements: the first takes the cart and
      // the credit, the second finds an empty cart. Whatever the interleaving, credit spent ≤ balance.
      const b = await buyer(1, ["70.00"]);
      const results = await Promise.allSettled([place(b, true), place(b, true)]);
      const placed = results
        .filter((r) => r.status === "fulfilled")
        .map((r) => (r as PromiseFulfilledResult<{ credit_used: string }>).value);
      expect(placed.length).toBeGreaterThanOrEqual(1);
      expect(sum(placed.map((p) => p.credit_used)).lte("70.00")).toBe(true);
      await fill(b.id, 1);
      const again = await place(b, true);
      expect(sum([...placed.map((p) => p.credit_used), again.credit_used]).toFixed(2)).toBe("70.00");
      expect(await remaining(b.id)).toBe("0.00");
    });
  });
});
