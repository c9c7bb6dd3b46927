// Staff edit an order before its preparation (decision 140): quantities, removal, an added line, stock taken and given
// back by guarded updates, totals by the placement's rules, the money settled (the new amount to pay, a refund by card
// or credit note exactly once, a balance due paid once by its own card payment); audited, in the timeline, told to
// the customer. Races on PostgreSQL with separate connections: an edit against the start of preparation, against
// another edit, against the payment notice of the unpaid order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStaff } from "#server/test/staff.ts";
import { sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { loadEnv } from "#server/env.ts";
import { createReadCache } from "#server/read-cache.ts";
import { createServices } from "#server/services.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { one } from "#server/test/payments.ts";
import { pdfToText } from "#server/test/pdf-text.ts";
import { contextOf } from "#server/context.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import { editRevision, type EditRefund } from "#core/orders/edit.ts";
import { zoneOf } from "#core/freight-tariff.ts";
import type { OrderEditInput } from "#core/validation/order-edit.ts";

type Placed = { id: number; number: string; total_ttc: string };

describe.each(testDbKinds())("order edit by staff (%s)", (kind) => {
  let d: Database;
  let services: ReturnType<typeof createServices>;
  let shopId: number;
  let email: string;
  let A: { id: number; reference: string };
  let B: { id: number; reference: string };
  let C: { id: number; reference: string };
  let seq = 0;

  const ctxOf = (who: string) => demoStaff(d.db, who);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const stock = async (id: number) => (await one<{ stock: number }>(d.db, sql`select stock from models where id = ${id}`)).stock;
  const stocks = async () => [await stock(A.id), await stock(B.id), await stock(C.id)];
  const orderRow = (o: { id: number }) =>
    one<{ status: string; total_ht: string; total_tva: string; total_ttc: string; freight_ht: string; balance_due: string; paid: boolean }>(
      d.db,
      sql`select status, total_ht::text, total_tva::text, total_ttc::text, freight_ht::text, balance_due::text, paid_at is not null as paid
          from orders where id = ${o.id}`,
    );
  const linesOf = (o: { id: number }) =>
    query<{ id: number; model_id: number; num: number; price: string; line_ht: string }>(
      d.db,
      sql`select id, model_id, num, price::text, line_ht::text from order_lines where order_id = ${o.id} order by id`,
    );
  const count = async (q: ReturnType<typeof sql>) => (await one<{ n: number }>(d.db, q)).n;

  /** The demo customer's store-pickup order of `lines`, placed by the placement service. */
  async function place(lines: [number, number][]): Promise<Placed> {
    await query(
      d.db,
      sql`insert into carts (customer_id, pickup_method, shop_id) values (1, 2, ${shopId})
          on conflict (customer_id) do update set pickup_method = 2, delivery_mode = null, shop_id = ${shopId}, coupon_id = null`,
    );
    await query(d.db, sql`delete from cart_lines where cart_id = (select id from carts where customer_id = 1)`);
    for (const [m, n] of lines)
      await query(d.db, sql`insert into cart_lines (cart_id, model_id, num) select id, ${m}, ${n} from carts where customer_id = 1`);
    const o = await services.orderPlacement.place(
      { db: d.db, customer: { id: 1, email }, lang: "fr" },
      { idempotency_key: `edit-${kind}-${++seq}-${Date.now()}`, note: "", accept_cgv: true },
    );
    return { id: o.id, number: o.number, total_ttc: o.total_ttc };
  }
  async function startPayment(o: { id: number }) {
    const started = await services.payments.leavePayment({ db: d.db, customer: { id: 1, email }, lang: "fr" }, { id: o.id });
    return { id: started.payment_id, token: started.redirect_url.split("/").pop()! };
  }
  async function succeed(p: { id: number; token: string }, eventId = `evt_${kind}_${p.token}`) {
    const s = await one<{ amount_cents: number }>(
      d.db,
      sql`update sandbox_sessions set status = 'done', outcome = 'succeeded', transaction_id = ${`txn_${p.token}`},
            finished_at = now(), notified_at = now() where token = ${p.token} returning amount_cents`,
    );
    return services.payments.handleNotification(d.db, {
      eventId,
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
  async function paid(lines: [number, number][]) {
    const o = await place(lines);
    expect(await succeed(await startPayment(o))).toBe("processed");
    return o;
  }
  /** The input of an edit of `o` as it is now: `change` maps model ids to new quantities (0 removes). */
  async function input(
    o: { id: number },
    change: Record<number, number>,
    add: { reference: string; num: number } | null = null,
    refund: EditRefund | null = null,
  ): Promise<OrderEditInput> {
    const row = await orderRow(o);
    const lines = await linesOf(o);
    return {
      revision: editRevision({ status: row.status, total_ttc: row.total_ttc, balance_due: row.balance_due, lines }),
      lines: lines.map((l) => ({ id: l.id, num: change[l.model_id] ?? l.num })),
      add,
      refund,
    };
  }
  const edit = async (c: StaffContext, o: { id: number }, i: OrderEditInput) => services.orderEdit.edit(c, o.id, i);
  const warm = () => Promise.all([1, 2, 3, 4].map(() => query(d.db, sql`select pg_sleep(0.02)`)));

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    services = createServices(d, loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), createReadCache());
    [{ id: shopId }] = await query<{ id: number }>(d.db, sql`select id from shops order by id limit 1`);
    [{ email }] = await query<{ email: string }>(d.db, sql`select email from customers where id = 1`);
    const ms = await query<{ id: number; reference: string }>(
      d.db,
      sql`select m.id, m.reference from models m join products p on p.id = m.product_id
          where p.active and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 3`,
    );
    [A, B, C] = ms;
    for (const [m, price] of [
      [A, 25],
      [B, 10],
      [C, 4.5],
    ] as const)
      await query(
        d.db,
        sql`update models set stock = 1000, purchasable_qty = 500, not_for_sale = false, price = ${price}, site_price = ${price}, tva = 0.2
            where id = ${m.id}`,
      );
  }, 120_000);
  afterAll(async () => {
    await d?.close();
  });

  it("edits an unpaid order: quantity, removal, a line added; stock moved once; totals by the placement's rules; recorded and told", async () => {
    const o = await place([
      [A.id, 10],
      [B.id, 4],
    ]);
    const placed = await orderRow(o);
    expect(placed.total_ttc).toBe("348.00"); // (250 + 40) × 1.2
    const before = await stocks();
    const cs = await ctxOf("service-client");

    const i = await input(o, { [A.id]: 12, [B.id]: 0 }, { reference: C.reference.toLowerCase(), num: 2 });
    const preview = await services.orderEdit.preview(d.db, o.id, i);
    expect(preview.before.total_ttc).toBe("348.00");
    expect(preview.after.total_ttc).toBe("370.80"); // (300 + 9) × 1.2
    expect(preview.amount_due).toBe("370.80");
    expect(preview.settlements).toEqual([
      { refund: null, settlement: { ok: true, difference: "22.80", balance_due: "0.00", card_refund: "0.00", credit_note: "0.00" } },
    ]);
    expect(await stocks()).toEqual(before); // a preview writes nothing

    const done = await edit(cs, o, i);
    expect(done).toMatchObject({ status: "unpaid", total_before: "348.00", total_after: "370.80", balance_due: "0.00" });
    expect(await stocks()).toEqual([before[0] - 2, before[1] + 4, before[2] - 2]);
    expect((await linesOf(o)).map((l) => [l.model_id, l.num, l.price, l.line_ht])).toEqual([
      [A.id, 12, "25.0000", "300.00"],
      [C.id, 2, "4.5000", "9.00"],
    ]);
    expect(await orderRow(o)).toMatchObject({ status: "unpaid", total_ht: "309.00", total_tva: "61.80", total_ttc: "370.80" });

    // the timeline and the audit name the author; the customer is told, with the link to pay
    const timeline = await services.orderLife.timeline(d.db, o.id);
    expect(timeline.map((e) => `${e.event}:${e.from}>${e.to}:${e.staff}`)).toEqual([`edit:unpaid>unpaid:${cs.staff.name}`]);
    expect(timeline[0].details).toMatchObject({ total_before: "348.00", total_after: "370.80", difference: "22.80" });
    const [audit] = await d.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${String(o.id)} and ${auditLog.action} = 'edit'`);
    expect(audit.staffId).toBe(cs.staff.id);
    expect(audit.changes).toMatchObject({ total_ttc: { before: "348.00", after: "370.80" } });
    expect(await count(sql`select count(*)::int as n from notifications where order_id = ${o.id} and kind = 'order_edited'`)).toBe(1);
    const [mail] = await query<{ text: string }>(
      d.db,
      sql`select payload->>'text' as text from outbox_messages where payload->>'subject' = ${`Votre commande ${o.number} a été modifiée`}`,
    );
    expect(mail.text.replace(/[\u00a0\u202f]/g, " ")).toContain("Montant à payer : 370,80 € TTC");
    expect(mail.text).toContain(`/paymentcb?order_id=${o.number}`);

    // back to the lines it was placed with: the very totals placement computed
    const back = await input(o, { [C.id]: 0, [A.id]: 10 }, { reference: B.reference, num: 4 });
    await edit(cs, o, back);
    expect(await orderRow(o)).toMatchObject({ total_ht: placed.total_ht, total_tva: placed.total_tva, total_ttc: placed.total_ttc });
    expect(await stocks()).toEqual(before);

    // the card step charges the new amount
    await edit(cs, o, await input(o, { [A.id]: 6 }));
    const p = await startPayment(o);
    expect((await one<{ amount: string }>(d.db, sql`select amount::text from payments where id = ${p.id}`)).amount).toBe("228.00");
  });

  it("keeps the credit spent on an unpaid order up to its new total, gives the rest back, and a covered order is paid", async () => {
    const cs = await ctxOf("service-client");
    const o = await place([
      [A.id, 10],
      [B.id, 4],
    ]);
    const note = await one<{ id: number }>(
      d.db,
      sql`insert into credit_notes (number, customer_id, amount_ttc, remaining_ttc) values (${`AVE-${kind}-${++seq}`}, 1, 300, 0) returning id`,
    );
    await query(d.db, sql`insert into credit_note_uses (order_id, credit_note_id, amount) values (${o.id}, ${note.id}, 300)`);
    const remaining = async () =>
      (await one<{ r: string }>(d.db, sql`select remaining_ttc::text as r from credit_notes where id = ${note.id}`)).r;
    // still above the credit: it stays whole, the card pays the rest
    expect(await services.orderEdit.preview(d.db, o.id, await input(o, { [B.id]: 3 }))).toMatchObject({ amount_due: "36.00" });
    await edit(cs, o, await input(o, { [B.id]: 3 }));
    expect(await remaining()).toBe("0.00");
    // below it: 30 € go back to the note, the order is paid by credit with its invoice
    const done = await edit(cs, o, await input(o, { [A.id]: 9, [B.id]: 0 }));
    expect(done).toMatchObject({ status: "processing", total_after: "270.00" });
    expect(await remaining()).toBe("30.00");
    expect(await orderRow(o)).toMatchObject({ status: "processing", paid: true });
    expect(await count(sql`select count(*)::int as n from invoices where order_id = ${o.id}`)).toBe(1);
    expect(
      await one(
        d.db,
        sql`select coalesce(sum(amount), 0)::text as used from credit_note_uses where order_id = ${o.id} and released_at is null`,
      ),
    ).toEqual({ used: "270.00" });
  });

  it("refuses bad edits with their reason and changes nothing", async () => {
    const o = await place([
      [A.id, 10],
      [B.id, 4],
    ]);
    const cs = await ctxOf("service-client");
    const before = [await stocks(), await orderRow(o), await linesOf(o)];
    const cases: [Promise<OrderEditInput>, string][] = [
      [input(o, { [A.id]: 0, [B.id]: 0 }), "orders.edit_no_line_left"],
      [input(o, {}), "orders.edit_nothing_changed"],
      [input(o, { [A.id]: 501 }), "api.above_purchase_ceiling"],
      [input(o, {}, { reference: "NOPE-000", num: 1 }), "orders.edit_reference_unknown"],
      [input(o, {}, { reference: A.reference, num: 1 }), "orders.edit_line_exists"],
      [input(o, { [A.id]: 2 }).then((i) => ({ ...i, revision: i.revision + "x" })), "orders.edit_stale"],
      [input(o, { [A.id]: 2 }).then((i) => ({ ...i, lines: [...i.lines, { id: 999_999, num: 1 }] })), "orders.edit_lines_invalid"],
      // below the minimum order (50 € HT)
      [input(o, { [A.id]: 1, [B.id]: 1 }), "api.order_below_minimum"],
    ];
    for (const [i, key] of cases) expect(await refusal(edit(cs, o, await i))).toBe(key);
    await query(d.db, sql`update models set stock = 3 where id = ${C.id}`);
    expect(await refusal(edit(cs, o, await input(o, {}, { reference: C.reference, num: 4 })))).toBe("api.insufficient_stock");
    await query(d.db, sql`update models set stock = 1000 where id = ${C.id}`);
    // roles without orders:edit
    for (const who of ["entrepot", "planning", "catalogue", "comptabilite"])
      expect(await refusal(edit(await ctxOf(who), o, await input(o, { [A.id]: 2 })))).toBe("admin.permission_denied");
    expect([await stocks(), await orderRow(o), await linesOf(o)]).toEqual(before);
    expect(await count(sql`select count(*)::int as n from order_events where order_id = ${o.id}`)).toBe(0);

    // once its preparation started, never
    const manager = await ctxOf("gerance");
    const p = await paid([[A.id, 10]]);
    await services.orderLife.apply(await ctxOf("entrepot"), p.id, { type: "start_preparation" });
    expect(await refusal(edit(manager, p, await input(p, { [A.id]: 2 })))).toBe("orders.edit_refused_preparing");
  });

  it("keeps a planned delivery on its round only while it fits: a load that grows past the day's capacity is refused", async () => {
    const cs = await ctxOf("service-client");
    const [addr] = await query<{ id: number; zip: string }>(
      d.db,
      sql`select id, zip_code as zip from addresses where customer_id = 1 and kind = 'delivery' order by id limit 1`,
    );
    await query(
      d.db,
      sql`insert into carts (customer_id, pickup_method, delivery_mode, delivery_addr_id) values (1, 1, 'pallet', ${addr.id})
          on conflict (customer_id) do update set pickup_method = 1, delivery_mode = 'pallet', shop_id = null, delivery_addr_id = ${addr.id}, coupon_id = null`,
    );
    await query(d.db, sql`delete from cart_lines where cart_id = (select id from carts where customer_id = 1)`);
    await query(d.db, sql`insert into cart_lines (cart_id, model_id, num) select id, ${A.id}, 10 from carts where customer_id = 1`);
    const placed = await services.orderPlacement.place(
      { db: d.db, customer: { id: 1, email }, lang: "fr" },
      { idempotency_key: `edit-round-${kind}-${Date.now()}`, note: "", accept_cgv: true },
    );
    const date = "2031-03-04";
    const o = await one<{ id: number; pallets: number | null; parcels: number | null }>(
      d.db,
      sql`update orders set status = 'planned', paid_at = now(), planned_delivery_date = ${date} where id = ${placed.id}
          returning id, cart_pallets as pallets, cart_parcels as parcels`,
    );
    const zone = zoneOf(await services.freight.tariff(d.db), addr.zip)!.code;
    // the round of that day holds exactly this order
    await query(
      d.db,
      sql`insert into delivery_capacity_days (zone_code, day, pallets, parcels) values (${zone}, ${date}, ${o.pallets ?? 0}, ${o.parcels ?? 0})`,
    );
    const before = await linesOf(o);
    const refused = await refusal(edit(cs, o, await input(o, { [A.id]: 500 })));
    expect(refused).toBe("orders.edit_over_capacity");
    expect(await linesOf(o)).toEqual(before);
    // a smaller load keeps its place
    expect(await refusal(edit(cs, o, await input(o, { [A.id]: 5 }, null, "credit_note")))).toBe("accepted");
    expect((await orderRow(o)).status).toBe("planned");
  });

  it("refunds a lower paid total by credit note or to the card, exactly once; customer service never to the card", async () => {
    const cs = await ctxOf("service-client");
    const manager = await ctxOf("gerance");
    const o = await paid([
      [A.id, 10],
      [B.id, 4],
    ]);
    expect(await refusal(edit(cs, o, await input(o, { [B.id]: 0 })))).toBe("orders.edit_refund_required");
    expect(await refusal(edit(cs, o, await input(o, { [B.id]: 0 }, null, "provider")))).toBe("admin.permission_denied");
    const byNote = await edit(cs, o, await input(o, { [B.id]: 0 }, null, "credit_note"));
    expect(byNote).toMatchObject({ status: "processing", total_after: "300.00", credit_note: "48.00", card_refund: "0.00" });
    expect(byNote.credit_note_number).toMatch(/^AV\d{4}-\d{6}$/);
    const notes = await query<{ amount_ttc: string; reason: string }>(
      d.db,
      sql`select amount_ttc::text, reason from credit_notes where order_id = ${o.id}`,
    );
    expect(notes).toEqual([{ amount_ttc: "48.00", reason: `Modification de la commande ${o.number}` }]);

    const byCard = await edit(manager, o, await input(o, { [A.id]: 8 }, null, "provider"));
    expect(byCard).toMatchObject({ total_after: "240.00", card_refund: "60.00", credit_note: "0.00" });
    const refunds = () =>
      query<{ amount: string; status: string; staff_id: number }>(
        d.db,
        sql`select r.amount::text, r.status, r.staff_id from refunds r join payments p on p.id = r.payment_id where p.order_id = ${o.id}`,
      );
    expect(await refunds()).toEqual([{ amount: "60.00", status: "pending", staff_id: manager.staff.id }]);
    await services.payments.refundDue(d.db);
    await services.payments.refundDue(d.db);
    expect(await refunds()).toEqual([{ amount: "60.00", status: "succeeded", staff_id: manager.staff.id }]);
    const refunded = await one<{ c: number }>(
      d.db,
      sql`select s.refunded_cents as c from sandbox_sessions s join payments p on p.id = s.payment_id where p.order_id = ${o.id}`,
    );
    expect(refunded.c).toBe(6000);
    // the order stays paid and its payment stands
    expect(await orderRow(o)).toMatchObject({ status: "processing", paid: true, balance_due: "0.00" });
  });

  it("leaves an issued invoice as it was issued; an order edited before its payment is invoiced as edited", async () => {
    const cs = await ctxOf("service-client");
    // the PDF's text without spaces or line breaks (a long reference wraps in its cell)
    const invoice = async (o: { id: number }) =>
      (await pdfToText((await services.documents.invoicePdf(contextOf(d.db, 1, "fr"), o.id)).pdf)).replace(/\s+/g, "");
    const flat = (ms: string[]) => ms.map((m) => m.replace(/\s+/g, ""));
    const o = await paid([
      [A.id, 10],
      [B.id, 4],
    ]);
    const issued = await invoice(o);
    for (const m of flat([A.reference, B.reference, "250,00 €", "40,00 €", "290,00 €", "348,00 €"])) expect(issued).toContain(m);

    // lower, refunded by credit note; then higher, with a balance due: the invoice says what it said at payment
    await edit(cs, o, await input(o, { [B.id]: 0 }, null, "credit_note"));
    await edit(cs, o, await input(o, { [A.id]: 12 }, { reference: C.reference, num: 2 }));
    expect(await orderRow(o)).toMatchObject({ total_ttc: "370.80", balance_due: "70.80" });
    // and the account changed since: the invoice is still made out as it was
    const [was] = await query<{ company: string | null; siret: string | null }>(
      d.db,
      sql`select company, siret from customers where id = 1`,
    );
    await query(d.db, sql`update customers set company = 'Société Renommée', siret = '98765432100017' where id = 1`);
    const later = await invoice(o);
    await query(d.db, sql`update customers set company = ${was.company}, siret = ${was.siret} where id = 1`);
    expect(later).toBe(issued);
    for (const m of flat([C.reference, "300,00 €", "370,80 €"])) expect(later).not.toContain(m);
    const [row] = await query<{ amount_ttc: string; total_ttc: string; lines: number }>(
      d.db,
      sql`select amount_ttc::text, contents->>'total_ttc' as total_ttc, jsonb_array_length(contents->'lines') as lines
          from invoices where order_id = ${o.id}`,
    );
    expect(row).toEqual({ amount_ttc: "348.00", total_ttc: "348.00", lines: 2 });

    // edited while unpaid, then paid: the invoice is issued from the edited order
    const u = await place([[A.id, 10]]);
    await edit(cs, u, await input(u, { [A.id]: 12 }, { reference: C.reference, num: 2 }));
    expect(await succeed(await startPayment(u))).toBe("processed");
    const edited = await invoice(u);
    for (const m of flat([A.reference, C.reference, "300,00 €", "9,00 €", "370,80 €"])) expect(edited).toContain(m);
  });

  it("leaves a balance due on a higher paid total, paid once by its own card payment; the re-pay charges exactly it", async () => {
    const cs = await ctxOf("service-client");
    const o = await paid([[A.id, 10]]);
    const done = await edit(cs, o, await input(o, { [A.id]: 12 }));
    expect(done).toMatchObject({ total_after: "360.00", balance_due: "60.00" });
    expect(await orderRow(o)).toMatchObject({ status: "processing", balance_due: "60.00" });
    const [mail] = await query<{ text: string }>(
      d.db,
      sql`select payload->>'text' as text from outbox_messages where payload->>'subject' = ${`Votre commande ${o.number} a été modifiée`}`,
    );
    expect(mail.text.replace(/[\u00a0\u202f]/g, " ")).toContain("il reste 60,00 € TTC à régler par carte bancaire");

    const p = await startPayment(o);
    expect(await one(d.db, sql`select amount::text, purpose from payments where id = ${p.id}`)).toEqual({
      amount: "60.00",
      purpose: "balance",
    });
    expect(await succeed(p)).toBe("processed");
    expect(await succeed(p)).toBe("duplicate"); // a replay
    expect(await succeed(p, `evt_${kind}_other_${p.token}`)).toBe("already_paid");
    expect(await orderRow(o)).toMatchObject({ status: "processing", balance_due: "0.00" });
    const events = await query<{ event: string }>(d.db, sql`select event from order_events where order_id = ${o.id} order by id`);
    expect(events.map((e) => e.event)).toEqual(["pay", "edit", "balance_paid"]);
    // nothing is refunded: the balance payment was taken
    await services.payments.refundDue(d.db);
    expect(await one(d.db, sql`select status from payments where id = ${p.id}`)).toEqual({ status: "succeeded" });
    expect(await refusal(startPayment(o))).toBe("payment.already_paid");

    // a balance payment that arrives after another edit changed the balance: refunded, the balance stays owed
    await edit(cs, o, await input(o, { [A.id]: 14 }));
    const stale = await startPayment(o);
    await edit(cs, o, await input(o, { [A.id]: 15 }));
    expect(await succeed(stale)).toBe("refund_due");
    expect(await orderRow(o)).toMatchObject({ balance_due: "90.00" });
    await services.payments.refundDue(d.db);
    expect(await one(d.db, sql`select status from payments where id = ${stale.id}`)).toEqual({ status: "refunded" });
    // cancelling refunds only what was paid: the balance owed is not
    const cancelled = await services.orderLife.cancel(await ctxOf("gerance"), o.id, { refund: "credit_note", reason: "Test" });
    expect(cancelled).toMatchObject({ credit_note: "360.00" });
  });

  it("an edit and the start of preparation racing: one of them first, the other refused or applied after", async () => {
    const cs = await ctxOf("service-client");
    const warehouse = await ctxOf("entrepot");
    for (let round = 0; round < 5; round++) {
      const o = await paid([[A.id, 10]]);
      const before = await stock(A.id);
      const i = await input(o, { [A.id]: 12 });
      await warm();
      const [edited, started] = await Promise.all([
        refusal(edit(cs, o, i)),
        refusal(services.orderLife.apply(warehouse, o.id, { type: "start_preparation" })),
      ]);
      expect(started).toBe("accepted");
      const row = await orderRow(o);
      expect(row.status).toBe("preparing");
      if (edited === "accepted") {
        expect(await stock(A.id)).toBe(before - 2);
        expect(row.balance_due).toBe("60.00");
      } else {
        expect(edited).toBe("orders.edit_refused_preparing");
        expect(await stock(A.id)).toBe(before);
        expect(row.balance_due).toBe("0.00");
      }
    }
  });

  it("two edits of the same revision at once: one applies, the other is refused as stale; stock moved once", async () => {
    const [a, b] = [await ctxOf("service-client"), await ctxOf("gerance")];
    for (let round = 0; round < 5; round++) {
      const o = await place([[A.id, 10]]);
      const before = await stock(A.id);
      const [i, j] = [await input(o, { [A.id]: 13 }), await input(o, { [A.id]: 11 })];
      await warm();
      const outcomes = await Promise.all([refusal(edit(a, o, i)), refusal(edit(b, o, j))]);
      expect([...outcomes].sort()).toEqual(["accepted", "orders.edit_stale"]);
      const won = outcomes[0] === "accepted" ? 13 : 11;
      expect((await linesOf(o))[0].num).toBe(won);
      expect(await stock(A.id)).toBe(before - (won - 10));
      expect(await count(sql`select count(*)::int as n from order_events where order_id = ${o.id} and event = 'edit'`)).toBe(1);
    }
  });

  it("an edit and the payment notice of the unpaid order racing: never paid at the old amount after the edit", async () => {
    const cs = await ctxOf("service-client");
    for (let round = 0; round < 5; round++) {
      const o = await place([[A.id, 10]]);
      const p = await startPayment(o);
      const i = await input(o, { [A.id]: 12 });
      await warm();
      const [edited, notice] = await Promise.all([refusal(edit(cs, o, i)), succeed(p)]);
      const row = await orderRow(o);
      if (notice === "processed") {
        // paid first at 300 €: the edit then met a paid order it was not previewed for
        expect(edited).toBe("orders.edit_stale");
        expect(row).toMatchObject({ status: "processing", total_ttc: "300.00", balance_due: "0.00" });
      } else {
        // edited first: the old amount pays nothing and goes back
        expect(edited).toBe("accepted");
        expect(notice).toBe("refund_due");
        expect(row).toMatchObject({ status: "unpaid", total_ttc: "360.00", paid: false });
        await services.payments.refundDue(d.db);
        expect(await one(d.db, sql`select status from payments where id = ${p.id}`)).toEqual({ status: "refunded" });
        const result = await services.payments.result({ db: d.db, customer: { id: 1 }, lang: "fr" }, { id: o.id });
        expect(result.failure).toContain("La commande a été modifiée pendant votre paiement");
        expect(await succeed(await startPayment(o))).toBe("processed");
      }
    }
  });
});
