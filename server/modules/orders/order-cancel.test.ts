// Staff cancel an order before it left (decision 136): stock, coupon use and credit given back once, the money paid
// refunded through the provider (a refund row the payments worker makes once, after the commit) or as a credit note,
// nothing for an unpaid order; recorded, audited, told to the customer. Races on PostgreSQL with separate
// connections: two staff, a late payment notification, the unpaid-order expiry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStaff } from "#server/test/staff.ts";
import { eq, sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { auditLog, orderEvents } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { loadEnv } from "#server/env.ts";
import { createReadCache } from "#server/read-cache.ts";
import { createServices } from "#server/services.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { makeOrder, one, type TestOrder } from "#server/test/payments.ts";
import { pdfToText } from "#server/test/pdf-text.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import { refundKey } from "#server/modules/payments/refunds.ts";

describe.each(testDbKinds())("order cancellation by staff (%s)", (kind) => {
  let d: Database;
  let services: ReturnType<typeof createServices>;
  let modelId: number;
  let email: string;
  let seq = 0;
  const ctxOf = (who: string) => demoStaff(d.db, who);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const stock = async () => (await one<{ stock: number }>(d.db, sql`select stock from models where id = ${modelId}`)).stock;
  const orderRow = (o: TestOrder) =>
    one<{ status: string; cancelled: boolean; paid: boolean }>(
      d.db,
      sql`select status, cancelled_at is not null as cancelled, paid_at is not null as paid from orders where id = ${o.id}`,
    );
  const count = async (q: ReturnType<typeof sql>) => (await one<{ n: number }>(d.db, q)).n;

  /** The order's card payment started (a payments row and a sandbox session, as the buyer's "pay" does). */
  async function startPayment(o: TestOrder) {
    const started = await services.payments.leavePayment({ db: d.db, customer: { id: 1, email }, lang: "fr" }, { id: o.id });
    return { id: started.payment_id, token: started.redirect_url.split("/").pop()! };
  }
  /** The provider's success notice of that payment (the sandbox's book finished as its card page would). */
  async function succeed(p: { id: number; token: string }) {
    const s = await one<{ amount_cents: number }>(
      d.db,
      sql`update sandbox_sessions set status = 'done', outcome = 'succeeded', transaction_id = ${`txn_${p.token}`},
            finished_at = now(), notified_at = now() where token = ${p.token} returning amount_cents`,
    );
    return services.payments.handleNotification(d.db, {
      eventId: `evt_${kind}_${p.token}`,
      type: "payment.succeeded",
      payload: {},
      paymentId: p.id,
      providerRef: p.token,
      outcome: "succeeded",
      amountCents: s.amount_cents,
      currency: "EUR",
      transactionId: `txn_${p.token}`,
      method: "card",
    });
  }
  /** An unpaid order of the demo customer: 3 of the test model, 120,00 € TTC, `credit` of it paid by a credit note. */
  async function unpaidOrder(opts: { credit?: string; coupon?: boolean; ageMin?: number } = {}) {
    const couponId = opts.coupon
      ? (
          await one<{ id: number }>(
            d.db,
            sql`insert into coupons (code, value, max_uses, uses) values (${`CANCEL-${kind}-${++seq}`}, 0.1, 5, 1) returning id`,
          )
        ).id
      : null;
    const o = await makeOrder(d.db, 1, { lines: [[modelId, 3]], couponId, ageMin: opts.ageMin });
    await query(d.db, sql`update models set stock = stock - 3 where id = ${modelId}`); // as placement takes it
    if (opts.credit) {
      const note = await one<{ id: number }>(
        d.db,
        sql`insert into credit_notes (number, customer_id, amount_ttc, remaining_ttc) values (${`AVT-${kind}-${++seq}`}, 1, ${opts.credit}, 0)
            returning id`,
      );
      await query(d.db, sql`insert into credit_note_uses (order_id, credit_note_id, amount) values (${o.id}, ${note.id}, ${opts.credit})`);
      return { ...o, couponId, noteId: note.id };
    }
    return { ...o, couponId, noteId: null };
  }
  /** The same, paid by card. */
  async function paidOrder(opts: { credit?: string; coupon?: boolean } = {}) {
    const o = await unpaidOrder(opts);
    expect(await succeed(await startPayment(o))).toBe("processed");
    return o;
  }

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    services = createServices(d, loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), createReadCache());
    [{ id: modelId }] = await query<{ id: number }>(d.db, sql`select id from models order by id limit 1`);
    await query(d.db, sql`update models set stock = 1000 where id = ${modelId}`);
    [{ email }] = await query<{ email: string }>(d.db, sql`select email from customers where id = 1`);
  }, 120_000);
  afterAll(async () => {
    await d?.close();
  });

  const cancel = (c: StaffContext, o: TestOrder, refund: "provider" | "credit_note" | "none", reason = "Demande du client") =>
    services.orderLife.cancel(c, o.id, { refund, reason });
  const spaces = (t: string) => t.replace(/[\u00a0\u202f]/g, " ");
  /** Connections open and idle first: the racing transactions then overlap rather than queue for a connection. */
  const warm = () => Promise.all([1, 2, 3, 4].map(() => query(d.db, sql`select pg_sleep(0.02)`)));
  const refundsOf = (o: TestOrder) =>
    query<{ id: number; amount: string; status: string; staff_id: number | null; refund_ref: string | null; payment_id: number }>(
      d.db,
      sql`select r.id, r.amount::text as amount, r.status, r.staff_id, r.refund_ref, r.payment_id
          from refunds r join payments p on p.id = r.payment_id where p.order_id = ${o.id} order by r.id`,
    );
  const cancellationNotes = (o: TestOrder) =>
    query<{ id: number; number: string; amount_ttc: string; remaining_ttc: string }>(
      d.db,
      sql`select id, number, amount_ttc::text, remaining_ttc::text from credit_notes where order_id = ${o.id} and cancellation`,
    );
  const remaining = async (noteId: number) =>
    (await one<{ r: string }>(d.db, sql`select remaining_ttc::text as r from credit_notes where id = ${noteId}`)).r;

  it("cancels a paid order with a card refund: stock, coupon and credit back once, the refund made once after the commit", async () => {
    const o = await paidOrder({ credit: "20.00", coupon: true });
    const before = await stock();
    const manager = await ctxOf("gerance");
    expect((await services.orderLife.cancelOptions(d.db, o.id)).map((x) => x.refund)).toEqual(["provider", "credit_note"]);
    const done = await cancel(manager, o, "provider", "Commande passée en double");
    expect(done).toEqual({
      status: "cancelled",
      credit_released: "20.00",
      card_refund: "100.00",
      credit_note: "0.00",
      credit_note_number: null,
    });
    expect(await orderRow(o)).toEqual({ status: "cancelled", cancelled: true, paid: true });
    expect(await stock()).toBe(before + 3);
    expect((await one<{ uses: number }>(d.db, sql`select uses from coupons where id = ${o.couponId}`)).uses).toBe(0);
    expect(await remaining(o.noteId!)).toBe("20.00");
    const [r, ...more] = await refundsOf(o);
    expect(more).toEqual([]);
    expect(r).toMatchObject({ amount: "100.00", status: "pending", staff_id: manager.staff.id, refund_ref: null });

    const timeline = await services.orderLife.timeline(d.db, o.id);
    expect(timeline.map((e) => `${e.event}:${e.from}>${e.to}:${e.staff}`)).toEqual([
      "pay:unpaid>processing:null",
      `cancel:processing>cancelled:${manager.staff.name}`,
    ]);
    expect(timeline[1].details).toEqual({
      refund: "provider",
      reason: "Commande passée en double",
      credit_released: "20.00",
      card_refund: "100.00",
      credit_note: "0.00",
    });
    const [audit] = await d.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${String(o.id)} and ${auditLog.action} = 'cancel'`);
    expect(audit.staffId).toBe(manager.staff.id);
    expect(await count(sql`select count(*)::int as n from notifications where order_id = ${o.id} and kind = 'order_cancelled'`)).toBe(1);
    const [mail] = await query<{ subject: string; text: string }>(
      d.db,
      sql`select payload->>'subject' as subject, payload->>'text' as text from outbox_messages
          where payload->>'subject' = ${`Votre commande ${o.number} : Annulée`}`,
    );
    expect(spaces(mail.text)).toContain("Le montant de 100,00 € TTC vous sera remboursé sur la carte bancaire");
    expect(spaces(mail.text)).toContain("Les avoirs utilisés pour cette commande (20,00 € TTC) sont de nouveau disponibles");

    // the payments worker's pass asks the provider with the row's own key
    await services.payments.refundDue(d.db);
    const [made] = await refundsOf(o);
    expect(made).toMatchObject({ status: "succeeded", refund_ref: `re_sbx_${refundKey(r.id)}` });
    expect((await one<{ status: string }>(d.db, sql`select status from payments where id = ${r.payment_id}`)).status).toBe("refunded");
    const refunded = async () =>
      (await one<{ c: number }>(d.db, sql`select s.refunded_cents as c from sandbox_sessions s where s.payment_id = ${r.payment_id}`)).c;
    expect(await refunded()).toBe(10000);
    // a crash between the provider's answer and the row's update: asked again with the same key, refunded once
    await query(
      d.db,
      sql`update refunds set status = 'pending', refund_ref = null, refunded_at = null, next_attempt_at = now() where id = ${r.id}`,
    );
    await query(d.db, sql`update payments set status = 'succeeded' where id = ${r.payment_id}`);
    await services.payments.refundDue(d.db);
    expect(await refunded()).toBe(10000);
    expect((await refundsOf(o))[0].status).toBe("succeeded");
    await services.payments.refundDue(d.db);
    expect(await refunded()).toBe(10000);

    expect(await refusal(cancel(manager, o, "provider"))).toBe("orders.transition_refused_cancelled");
    expect(await stock()).toBe(before + 3);
  });

  it("lets customer service cancel a paid order with a credit note, never with a card refund", async () => {
    const o = await paidOrder();
    const cs = await ctxOf("service-client");
    expect(await refusal(cancel(cs, o, "provider"))).toBe("admin.permission_denied");
    expect((await orderRow(o)).status).toBe("processing");
    const balance = async () =>
      (await one<{ b: string }>(d.db, sql`select coalesce(sum(remaining_ttc), 0)::text as b from credit_notes where customer_id = 1`)).b;
    const before = Number(await balance());
    const done = await cancel(cs, o, "credit_note", "Le client préfère un avoir");
    expect(done).toMatchObject({ status: "cancelled", card_refund: "0.00", credit_note: "120.00" });
    expect(done.credit_note_number).toMatch(/^AV\d{4}-\d{6}$/);
    const [note, ...more] = await cancellationNotes(o);
    expect(more).toEqual([]);
    expect(note).toMatchObject({ number: done.credit_note_number, amount_ttc: "120.00", remaining_ttc: "120.00" });
    expect(Number(await balance())).toBeCloseTo(before + 120, 2);
    expect(await refundsOf(o)).toEqual([]);
    const kinds = await query<{ kind: string }>(d.db, sql`select kind from notifications where order_id = ${o.id} order by id`);
    expect(kinds.map((k) => k.kind)).toEqual(["credit_note_issued", "order_cancelled"]);
    const mails = await query<{ text: string }>(
      d.db,
      sql`select payload->>'text' as text from outbox_messages where payload->>'subject' = ${`Votre commande ${o.number} : Annulée`}`,
    );
    expect(spaces(mails[0].text)).toContain("Un avoir de 120,00 € TTC vous est accordé");
    // its PDF says why, in French and in Chinese
    for (const [lang, reason] of [
      ["fr", `Annulation de la commande ${o.number}`],
      ["zh", `取消订单 ${o.number}`],
    ] as const) {
      const { pdf } = await services.documents.creditNotePdf({ db: d.db, customer: { id: 1 }, lang }, note.id);
      expect((await pdfToText(pdf)).replace(/\s+/g, " ")).toContain(reason);
    }
    // the card payment stays as it was: the refund was the credit note
    await services.payments.refundDue(d.db);
    expect(
      (await one<{ status: string }>(d.db, sql`select status from payments where order_id = ${o.id} and status <> 'pending'`)).status,
    ).toBe("succeeded");
  });

  it("cancels an unpaid order with nothing to refund; refuses other roles, other ways, and orders that left", async () => {
    const o = await unpaidOrder({ credit: "20.00" });
    expect(await services.orderLife.cancelOptions(d.db, o.id)).toEqual([
      { refund: "none", settlement: { ok: true, credit_released: "20.00", card_refund: "0.00", credit_note: "0.00" } },
    ]);
    for (const who of ["entrepot", "planning", "catalogue", "comptabilite"])
      expect(await refusal(cancel(await ctxOf(who), o, "none"))).toBe("admin.permission_denied");
    const cs = await ctxOf("service-client");
    expect(await refusal(cancel(cs, o, "credit_note"))).toBe("orders.cancel_nothing_paid");
    expect((await orderRow(o)).status).toBe("unpaid");
    expect(await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))).toEqual([]);
    expect(await remaining(o.noteId!)).toBe("0.00");
    const before = await stock();
    expect(await cancel(cs, o, "none", "Client injoignable")).toMatchObject({ status: "cancelled", credit_released: "20.00" });
    expect(await stock()).toBe(before + 3);
    expect(await remaining(o.noteId!)).toBe("20.00");

    const manager = await ctxOf("gerance");
    const shipped = await makeOrder(d.db, 1, { status: "shipped" });
    expect(await refusal(cancel(manager, shipped, "credit_note"))).toBe("orders.transition_refused_shipped");
    // paid, but by no card payment the provider knows: a credit note only
    const otherwise = await makeOrder(d.db, 1, { status: "processing" });
    expect(await refusal(cancel(manager, otherwise, "provider"))).toBe("orders.cancel_card_unavailable");
    expect(await refusal(cancel(manager, otherwise, "none"))).toBe("orders.cancel_refund_required");
    expect((await services.orderLife.cancelOptions(d.db, otherwise.id)).map((x) => x.refund)).toEqual(["credit_note"]);
    expect((await orderRow(otherwise)).status).toBe("processing");
  });

  it("two staff cancelling at once: one wins, the stock comes back once, one refund", async () => {
    const [a, b] = [await ctxOf("gerance"), await ctxOf("direction")];
    for (let round = 0; round < 5; round++) {
      const o = await paidOrder();
      const before = await stock();
      await warm();
      const outcomes = await Promise.all([cancel(a, o, "provider"), cancel(b, o, "credit_note"), cancel(b, o, "provider")].map(refusal));
      expect(outcomes.sort()).toEqual(["accepted", "orders.transition_refused_cancelled", "orders.transition_refused_cancelled"]);
      expect(await stock()).toBe(before + 3);
      expect((await refundsOf(o)).length + (await cancellationNotes(o)).length).toBe(1);
      expect(await count(sql`select count(*)::int as n from order_events where order_id = ${o.id} and event = 'cancel'`)).toBe(1);
      expect(await count(sql`select count(*)::int as n from notifications where order_id = ${o.id} and kind = 'order_cancelled'`)).toBe(1);
    }
  });

  it("a cancellation and a late payment notice racing: the payment wins and the unpaid cancellation is refused, or the payment is refunded", async () => {
    const cs = await ctxOf("service-client");
    for (let round = 0; round < 6; round++) {
      const o = await unpaidOrder();
      const p = await startPayment(o);
      const before = await stock();
      await warm();
      const [cancelled, notice] = await Promise.all([refusal(cancel(cs, o, "none")), succeed(p)]);
      const invoices = await count(sql`select count(*)::int as n from invoices where order_id = ${o.id}`);
      if (cancelled === "accepted") {
        expect(notice).toBe("refund_due");
        expect(await orderRow(o)).toMatchObject({ status: "cancelled", paid: false });
        expect(await stock()).toBe(before + 3);
        expect(invoices).toBe(0);
        await services.payments.refundDue(d.db);
        expect((await one<{ status: string }>(d.db, sql`select status from payments where id = ${p.id}`)).status).toBe("refunded");
      } else {
        expect(cancelled).toBe("orders.cancel_refund_required");
        expect(notice).toBe("processed");
        expect(await orderRow(o)).toMatchObject({ status: "processing", paid: true });
        expect(await stock()).toBe(before);
        expect(invoices).toBe(1);
      }
    }
  });

  it("a cancellation and the unpaid-order expiry racing: one of them cancels, the stock and the coupon come back once", async () => {
    const cs = await ctxOf("service-client");
    for (let round = 0; round < 6; round++) {
      const o = await unpaidOrder({ ageMin: 120, coupon: true });
      const before = await stock();
      await warm();
      const [cancelled, expired] = await Promise.all([refusal(cancel(cs, o, "none")), services.payments.expireOrder(d.db, o.id, 60)]);
      expect([cancelled === "accepted", expired].filter(Boolean)).toHaveLength(1);
      if (expired) expect(cancelled).toBe("orders.transition_refused_cancelled");
      expect(await stock()).toBe(before + 3);
      expect((await one<{ uses: number }>(d.db, sql`select uses from coupons where id = ${o.couponId}`)).uses).toBe(0);
      const events = await query<{ event: string }>(d.db, sql`select event from order_events where order_id = ${o.id}`);
      expect(events.map((e) => e.event)).toEqual([expired ? "expire" : "cancel"]);
    }
  });
});
