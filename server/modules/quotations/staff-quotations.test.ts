// Quotations in the back office (decision 148): a draft for the demo customer that the customer does not see, its lines
// and prices edited (the promotion dropped with a staff price, a model added by reference), a stale page refused, sent
// by e-mail in the customer's language with the PDF attached, then ordered by the customer through the buyer flow at
// the staff price (never one from the request); expired and cancelled ones refused to the customer; every write
// audited. On PostgreSQL, separate connections: a staff cancel racing the customer's order never leaves an order at
// the prices of a cancelled quotation, and two sends of one draft send one mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { staffContextOf } from "#server/test/staff.ts";
import { pdfToText } from "#server/test/pdf-text.ts";
import { documentAttachments } from "#server/modules/documents/mail-attachments.ts";
import { addDays, shopDay } from "#core/quotations.ts";
import type { MailAttachmentRef } from "#server/db/schema/index.ts";

type Model = { id: number; reference: string };

describe.each(testDbKinds())("quotations in the back office (%s)", (kind) => {
  let t: TestApp;
  let db: Db;
  let demo: string;
  let a: Model; // 2.5000, promotion 10 % from 10 units
  let b: Model; // 7.0000
  let seq = 0;
  const key = () => `sq-${kind}-${String(++seq).padStart(14, "0")}`;
  const svc = () => t.app.services.staffQuotations;
  const ctx = (who: string, lang: "fr" | "zh" = "fr") => staffContextOf(t.app, `${who}@comptoir-emballage.fr`, lang);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const row = async (id: number) =>
    (
      await query<{ status: string; order_id: number | null; sent: boolean; audits: number; mails: number }>(
        db,
        sql`select status, order_id, sent_at is not null as sent,
              (select count(*)::int from audit_log where entity = 'quotation' and entity_id = ${String(id)}) as audits,
              (select count(*)::int from outbox_messages where payload -> 'attachments' -> 0 ->> 'kind' = 'quotation'
                 and (payload -> 'attachments' -> 0 ->> 'id')::int = ${id}) as mails
            from quotations where id = ${id}`,
      )
    )[0];
  const version = async (id: number) => (await svc().detail(db, id, "fr")).version;
  const clearCart = () => query(db, sql`delete from cart_lines where cart_id = (select id from carts where customer_id = 1)`);
  /** A sent quotation for the demo customer: `lines` at staff prices. */
  async function sentQuotation(lines: [Model, number, string][]) {
    const cs = await ctx("service-client");
    const { id } = await svc().create(cs, "c100001");
    for (const [m, num] of lines) await addLine(id, m, num);
    const d = await svc().detail(db, id, "fr");
    await svc().edit(cs, id, {
      edited: d.version,
      lines: d.lines.map((l) => ({ modelId: l.modelId, num: l.num, price: lines.find(([m]) => m.id === l.modelId)![2] })),
      add: null,
      validUntil: addDays(shopDay(new Date()), 10),
      note: "",
    });
    await svc().send(cs, id, await version(id));
    return { id, number: d.number };
  }
  async function addLine(id: number, m: Model, num: number) {
    const cs = await ctx("service-client");
    const d = await svc().detail(db, id, "fr");
    await svc().edit(cs, id, {
      edited: d.version,
      lines: d.lines.map((l) => ({ modelId: l.modelId, num: l.num, price: l.price })),
      add: { reference: m.reference.toLowerCase(), num },
      validUntil: d.valid_until!,
      note: d.staff_note,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    demo = await t.app.services.sessions.create(db, 1);
    const [{ id: shopId }] = await query<{ id: number }>(db, sql`select id from shops order by id limit 1`);
    [a, b] = await query<Model>(
      db,
      sql`select m.id, m.reference from models m join products p on p.id = m.product_id
      where p.active and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 2`,
    );
    await query(
      db,
      sql`update models set stock = 1000, purchasable_qty = 500, not_for_sale = false, price = 2.5, site_price = 2.5 where id = ${a.id}`,
    );
    await query(
      db,
      sql`update models set stock = 1000, purchasable_qty = 500, not_for_sale = false, price = 7, site_price = 7 where id = ${b.id}`,
    );
    await query(
      db,
      sql`insert into promotions (model_id, type, value, min_qty, starts_at, ends_at)
      values (${a.id}, 1, 0.1, 10, now() - interval '1 day', now() + interval '30 days')`,
    );
    t.app.services.cache.clear();
    await query(
      db,
      sql`insert into carts (customer_id, pickup_method, shop_id, delivery_mode) values (1, 2, ${shopId}, 'pickup')
      on conflict (customer_id) do update set pickup_method = 2, shop_id = ${shopId}, delivery_mode = 'pickup', coupon_id = null`,
    );
    await query(db, sql`update customers set lang = 'zh' where id = 1`);
  }, 120_000);
  afterAll(() => t?.close());

  it("makes a draft for a customer by client number, which the customer neither sees nor uses; an unknown number is refused", async () => {
    const cs = await ctx("service-client");
    expect(await refusal(svc().create(cs, "C999999"))).toBe("quotations.desk_client_unknown");
    const { id, number } = await svc().create(cs, "c100001");
    const d = await svc().detail(db, id, "fr");
    expect(d).toMatchObject({ state: "draft", client_number: "C100001", created_by: expect.any(String), lines: [], can_send: false });
    expect(d.valid_until).toBe(addDays(shopDay(new Date()), 30));
    const list = await get(t.app, "/site/Customer/quotationList", {}, { token: demo });
    expect(list.body).not.toContain(number);
    for (const ref of [number, String(id)])
      expect((await get(t.app, "/site/Customer/quotationDetail", { id: ref }, { token: demo })).statusCode).toBe(404);
    expect((await post(t.app, "/site/Customer/quotationToCart", { id: number }, { token: demo })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/documents/quotation/${number}.pdf`, headers: { authorization: `Bearer ${demo}` } })).statusCode,
    ).toBe(404);
    expect((await row(id)).audits).toBe(1);
    expect(await refusal(svc().send(cs, id, d.version))).toBe("quotations.desk_no_lines");
  });

  it("edits lines: a model added by reference at the catalogue price, a new quantity keeps the promotion, a staff price drops it", async () => {
    const cs = await ctx("service-client");
    const { id } = await svc().create(cs, "C100001");
    await addLine(id, a, 12);
    await addLine(id, b, 3);
    let d = await svc().detail(db, id, "fr");
    expect(d.lines.map((l) => [l.reference, l.price, l.num, l.amount])).toEqual([
      [a.reference, "2.5000", 12, "27.00"],
      [b.reference, "7.0000", 3, "21.00"],
    ]);
    expect(await refusal(addLine(id, a, 1))).toBe("quotations.desk_line_exists");
    const stale = d.version;
    await svc().edit(cs, id, {
      edited: d.version,
      lines: [
        { modelId: a.id, num: 20, price: "2.5" },
        { modelId: b.id, num: 3, price: "6,125".replace(",", ".") },
      ],
      add: null,
      validUntil: addDays(shopDay(new Date()), 5),
      note: "Remise accordée par téléphone",
    });
    d = await svc().detail(db, id, "fr");
    expect(d.lines.map((l) => [l.price, l.num, l.amount, !!l.remise_info])).toEqual([
      ["2.5000", 20, "45.00", true],
      ["6.1250", 3, "18.38", false],
    ]);
    expect(d).toMatchObject({
      total_ht: "63.38",
      staff_note: "Remise accordée par téléphone",
      valid_until: addDays(shopDay(new Date()), 5),
    });
    // a page older than the row changes nothing
    const again = { edited: stale, lines: [], add: null, validUntil: d.valid_until!, note: "" };
    expect(await refusal(svc().edit(cs, id, again))).toBe("quotations.desk_stale");
    expect(await refusal(svc().edit(cs, id, { ...again, edited: d.version, validUntil: addDays(shopDay(new Date()), -1) }))).toBe(
      "quotations.desk_validity_range",
    );
    expect(await refusal(svc().edit(cs, id, { ...again, edited: d.version, add: { reference: "NO-SUCH-REF", num: 1 } }))).toBe(
      "quotations.desk_reference_unknown",
    );
    expect((await svc().detail(db, id, "fr")).lines).toHaveLength(2);
    const audit = await query<{ action: string; changes: unknown }>(
      db,
      sql`select action, changes from audit_log where entity = 'quotation' and entity_id = ${String(id)} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(["create", "edit", "edit", "edit"]);
    expect(JSON.stringify(audit[3].changes)).toContain("6.1250");
  });

  it("sends it by e-mail in the customer's language with its PDF; the customer orders it at the staff price, never a client's", async () => {
    await clearCart();
    const { id, number } = await sentQuotation([
      [a, 12, "2.1"],
      [b, 5, "6.5"],
    ]);
    expect(await row(id)).toMatchObject({ status: "open", sent: true, mails: 1 });
    const [mail] = await query<{ payload: { to: string; subject: string; text: string; attachments: MailAttachmentRef[] } }>(
      db,
      sql`select payload from outbox_messages where payload ->> 'subject' like ${`%${number}%`}`,
    );
    expect(mail.payload.to).toBe("demo@comptoir-emballage.fr");
    expect(mail.payload.subject).toBe(`您的报价单 ${number}`);
    expect(mail.payload.text).toContain(`/zh/accountpdfquotation?id=${number}`);
    const [file] = await documentAttachments(db, t.app.services.documents, t.app.services.quotations.pdf)(mail.payload.attachments);
    expect(file.filename).toContain(number);
    const text = await pdfToText(file.content as Buffer);
    expect(text).toContain(number);
    expect(text).toContain("€25.20"); // 12 × 2.10: the promotion went with the staff price
    expect(text).toContain("€57.70");

    // the customer sees it, loads it, and orders it; a price in the request is ignored
    const seen = await get(t.app, "/site/Customer/quotationDetail", { id: number }, { token: demo });
    expect(seen.json().data).toMatchObject({ state: "open", usable: true, total_ht: "57.70" });
    const loaded = await post(
      t.app,
      "/site/Customer/quotationToCart",
      { id: number, price: "0.01", lines: [{ price: "0.01" }] },
      { token: demo },
    );
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().data.cart_info.totalAmount).toBe("57.70");
    const order = await post(t.app, "/site/Sale/createOrder", { idempotency_key: key(), accept_cgv: true, price: "1" }, { token: demo });
    expect(order.statusCode, order.body).toBe(200);
    const placed = order.json().data;
    expect(placed.total_ht).toBe("57.70");
    const lines = await query<{ model_id: number; price: string; line_ht: string }>(
      db,
      sql`select model_id, price::text as price, line_ht::text as line_ht from order_lines where order_id = ${placed.id} order by model_id`,
    );
    expect(lines).toEqual([
      { model_id: a.id, price: "2.1000", line_ht: "25.20" },
      { model_id: b.id, price: "6.5000", line_ht: "32.50" },
    ]);
    expect(await row(id)).toMatchObject({ status: "ordered", order_id: placed.id });
    const d = await svc().detail(db, id, "fr");
    expect(d).toMatchObject({ state: "ordered", order_number: placed.number, can_edit: false, can_send: false, can_cancel: false });
    const cs = await ctx("service-client");
    expect(await refusal(svc().cancel(cs, id, d.version))).toBe("quotations.desk_not_cancellable");
  });

  it("an expired quotation shows expired, cannot be sent or ordered; a new date revives it", async () => {
    await clearCart();
    const { id, number } = await sentQuotation([[b, 2, "5"]]);
    await query(db, sql`update quotations set valid_until = current_date - 2 where id = ${id}`);
    const d = await svc().detail(db, id, "fr");
    expect(d).toMatchObject({ state: "expired", state_text: "Expiré", can_send: false, can_edit: true });
    const list = await svc().list(db, { state: "expired", page: 1 }, "zh");
    expect(list.list.find((r) => r.id === id)).toMatchObject({ state: "expired", state_text: "已过期" });
    const cs = await ctx("service-client");
    expect(await refusal(svc().send(cs, id, d.version))).toBe("quotations.desk_not_sendable");
    const refused = await post(t.app, "/site/Customer/quotationToCart", { id: number }, { token: demo });
    expect(refused.statusCode).toBe(400);
    await svc().edit(cs, id, {
      edited: d.version,
      lines: [{ modelId: b.id, num: 2, price: "5" }],
      add: null,
      validUntil: shopDay(new Date()),
      note: "",
    });
    expect((await svc().detail(db, id, "fr")).state).toBe("sent");
  });

  it("cancelling a quotation in the customer's cart puts its lines back at catalogue prices", async () => {
    await clearCart();
    const { id, number } = await sentQuotation([[b, 10, "6"]]);
    expect((await post(t.app, "/site/Customer/quotationToCart", { id: number }, { token: demo })).json().data.cart_info.totalAmount).toBe(
      "60.00",
    );
    const d = await svc().detail(db, id, "fr");
    expect(d).toMatchObject({ state: "accepted", can_edit: false, can_cancel: true });
    const cs = await ctx("gerance");
    expect(await refusal(svc().edit(cs, id, { edited: d.version, lines: [], add: null, validUntil: d.valid_until!, note: "" }))).toBe(
      "quotations.desk_not_editable",
    );
    await svc().cancel(cs, id, d.version);
    expect(await row(id)).toMatchObject({ status: "cancelled" });
    const cart = (await post(t.app, "/site/Index/getShoppingCart", {}, { token: demo })).json().data;
    expect(cart.cart_info.totalAmount).toBe("70.00");
    const order = await post(t.app, "/site/Sale/createOrder", { idempotency_key: key(), accept_cgv: true }, { token: demo });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().data.total_ht).toBe("70.00");
    expect((await row(id)).order_id).toBeNull();
  });

  it("lists the customers' requests first, filters by state, searches by number or company", async () => {
    await query(db, sql`update quotations set created_at = now() - interval '300 days' where number = 'DV2026-000012'`);
    const all = await svc().list(db, { page: 1 }, "fr");
    expect(all.list[0]).toMatchObject({ number: "DV2026-000012", state: "request", created_by: null });
    expect(all.total).toBeGreaterThan(4);
    const drafts = await svc().list(db, { state: "draft", page: 1 }, "fr");
    expect(drafts.list.length).toBeGreaterThan(0);
    expect(drafts.list.every((r) => r.state === "draft")).toBe(true);
    expect((await svc().list(db, { q: "dv2026-000012", page: 1 }, "fr")).list.map((r) => r.number)).toEqual(["DV2026-000012"]);
    const [{ company }] = await query<{ company: string }>(db, sql`select company from customers where id = 1`);
    const byCompany = await svc().list(db, { q: company.slice(0, 6).toUpperCase(), page: 1 }, "fr");
    expect(byCompany.list.length).toBeGreaterThan(0);
    expect(byCompany.list.every((r) => r.client_number === "C100001")).toBe(true);
  });

  it.runIf(kind === "pg")("a staff cancel racing the customer's order: never an order at a cancelled quotation's prices", async () => {
    for (let round = 0; round < 6; round++) {
      await clearCart();
      const { id, number } = await sentQuotation([[b, 10, "5.5"]]);
      expect((await post(t.app, "/site/Customer/quotationToCart", { id: number }, { token: demo })).statusCode).toBe(200);
      const v = await version(id);
      const cs = await ctx("service-client");
      const [cancelled, ordered] = await Promise.all([
        refusal(svc().cancel(cs, id, v)),
        post(t.app, "/site/Sale/createOrder", { idempotency_key: key(), accept_cgv: true }, { token: demo }),
      ]);
      expect(ordered.statusCode, ordered.body).toBe(200);
      const r = await row(id);
      const [line] = await query<{ price: string }>(
        db,
        sql`select price::text as price from order_lines where order_id = ${ordered.json().data.id}`,
      );
      if (cancelled === "accepted") {
        expect(r).toMatchObject({ status: "cancelled", order_id: null });
        expect(line.price).toBe("7.0000");
      } else {
        expect(cancelled).toBe("quotations.desk_not_cancellable");
        expect(r).toMatchObject({ status: "ordered", order_id: ordered.json().data.id });
        expect(line.price).toBe("5.5000");
      }
    }
  });

  it.runIf(kind === "pg")("two sends of one draft at once: one mail, the other refused as stale", async () => {
    const cs = await ctx("service-client");
    const { id } = await svc().create(cs, "C100001");
    await addLine(id, b, 1);
    const v = await version(id);
    const answers = await Promise.all([refusal(svc().send(cs, id, v)), refusal(svc().send(await ctx("gerance"), id, v))]);
    expect(answers.sort()).toEqual(["accepted", "quotations.desk_stale"]);
    expect(await row(id)).toMatchObject({ status: "open", mails: 1, audits: 3 });
  });
});
