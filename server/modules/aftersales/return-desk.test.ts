// The back office's returns (decision 141): accept, refuse with a reason, receive (resaleable units back to stock
// once), refund the received lines by credit note or card in one step, a credit note by hand on an order; each step
// audited and told to the customer; a role without the permission changes nothing. Races on PostgreSQL with separate
// connections: two staff receiving the same return, two refunds of it, refunds and credit notes by hand together
// never above what the order was paid.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStaff } from "#server/test/staff.ts";
import { sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { loadEnv } from "#server/env.ts";
import { createReadCache } from "#server/read-cache.ts";
import { createServices } from "#server/services.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { makeOrder, one, type TestOrder } from "#server/test/payments.ts";
import { contextOf } from "#server/context.ts";

describe.each(testDbKinds())("return desk (%s)", (kind) => {
  let d: Database;
  let services: ReturnType<typeof createServices>;
  let modelId: number;
  let seq = 0;
  const ctxOf = (who: string) => demoStaff(d.db, who);
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => "done",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const stock = async () => (await one<{ stock: number }>(d.db, sql`select stock from models where id = ${modelId}`)).stock;
  const n = async (q: ReturnType<typeof sql>) => (await one<{ n: number }>(d.db, q)).n;
  const spaces = (t: string) => t.replace(/[\u00a0\u202f]/g, " ");
  const warm = () => Promise.all([1, 2, 3, 4].map(() => query(d.db, sql`select pg_sleep(0.02)`)));

  /** The order's card payment, succeeded as the sandbox's page and notice would make it. */
  async function payByCard(o: TestOrder) {
    const started = await services.payments.leavePayment(
      { db: d.db, customer: { id: 1, email: "demo@comptoir-emballage.fr" }, lang: "fr" },
      { id: o.id },
    );
    const token = started.redirect_url.split("/").pop()!;
    const s = await one<{ amount_cents: number }>(
      d.db,
      sql`update sandbox_sessions set status = 'done', outcome = 'succeeded', transaction_id = ${`txn_${token}`},
            finished_at = now(), notified_at = now() where token = ${token} returning amount_cents`,
    );
    await services.payments.handleNotification(d.db, {
      eventId: `evt_${kind}_${token}`,
      type: "payment.succeeded",
      payload: {},
      paymentId: started.payment_id,
      providerRef: token,
      outcome: "succeeded",
      amountCents: s.amount_cents,
      currency: "EUR",
      transactionId: `txn_${token}`,
      method: "card",
    });
  }

  /**
   * A delivered order of the demo customer with one line of 5 of the test model (10 € HT each, 60,00 € TTC), paid by
   * card or marked paid, and its return request of `num` units by the customer.
   */
  async function returned(opts: { card?: boolean; num?: number } = {}) {
    const o = await makeOrder(d.db, 1, { status: opts.card ? "unpaid" : "delivered", lines: [[modelId, 5]], ht: "50.00", tva: "10.00" });
    if (opts.card) await payByCard(o);
    await query(
      d.db,
      sql`update orders set status = 'delivered', delivered_at = now(), paid_at = coalesce(paid_at, now()) where id = ${o.id}`,
    );
    const [line] = await query<{ id: number }>(d.db, sql`select id from order_lines where order_id = ${o.id}`);
    const r = await services.returns.request(
      contextOf(d.db, 1, "fr"),
      {
        order_id: o.id,
        lines: [{ line_id: line.id, num: opts.num ?? 3 }],
        reason: "damaged",
        comment: "Cartons écrasés",
        idempotency_key: `desk-${kind}-${++seq}-0123456789abcdef`,
      },
      new Date(),
    );
    return { order: o, id: r.id, line: line.id };
  }
  const status = async (id: number) =>
    one<{ status: string; refusal_reason: string | null; refund_way: string | null; refund_id: number | null }>(
      d.db,
      sql`select status, refusal_reason, refund_way, refund_id from return_requests where id = ${id}`,
    );
  const notes = (orderId: number) =>
    query<{ number: string; amount_ttc: string; reason: string | null; return_id: number | null }>(
      d.db,
      sql`select number, amount_ttc::text, reason, return_id from credit_notes where order_id = ${orderId} order by id`,
    );
  const cardRefunds = (orderId: number) =>
    query<{ id: number; amount: string }>(
      d.db,
      sql`select r.id, r.amount::text from refunds r join payments p on p.id = r.payment_id where p.order_id = ${orderId} order by r.id`,
    );
  /** What the order page offers the accountant to give back by hand. */
  const left = async (orderId: number) => (await services.returnDesk.orderCreditOptions(d.db, orderId, ["accountant"]))?.left;
  const audits = (id: number) =>
    query<{ action: string }>(d.db, sql`select action from audit_log where entity = 'return' and entity_id = ${String(id)} order by id`);

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    services = createServices(d, loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), createReadCache());
    [{ id: modelId }] = await query<{ id: number }>(d.db, sql`select id from models order by id limit 1`);
    await query(d.db, sql`update models set stock = 1000 where id = ${modelId}`);
  }, 120_000);
  afterAll(async () => {
    await d?.close();
  });

  it("accepts, receives (resaleable units back to stock) and refunds by credit note; each step told and audited", async () => {
    const cs = await ctxOf("service-client");
    const r = await returned({ num: 3 });
    expect((await services.returnDesk.list(d.db, { page: 1 }, "fr")).list[0].status).toBe("requested");
    await services.returnDesk.accept(cs, r.id);
    expect((await status(r.id)).status).toBe("accepted");
    expect(await outcome(services.returnDesk.accept(cs, r.id))).toBe("admin.return_moved");

    const before = await stock();
    // bad counts change nothing
    expect(await outcome(services.returnDesk.receive(cs, r.id, [{ line_id: r.line, received: 4, resaleable: true }]))).toBe(
      "admin.return_receive_over",
    );
    expect(await outcome(services.returnDesk.receive(cs, r.id, [{ line_id: r.line, received: 0, resaleable: true }]))).toBe(
      "admin.return_receive_nothing",
    );
    expect((await status(r.id)).status).toBe("accepted");
    expect(await stock()).toBe(before);

    // 2 of the 3 came back, resaleable
    const got = await services.returnDesk.receive(cs, r.id, [{ line_id: r.line, received: 2, resaleable: true }]);
    expect(got.restocked).toEqual([{ model_id: modelId, num: 2 }]);
    expect(await stock()).toBe(before + 2);
    expect(await outcome(services.returnDesk.receive(cs, r.id, [{ line_id: r.line, received: 2, resaleable: true }]))).toBe(
      "admin.return_moved",
    );
    expect(await stock()).toBe(before + 2);

    const view = await services.returnDesk.detail(d.db, r.id, "fr");
    expect(view).toMatchObject({ status: "received", value: "24.00", left: "60.00" });
    const done = await services.returnDesk.refund(cs, r.id, "credit_note");
    expect(done).toMatchObject({ status: "refunded", amount: "24.00" });
    expect(await notes(r.order.id)).toMatchObject([{ amount_ttc: "24.00", return_id: r.id }]);
    expect(await status(r.id)).toMatchObject({ status: "refunded", refund_way: "credit_note" });
    expect(await outcome(services.returnDesk.refund(cs, r.id, "credit_note"))).toBe("admin.return_moved");
    expect(await notes(r.order.id)).toHaveLength(1);

    expect((await audits(r.id)).map((a) => a.action)).toEqual(["accept", "receive", "refund"]);
    const told = await query<{ status: string }>(
      d.db,
      sql`select vars->>'status' as status from notifications where kind = 'return_status' and (vars->>'return_id')::int = ${r.id} order by id`,
    );
    expect(told.map((x) => x.status)).toEqual(["requested", "accepted", "received", "refunded"]);
    const mails = await query<{ text: string }>(
      d.db,
      sql`select payload->>'text' as text from outbox_messages where payload->>'subject' = ${`Votre retour n° ${r.id} (commande ${r.order.number})`} order by id`,
    );
    expect(mails).toHaveLength(3);
    expect(spaces(mails[2].text)).toContain("Un avoir de 24,00 € TTC a été émis");
  });

  it("refuses with a reason the customer reads; not twice, and never after accepting", async () => {
    const cs = await ctxOf("service-client");
    const r = await returned();
    await services.returnDesk.refuse(cs, r.id, "Articles utilisés");
    expect(await status(r.id)).toMatchObject({ status: "refused", refusal_reason: "Articles utilisés" });
    const [mine] = (await services.returns.list(contextOf(d.db, 1, "fr"))).filter((x) => x.id === r.id);
    expect(mine).toMatchObject({ status: "refused", refusal_reason: "Articles utilisés" });
    expect(await outcome(services.returnDesk.refuse(cs, r.id, "Encore"))).toBe("admin.return_moved");
    expect(await outcome(services.returnDesk.accept(cs, r.id))).toBe("admin.return_moved");
    const [mail] = await query<{ text: string }>(
      d.db,
      sql`select payload->>'text' as text from outbox_messages where payload->>'subject' = ${`Votre retour n° ${r.id} (commande ${r.order.number})`}`,
    );
    expect(spaces(mail.text)).toContain("Motif du refus : Articles utilisés");
  });

  it("keeps every role to its permissions: refused and nothing changes", async () => {
    const [warehouse, accountant, planner, cs] = await Promise.all(["entrepot", "comptabilite", "planning", "service-client"].map(ctxOf));
    const r = await returned({ card: true, num: 5 });
    for (const c of [warehouse, accountant, planner]) {
      expect(await outcome(services.returnDesk.accept(c, r.id))).toBe("admin.permission_denied");
      expect(await outcome(services.returnDesk.refuse(c, r.id, "Non"))).toBe("admin.permission_denied");
    }
    await services.returnDesk.accept(cs, r.id);
    const before = await stock();
    for (const c of [warehouse, accountant, planner])
      expect(await outcome(services.returnDesk.receive(c, r.id, [{ line_id: r.line, received: 5, resaleable: true }]))).toBe(
        "admin.permission_denied",
      );
    expect(await stock()).toBe(before);
    await services.returnDesk.receive(cs, r.id, [{ line_id: r.line, received: 5, resaleable: false }]);
    expect(await stock()).toBe(before); // not resaleable: nothing back
    for (const c of [warehouse, planner])
      for (const way of ["credit_note", "card"] as const)
        expect(await outcome(services.returnDesk.refund(c, r.id, way))).toBe("admin.permission_denied");
    expect(await n(sql`select count(*)::int as n from audit_log where entity = 'return' and entity_id = ${String(r.id)}`)).toBe(2);
    expect((await status(r.id)).status).toBe("received");
    expect(await cardRefunds(r.order.id)).toEqual([]);
    expect(await notes(r.order.id)).toEqual([]);
    // the credit note by hand is the accountant's
    for (const c of [warehouse, planner, cs])
      expect(await outcome(services.returnDesk.orderCredit(c, r.order.id, { kind: "gesture", amount: "5.00", reason: "Retard" }))).toBe(
        "admin.permission_denied",
      );
    expect(await notes(r.order.id)).toEqual([]);
  });

  it("refunds to the card once, up to the service's limit for customer service, and by the accountant above it", async () => {
    const cs = await ctxOf("service-client");
    const accountant = await ctxOf("comptabilite");
    const r = await returned({ card: true, num: 5 });
    await services.returnDesk.accept(cs, r.id);
    await services.returnDesk.receive(cs, r.id, [{ line_id: r.line, received: 5, resaleable: true }]);
    // 60,00 € is within the service's limit (300,00 €)
    const done = await services.returnDesk.refund(cs, r.id, "card");
    expect(done).toMatchObject({ status: "refunded", amount: "60.00" });
    const rows = await cardRefunds(r.order.id);
    expect(rows).toMatchObject([{ amount: "60.00" }]);
    expect((await status(r.id)).refund_id).toBe(rows[0].id);
    await services.payments.refundDue(d.db);
    await services.payments.refundDue(d.db);
    const refunded = await one<{ c: number }>(
      d.db,
      sql`select s.refunded_cents as c from sandbox_sessions s join payments p on p.id = s.payment_id where p.order_id = ${r.order.id}`,
    );
    expect(refunded.c).toBe(6000);
    // nothing is left to give back on the order
    expect(await outcome(services.returnDesk.orderCredit(accountant, r.order.id, { kind: "amount", amount: "0.01", reason: "Test" }))).toBe(
      "admin.refund_over_paid",
    );

    // a larger order: customer service may not send 360,00 € to a card, the accountant may
    const big = await makeOrder(d.db, 1, { status: "unpaid", lines: [[modelId, 30]], ht: "300.00", tva: "60.00" });
    await payByCard(big);
    await query(d.db, sql`update orders set status = 'delivered', delivered_at = now() where id = ${big.id}`);
    const [line] = await query<{ id: number }>(d.db, sql`select id from order_lines where order_id = ${big.id}`);
    const req = await services.returns.request(
      contextOf(d.db, 1, "fr"),
      {
        order_id: big.id,
        lines: [{ line_id: line.id, num: 30 }],
        reason: "surplus",
        comment: "",
        idempotency_key: `desk-${kind}-big-0123456789abc`,
      },
      new Date(),
    );
    await services.returnDesk.accept(cs, req.id);
    await services.returnDesk.receive(cs, req.id, [{ line_id: line.id, received: 30, resaleable: true }]);
    expect(await outcome(services.returnDesk.refund(cs, req.id, "card"))).toBe("admin.return_card_over_limit");
    expect(await cardRefunds(big.id)).toEqual([]);
    expect((await status(req.id)).status).toBe("received");
    await services.returnDesk.refund(accountant, req.id, "card");
    expect(await cardRefunds(big.id)).toMatchObject([{ amount: "360.00" }]);
  });

  it("issues a credit note by hand: an amount or a gesture with its reason, never above what is left", async () => {
    const accountant = await ctxOf("comptabilite");
    const o = await makeOrder(d.db, 1, { status: "delivered", lines: [[modelId, 5]], ht: "50.00", tva: "10.00" });
    expect(await outcome(services.returnDesk.orderCredit(accountant, o.id, { kind: "amount", amount: "60.01", reason: "Erreur" }))).toBe(
      "admin.refund_over_paid",
    );
    await services.returnDesk.orderCredit(accountant, o.id, { kind: "gesture", amount: "10.00", reason: "Livraison en retard" });
    await services.returnDesk.orderCredit(accountant, o.id, { kind: "amount", amount: "50.00", reason: "Remise oubliée" });
    expect(await notes(o.id)).toMatchObject([
      { amount_ttc: "10.00", reason: "Geste commercial : Livraison en retard" },
      { amount_ttc: "50.00", reason: "Remise oubliée" },
    ]);
    expect(await left(o.id)).toBe("0.00");
    expect(
      await n(
        sql`select count(*)::int as n from audit_log where entity = 'order' and entity_id = ${String(o.id)} and action = 'credit_note'`,
      ),
    ).toBe(2);
    const unpaid = await makeOrder(d.db, 1, { status: "unpaid", lines: [[modelId, 1]] });
    expect(await outcome(services.returnDesk.orderCredit(accountant, unpaid.id, { kind: "gesture", amount: "1.00", reason: "X" }))).toBe(
      "admin.refund_over_paid",
    );
  });

  it("issues a credit note of chosen lines or of the whole of what is left, the lines named; a second whole is refused", async () => {
    const accountant = await ctxOf("comptabilite");
    const o = await makeOrder(d.db, 1, { status: "delivered", lines: [[modelId, 5]], ht: "50.00", tva: "10.00" });
    const [line] = await query<{ id: number }>(d.db, sql`select id from order_lines where order_id = ${o.id}`);
    const byLines = (num: number, kind: "amount" | "gesture" = "amount") =>
      services.returnDesk.orderCredit(accountant, o.id, { kind, scope: "lines", lines: [{ line_id: line.id, num }], reason: "Casse" });
    expect(await outcome(byLines(6))).toBe("admin.order_credit_lines_invalid");
    expect(await outcome(byLines(0))).toBe("admin.order_credit_lines_invalid");
    expect(
      await outcome(
        services.returnDesk.orderCredit(accountant, o.id, {
          kind: "amount",
          scope: "lines",
          lines: [{ line_id: line.id + 999, num: 1 }],
          reason: "X",
        }),
      ),
    ).toBe("admin.order_credit_lines_invalid");
    // 2 × 10.00 HT at 20 % = 24.00 TTC
    expect(await byLines(2)).toMatchObject({ amount_ttc: "24.00" });
    // 5 units would be 60.00: more than the 36.00 left
    expect(await outcome(byLines(5))).toBe("admin.refund_over_paid");
    const whole = () => services.returnDesk.orderCredit(accountant, o.id, { kind: "gesture", scope: "whole", reason: "Client fidèle" });
    expect(await whole()).toMatchObject({ amount_ttc: "36.00" });
    expect(await outcome(whole())).toBe("admin.order_credit_none_left");
    expect(await notes(o.id)).toMatchObject([
      { amount_ttc: "24.00", reason: "Lignes 2 × REF : Casse" },
      { amount_ttc: "36.00", reason: "Geste commercial : Client fidèle" },
    ]);
    expect(await left(o.id)).toBe("0.00");
    const logged = await query<{ scope: string; amount: string; lines: unknown }>(
      d.db,
      sql`select changes->'scope'->>'after' as scope, changes->'amount'->>'after' as amount, changes->'lines'->'after' as lines
          from audit_log where entity = 'order' and entity_id = ${String(o.id)} and action = 'credit_note' order by id`,
    );
    expect(logged).toMatchObject([
      { scope: "lines", amount: "24.00", lines: [{ line_id: line.id, num: 2 }] },
      { scope: "whole", amount: "36.00" },
    ]);
    expect(await n(sql`select count(*)::int as n from notifications where order_id = ${o.id} and kind = 'credit_note_issued'`)).toBe(2);
    const service = await ctxOf("service-client");
    expect(await outcome(services.returnDesk.orderCredit(service, o.id, { kind: "amount", scope: "whole", reason: "X" }))).toBe(
      "admin.permission_denied",
    );
  });

  it("refunds by hand to the card that paid the order: orders:refund only, within what the card may refund, told by e-mail", async () => {
    const [accountant, cs, warehouse] = await Promise.all(["comptabilite", "service-client", "entrepot"].map(ctxOf));
    const r = await returned({ card: true });
    const o = r.order;
    expect(await services.returnDesk.orderCreditOptions(d.db, o.id, ["accountant"])).toEqual({
      left: "60.00",
      ways: ["credit_note", "card"],
      card_refundable: "60.00",
    });
    expect(await services.returnDesk.orderCreditOptions(d.db, o.id, ["customer_service"])).toBeNull();
    const card = (c: typeof accountant, amount: string) =>
      services.returnDesk.orderCredit(c, o.id, { way: "card", kind: "gesture", amount, reason: "Livraison en retard" });
    for (const c of [cs, warehouse]) expect(await outcome(card(c, "5.00"))).toBe("admin.permission_denied");
    expect(await card(accountant, "15.00")).toMatchObject({ way: "card", number: null, amount_ttc: "15.00" });
    expect(await cardRefunds(o.id)).toMatchObject([{ amount: "15.00" }]);
    expect(await notes(o.id)).toEqual([]);
    // a credit note of 40 € leaves 5 € to give back: a card refund of 10 € is refused, 5 € goes
    await services.returnDesk.orderCredit(accountant, o.id, { kind: "amount", amount: "40.00", reason: "Casse" });
    expect(await outcome(card(accountant, "10.00"))).toBe("admin.refund_over_paid");
    expect(await outcome(card(accountant, "5.00"))).toBe("done");
    expect(await cardRefunds(o.id)).toMatchObject([{ amount: "15.00" }, { amount: "5.00" }]);
    expect(await left(o.id)).toBe("0.00");
    expect(
      await n(
        sql`select count(*)::int as n from audit_log where entity = 'order' and entity_id = ${String(o.id)} and action = 'card_refund'`,
      ),
    ).toBe(2);
    const mails = await query<{ subject: string; text: string }>(
      d.db,
      sql`select payload->>'subject' as subject, payload->>'text' as text from outbox_messages
          where payload->>'subject' = ${`Remboursement sur votre commande ${o.number}`} order by id`,
    );
    expect(mails).toHaveLength(2);
    expect(spaces(mails[0].text)).toContain("Nous vous remboursons 15,00 € TTC sur la carte");
    expect(mails[0].text).toContain("Motif : Geste commercial : Livraison en retard");
    // an order paid otherwise offers no card refund and refuses one
    const other = await makeOrder(d.db, 1, { status: "delivered", lines: [[modelId, 1]] });
    expect((await services.returnDesk.orderCreditOptions(d.db, other.id, ["accountant"]))?.ways).toEqual(["credit_note"]);
    expect(
      await outcome(services.returnDesk.orderCredit(accountant, other.id, { way: "card", kind: "amount", scope: "whole", reason: "X" })),
    ).toBe("admin.return_card_unavailable");
  });

  it.runIf(kind === "pg")("two staff refunding the whole order to the card at once make one refund", async () => {
    const [a, b] = await Promise.all(["comptabilite", "direction"].map(ctxOf));
    for (let i = 0; i < 3; i++) {
      const { order: o } = await returned({ card: true });
      await warm();
      const got = await Promise.all(
        [a, b, a].map((c) =>
          outcome(services.returnDesk.orderCredit(c, o.id, { way: "card", kind: "amount", scope: "whole", reason: "Course" })),
        ),
      );
      expect(got.sort()).toEqual(["admin.order_credit_none_left", "admin.order_credit_none_left", "done"]);
      expect(await cardRefunds(o.id)).toMatchObject([{ amount: "60.00" }]);
    }
  });

  it.runIf(kind === "pg")("two staff crediting the whole order at once issue one credit note", async () => {
    const [a, b] = await Promise.all(["comptabilite", "gerance"].map(ctxOf));
    for (let i = 0; i < 3; i++) {
      const o = await makeOrder(d.db, 1, { status: "delivered", lines: [[modelId, 5]], ht: "50.00", tva: "10.00" });
      await warm();
      const got = await Promise.all(
        [a, b].map((c) => outcome(services.returnDesk.orderCredit(c, o.id, { kind: "amount", scope: "whole", reason: "Course" }))),
      );
      expect(got.sort()).toEqual(["admin.order_credit_none_left", "done"]);
      expect(await notes(o.id)).toMatchObject([{ amount_ttc: "60.00" }]);
    }
  });

  it.runIf(kind === "pg")("two staff receiving the same return at once give the stock back once", async () => {
    const [a, b] = await Promise.all(["service-client", "gerance"].map(ctxOf));
    for (let i = 0; i < 3; i++) {
      const r = await returned({ num: 4 });
      await services.returnDesk.accept(a, r.id);
      const before = await stock();
      await warm();
      const got = await Promise.all(
        [a, b, a].map((c) => outcome(services.returnDesk.receive(c, r.id, [{ line_id: r.line, received: 4, resaleable: true }]))),
      );
      expect(got.filter((x) => x === "done")).toHaveLength(1);
      expect(got.filter((x) => x === "admin.return_moved")).toHaveLength(2);
      expect(await stock()).toBe(before + 4);
    }
  });

  it.runIf(kind === "pg")("refunds and credit notes by hand racing never give back more than was paid", async () => {
    const [cs, manager, accountant] = await Promise.all(["service-client", "gerance", "comptabilite"].map(ctxOf));
    for (let i = 0; i < 3; i++) {
      const r = await returned({ card: true, num: 5 });
      await services.returnDesk.accept(cs, r.id);
      await services.returnDesk.receive(cs, r.id, [{ line_id: r.line, received: 5, resaleable: true }]);
      await warm();
      const got = await Promise.all([
        outcome(services.returnDesk.refund(cs, r.id, "card")),
        outcome(services.returnDesk.refund(manager, r.id, "credit_note")),
        outcome(services.returnDesk.orderCredit(accountant, r.order.id, { kind: "amount", amount: "40.00", reason: "Course" })),
        outcome(services.returnDesk.orderCredit(accountant, r.order.id, { kind: "gesture", amount: "30.00", reason: "Course" })),
      ]);
      expect(got.filter((x) => x === "done").length).toBeGreaterThanOrEqual(1);
      const given =
        (await notes(r.order.id)).reduce((s, x) => s + Number(x.amount_ttc), 0) +
        (await cardRefunds(r.order.id)).reduce((s, x) => s + Number(x.amount), 0);
      expect(given).toBeLessThanOrEqual(60);
      // the return itself refunded at most once
      expect(got.slice(0, 2).filter((x) => x === "done").length).toBeLessThanOrEqual(1);
    }
  });

  it("follows the owner's card limit: set by settings:write only, audited, read by the next refund", async () => {
    const owner = await ctxOf("direction");
    const cs = await ctxOf("service-client");
    const setting = () =>
      query<{ changes: unknown }>(
        d.db,
        sql`select changes from audit_log where entity = 'setting' and entity_id = 'serviceCardRefundLimit' order by id`,
      );
    expect(await services.returnDesk.cardLimit({ db: d.db })).toBe("300.00"); // no row: the default
    for (const who of ["gerance", "entrepot", "planning", "service-client", "catalogue", "comptabilite"])
      expect(await outcome(services.returnDesk.setCardLimit(await ctxOf(who), "1000.00")), who).toBe("admin.permission_denied");
    expect(await setting()).toEqual([]);

    // 60,00 € to the card: above a limit of 50 €, customer service is refused and told the limit; nothing changes
    const r = await returned({ card: true, num: 5 });
    await services.returnDesk.accept(cs, r.id);
    await services.returnDesk.receive(cs, r.id, [{ line_id: r.line, received: 5, resaleable: true }]);
    await services.returnDesk.setCardLimit(owner, "50.00");
    expect(await services.returnDesk.cardLimit({ db: d.db })).toBe("50.00");
    const over = await services.returnDesk.refund(cs, r.id, "card").catch((e: { key: string; vars: unknown }) => e);
    expect(over).toMatchObject({ key: "admin.return_card_over_limit" });
    expect(spaces(String((over as { vars: { amount: string } }).vars.amount))).toBe("50,00 € TTC");
    expect(await cardRefunds(r.order.id)).toEqual([]);
    expect((await status(r.id)).status).toBe("received");

    // 0: customer service never refunds by card; a credit note stays theirs
    await services.returnDesk.setCardLimit(owner, "0.00");
    expect(await outcome(services.returnDesk.refund(cs, r.id, "card"))).toBe("admin.return_card_over_limit");

    // raised to 60 €: the same refund goes through
    await services.returnDesk.setCardLimit(owner, "60.00");
    expect(await services.returnDesk.refund(cs, r.id, "card")).toMatchObject({ status: "refunded", amount: "60.00" });
    expect(await cardRefunds(r.order.id)).toMatchObject([{ amount: "60.00" }]);
    // the same value again changes nothing and writes no audit row
    await services.returnDesk.setCardLimit(owner, "60.00");
    expect(await setting()).toEqual([
      { changes: { limit: { before: "300.00", after: "50.00" } } },
      { changes: { limit: { before: "50.00", after: "0.00" } } },
      { changes: { limit: { before: "0.00", after: "60.00" } } },
    ]);
    // the back office's alone: not in the public site config
    expect(await services.config.siteConfig()).not.toHaveProperty("serviceCardRefundLimit");
    await query(d.db, sql`delete from site_config where key = 'serviceCardRefundLimit'`);
  });
});
