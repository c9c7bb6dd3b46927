// Returns, delivery dates and notifications API (decision 082): the 15-day window
// decided on the server, quantities held under the order's lock (concurrent requests), idempotent submit,
// replies only while awaited, the rescheduling worker run by two processes, notices and the unread count in
// the session part; another customer's ids are not found and change nothing.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { addWorkingDays, nextWorkingDay, replyDeadline, rescheduledDate, shopToday } from "#core/aftersales/deliveries.ts";
import { createDeliveryWorker } from "./deliveries.worker.ts";
import { staffContextOf } from "#server/test/staff.ts";

const key = (s: string) => `test-key-${s}-0123456789`;

describe.each(testDbKinds())("after-sales on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  let martin: string;
  const ids: Record<string, number> = {};
  const db = () => t.database.db;
  const count = async (table: string) =>
    (await query<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;
  const linesOf = (number: string) =>
    query<{ id: number; num: number; reference: string }>(
      db(),
      sql`select l.id, l.num, l.reference from order_lines l join orders o on o.id = l.order_id where o.number = ${number} order by l.id`,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = await t.app.services.sessions.create(t.app.services.db, 1);
    martin = await t.app.services.sessions.create(t.app.services.db, 2);
    for (const r of await query<{ id: number; number: string }>(db(), sql`select id, number from orders`)) ids[r.number] = r.id;
  });
  afterAll(() => t.close());
  /** A planner plans the order's delivery (the order life's `plan`, which starts the customer's confirmation). */
  const plan = async (id: number, date: string, now: Date) =>
    t.app.services.orderLife.apply(await staffContextOf(t.app, "planning@comptoir-emballage.fr"), id, { type: "plan", date }, now);

  it("needs a session on every endpoint", async () => {
    for (const [m, path] of [
      ["GET", "/site/Customer/returnableOrders"],
      ["GET", "/site/Customer/returnList"],
      ["POST", "/site/Customer/orderReturn"],
      ["GET", "/site/Customer/deliveryList"],
      ["POST", "/site/Customer/deliveryReply"],
      ["GET", "/site/Customer/notificationList"],
      ["POST", "/site/Customer/readNotification"],
    ] as const) {
      const res = m === "GET" ? await get(t.app, path) : await post(t.app, path, {});
      expect(res.statusCode, path).toBe(401);
    }
  });

  it("lists the delivered orders with their window and what each line may still return", async () => {
    const res = (await get(t.app, "/site/Customer/returnableOrders", {}, { token: demo })).json();
    expect(res.data).toMatchObject({ total: 3, page: 1, page_size: 20 });
    const byNumber = Object.fromEntries(res.data.list.map((o: { number: string }) => [o.number, o]));
    expect(Object.keys(byNumber).sort()).toEqual(["CE2026-000123", "CE2026-000131", "CE2026-000176"]);
    expect(byNumber["CE2026-000176"]).toMatchObject({ window_open: true });
    expect(byNumber["CE2026-000176"].window_text).toMatch(/^Retour possible jusqu'au \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(byNumber["CE2026-000123"]).toMatchObject({
      window_open: false,
      window_text: "Délai de retour de 15 jours dépassé depuis le 26/09/2026",
    });
    // the seeded accepted return holds 4 of the second line
    const line = byNumber["CE2026-000176"].lines[1];
    expect(line).toMatchObject({ delivered: 10, returned: 4, returnable: 6 });
    // Martin sees only his own
    const his = (await get(t.app, "/site/Customer/returnableOrders", {}, { token: martin })).json().data;
    expect(his.list.map((o: { number: string }) => o.number)).toEqual(["CE2026-000150"]);
    expect(his.total).toBe(1);
  });

  it("pages the delivered orders, most recently delivered first, and refuses a bad page", async () => {
    const all = (await get(t.app, "/site/Customer/returnableOrders", {}, { token: demo })).json().data.list as { number: string }[];
    const second = (await get(t.app, "/site/Customer/returnableOrders", { page: "2", page_size: "1" }, { token: demo })).json().data;
    expect(second).toMatchObject({ total: all.length, page: 2, page_size: 1 });
    expect(second.list.map((o: { number: string }) => o.number)).toEqual([all[1].number]);
    const past = (await get(t.app, "/site/Customer/returnableOrders", { page: "9", page_size: "50" }, { token: demo })).json().data;
    expect(past).toEqual({ list: [], total: all.length, page: 9, page_size: 50 });
    for (const bad of [{ page: "0" }, { page_size: "51" }, { page_size: "1.5" }] as Record<string, string>[]) {
      const res = await get(t.app, "/site/Customer/returnableOrders", bad, { token: demo });
      expect(res.json(), JSON.stringify(bad)).toMatchObject({ code: 400, info: "Numéro de page invalide." });
    }
  });

  it("records a return inside the window once, with its lines and a notice; a retry answers the same request", async () => {
    const [l0] = await linesOf("CE2026-000176");
    const body = {
      order_id: ids["CE2026-000176"],
      lines: [{ line_id: l0.id, num: 2 }],
      reason: "damaged",
      comment: "Coins abîmés",
      idempotency_key: key("a"),
    };
    const before = { returns: await count("return_requests"), notes: await count("notifications") };
    const res = await post(t.app, "/site/Customer/orderReturn", body, { token: demo });
    expect(res.json()).toMatchObject({
      code: 200,
      info: "Votre demande de retour est enregistrée. Nous revenons vers vous rapidement.",
      data: { order_number: "CE2026-000176", status: "requested", status_text: "Demandé", reason_text: "Article endommagé" },
    });
    expect(res.json().data.lines).toEqual([{ order_line_id: l0.id, reference: l0.reference, designation: expect.any(String), num: 2 }]);
    const again = await post(t.app, "/site/Customer/orderReturn", body, { token: demo });
    expect(again.json().data.id).toBe(res.json().data.id);
    expect(await count("return_requests")).toBe(before.returns + 1);
    expect(await count("notifications")).toBe(before.notes + 1);
    // the same key with another request is refused
    const reused = await post(t.app, "/site/Customer/orderReturn", { ...body, lines: [{ line_id: l0.id, num: 1 }] }, { token: demo });
    expect(reused.json()).toMatchObject({ code: 400 });
    // listed with its status, in zh too
    const list = (await get(t.app, "/site/Customer/returnList", {}, { token: demo, lang: "zh" })).json().data.list;
    expect(list[0]).toMatchObject({ id: res.json().data.id, status_text: "已申请", reason_text: "商品损坏" });
    expect((await get(t.app, "/site/Customer/returnList", {}, { token: martin })).json().data.list).toEqual([]);
  });

  it("refuses outside the window, before delivery, over the quantity, another customer's order: nothing stored", async () => {
    const before = { returns: await count("return_requests"), lines: await count("return_lines") };
    const [old] = await linesOf("CE2026-000123");
    const outside = await post(
      t.app,
      "/site/Customer/orderReturn",
      { order_id: ids["CE2026-000123"], lines: [{ line_id: old.id, num: 1 }], reason: "damaged", idempotency_key: key("b") },
      { token: demo },
    );
    expect(outside.json()).toMatchObject({
      code: 400,
      info: "Le délai de retour de 15 jours de la commande CE2026-000123 a pris fin le 26/09/2026 : ce retour n'est plus possible. Contactez-nous pour toute question.",
    });
    const zh = await post(
      t.app,
      "/site/Customer/orderReturn",
      { order_id: ids["CE2026-000123"], lines: [{ line_id: old.id, num: 1 }], reason: "damaged", idempotency_key: key("b2") },
      { token: demo, lang: "zh" },
    );
    expect(zh.json().info).toBe("订单 CE2026-000123 的 15 天退货期已于 2026/09/26 结束，无法再申请退货。如有疑问请联系我们。");
    const [planned] = await linesOf("CE2026-000177");
    const notDelivered = await post(
      t.app,
      "/site/Customer/orderReturn",
      { order_id: ids["CE2026-000177"], lines: [{ line_id: planned.id, num: 1 }], reason: "surplus", idempotency_key: key("c") },
      { token: demo },
    );
    expect(notDelivered.json().info).toMatch(/n'est pas encore livrée/);
    const [, l1] = await linesOf("CE2026-000176");
    const over = await post(
      t.app,
      "/site/Customer/orderReturn",
      { order_id: ids["CE2026-000176"], lines: [{ line_id: l1.id, num: 7 }], reason: "surplus", idempotency_key: key("d") },
      { token: demo },
    );
    expect(over.json()).toMatchObject({ code: 400 });
    expect(over.json().info).toContain("au plus 6 unités :");
    // a line of another order
    const foreign = await post(
      t.app,
      "/site/Customer/orderReturn",
      { order_id: ids["CE2026-000176"], lines: [{ line_id: old.id, num: 1 }], reason: "surplus", idempotency_key: key("e") },
      { token: demo },
    );
    expect(foreign.json()).toMatchObject({ code: 400, info: "Cet article ne fait pas partie de la commande." });
    // Martin on the demo customer's order
    const other = await post(
      t.app,
      "/site/Customer/orderReturn",
      { order_id: ids["CE2026-000176"], lines: [{ line_id: l1.id, num: 1 }], reason: "surplus", idempotency_key: key("f") },
      { token: martin },
    );
    expect(other.json()).toMatchObject({ code: 404 });
    // "other" needs the free text; bad quantities are refused by the schema
    const noText = await post(
      t.app,
      "/site/Customer/orderReturn",
      { order_id: ids["CE2026-000176"], lines: [{ line_id: l1.id, num: 1 }], reason: "other", idempotency_key: key("g") },
      { token: demo },
    );
    expect(noText.json()).toMatchObject({ code: 400, info: "Précisez le motif du retour dans le commentaire." });
    const zero = await post(
      t.app,
      "/site/Customer/orderReturn",
      { order_id: ids["CE2026-000176"], lines: [{ line_id: l1.id, num: 0 }], reason: "surplus", idempotency_key: key("h") },
      { token: demo },
    );
    expect(zero.json()).toMatchObject({ code: 400 });
    expect(await count("return_requests")).toBe(before.returns);
    expect(await count("return_lines")).toBe(before.lines);
  });

  it("never holds more than delivered with two concurrent requests", async () => {
    const [, l1] = await linesOf("CE2026-000176"); // 10 delivered, 4 held by the seeded return: 6 left
    const ask = (k: string) =>
      post(
        t.app,
        "/site/Customer/orderReturn",
        { order_id: ids["CE2026-000176"], lines: [{ line_id: l1.id, num: 4 }], reason: "surplus", idempotency_key: key(k) },
        { token: demo },
      );
    const answers = (await Promise.all([ask("p1"), ask("p2")])).map((r) => r.json().code).sort();
    expect(answers).toEqual([200, 400]);
    const [{ held }] = await query<{ held: number }>(
      db(),
      sql`select coalesce(sum(rl.num), 0)::int as held from return_lines rl join return_requests r on r.id = rl.return_id
      where rl.order_line_id = ${l1.id} and r.status <> 'refused'`,
    );
    expect(held).toBe(8);
  });

  it("moves a return's status only along its transitions, with a notice each time", async () => {
    const [r] = await query<{ id: number }>(db(), sql`select id from return_requests where status = 'requested' order by id limit 1`);
    const notes = await count("notifications");
    await t.app.services.returns.setStatus(db(), r.id, "accepted");
    await expect(t.app.services.returns.setStatus(db(), r.id, "refunded")).rejects.toMatchObject({
      key: "aftersales.return_status_invalid",
    });
    await t.app.services.returns.setStatus(db(), r.id, "received");
    expect(await count("notifications")).toBe(notes + 2);
    const list = (await get(t.app, "/site/Customer/notificationList", {}, { token: demo })).json().data.list;
    expect(list[0].text).toBe("Retour sur la commande CE2026-000176 : Reçu.");
  });

  it("lists the planned delivery awaiting a reply; the customer confirms it; a second reply is refused", async () => {
    const res = (await get(t.app, "/site/Customer/deliveryList", {}, { token: demo })).json().data;
    const d = res.list.find((x: { number: string }) => x.number === "CE2026-000177");
    expect(d).toMatchObject({ delivery_status: "awaiting_confirmation", can_reply: true });
    expect(d.delivery_text).toMatch(/^Livraison prévue le \d\d\/\d\d\/\d{4} : merci de confirmer avant le /);
    expect(res.proposable_dates[0]).toBe(nextWorkingDay(shopToday(new Date())));
    expect((await get(t.app, "/site/Customer/deliveryList", {}, { token: martin })).json().data.list).toEqual([]);
    // Martin cannot answer for it
    const foreign = await post(
      t.app,
      "/site/Customer/deliveryReply",
      { order_id: ids["CE2026-000177"], reply: "cancel" },
      { token: martin },
    );
    expect(foreign.json()).toMatchObject({ code: 404 });
    const ok = await post(t.app, "/site/Customer/deliveryReply", { order_id: ids["CE2026-000177"], reply: "available" }, { token: demo });
    expect(ok.json()).toMatchObject({
      code: 200,
      info: "Merci, la date de livraison est confirmée.",
      data: { delivery_status: "confirmed", can_reply: false },
    });
    const twice = await post(t.app, "/site/Customer/deliveryReply", { order_id: ids["CE2026-000177"], reply: "cancel" }, { token: demo });
    expect(twice.json()).toMatchObject({ code: 400 });
    const [o] = await query<{ status: string; delivery_status: string }>(
      db(),
      sql`select status, delivery_status from orders where id = ${ids["CE2026-000177"]}`,
    );
    expect(o).toEqual({ status: "planned", delivery_status: "confirmed" });
  });

  it("takes another working day when unavailable (server-checked), or cancels the delivery", async () => {
    const now = new Date();
    const date = addWorkingDays(shopToday(now), 3);
    await plan(ids["CE2026-000162"], date, now);
    const reply = (body: object) =>
      post(t.app, "/site/Customer/deliveryReply", { order_id: ids["CE2026-000162"], ...body }, { token: demo });
    // a weekend day, today and a missing date are refused
    let sunday = nextDay(shopToday(now));
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = nextDay(sunday);
    expect((await reply({ reply: "unavailable", proposed_date: sunday })).json()).toMatchObject({
      code: 400,
      info: "Choisissez un jour ouvré après aujourd'hui, dans les 60 prochains jours.",
    });
    expect((await reply({ reply: "unavailable", proposed_date: shopToday(now) })).json().code).toBe(400);
    expect((await reply({ reply: "unavailable" })).json()).toMatchObject({ code: 400, info: "Choisissez une autre date de livraison." });
    const other = addWorkingDays(shopToday(now), 5);
    const res = await reply({ reply: "unavailable", proposed_date: other });
    expect(res.json()).toMatchObject({ code: 200, data: { delivery_status: "reschedule_requested", proposed_date: other } });
    // planned again, then cancelled: back to processing, unplanned
    await plan(ids["CE2026-000162"], date, now);
    const cancel = await reply({ reply: "cancel" });
    expect(cancel.json()).toMatchObject({
      code: 200,
      data: { delivery_status: "cancelled", status: "processing", planned_delivery_date: null },
    });
    // the plan notified the customer twice (order_planned)
    const [{ n }] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications where kind = 'order_planned' and order_id = ${ids["CE2026-000162"]}`,
    );
    expect(n).toBe(2);
  });

  it("reschedules a delivery left without reply once, even with two workers running", async () => {
    const now = new Date();
    const date = addWorkingDays(shopToday(now), 3);
    await plan(ids["CE2026-000162"], date, now);
    const later = new Date(replyDeadline(date).getTime() + 60_000);
    const notes = await count("notifications");
    const w1 = createDeliveryWorker(db(), t.app.services.deliveries, { now: () => later });
    const w2 = createDeliveryWorker(db(), t.app.services.deliveries, { now: () => later });
    const moved = await Promise.all([w1.runOnce(), w2.runOnce()]);
    expect(moved[0] + moved[1]).toBe(1);
    const [o] = await query<{ planned_delivery_date: string; delivery_status: string; reply_ok: boolean }>(
      db(),
      sql`select planned_delivery_date::text as planned_delivery_date, delivery_status, delivery_reply_by > ${later} as reply_ok from orders where id = ${ids["CE2026-000162"]}`,
    );
    expect(o).toEqual({
      planned_delivery_date: rescheduledDate(date, shopToday(later)),
      delivery_status: "awaiting_confirmation",
      reply_ok: true,
    });
    expect(await count("notifications")).toBe(notes + 1);
    const list = (await get(t.app, "/site/Customer/notificationList", {}, { token: demo })).json().data.list;
    expect(list.find((x: { kind: string }) => x.kind === "delivery_rescheduled").text).toMatch(
      /^Sans réponse de votre part, la livraison de la commande CE2026-000162 est reportée du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4}\.$/,
    );
    // a second pass finds nothing due
    expect(await w1.runOnce()).toBe(0);
    // past its deadline the customer can no longer answer (the worker's turn)
    await query(db(), sql`update orders set delivery_reply_by = now() - interval '1 minute' where id = ${ids["CE2026-000162"]}`);
    const late = await post(t.app, "/site/Customer/deliveryReply", { order_id: ids["CE2026-000162"], reply: "available" }, { token: demo });
    expect(late.json().code).toBe(400);
  });

  it("dates shipping and delivery, opens the return window from the delivery and notifies", async () => {
    const at = new Date();
    await query(db(), sql`update orders set status = 'ready' where id = ${ids["CE2026-000177"]}`); // prepared
    const warehouse = await staffContextOf(t.app, "entrepot@comptoir-emballage.fr");
    await t.app.services.orderLife.apply(warehouse, ids["CE2026-000177"], { type: "ship", carrier: "GLS", tracking: "GLS-1" }, at);
    await t.app.services.orderLife.apply(warehouse, ids["CE2026-000177"], { type: "deliver" }, new Date(at.getTime() + 1000));
    const detail = (await get(t.app, "/site/Sale/orderDetial", { id: "CE2026-000177" }, { token: demo })).json().data;
    expect(detail.status).toBe("delivered");
    expect(detail.shipped_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(detail.tracking.at(-1)).toMatchObject({ key: "delivered", done: true, date: detail.delivered_at });
    const orders = (await get(t.app, "/site/Customer/returnableOrders", {}, { token: demo })).json().data.list;
    expect(orders.find((o: { number: string }) => o.number === "CE2026-000177").window_open).toBe(true);
    const kinds = (await get(t.app, "/site/Customer/notificationList", {}, { token: demo }))
      .json()
      .data.list.map((n: { kind: string }) => n.kind);
    expect(kinds.slice(0, 2)).toEqual(["order_delivered", "order_shipped"]);
  });

  it("lists notices newest first with the unread count, marks one or all read, only the caller's", async () => {
    const first = (await get(t.app, "/site/Customer/notificationList", {}, { token: demo, lang: "zh" })).json().data;
    expect(first.unread).toBeGreaterThan(1);
    expect(first).toMatchObject({ total: first.list.length, page: 1, page_size: first.list.length });
    expect(first.list.every((n: { text: string }) => !n.text.includes("{{"))).toBe(true);
    expect(first.list.map((n: { ref: string }) => n.ref)).not.toContain("CE2026-000150");
    const session = (await get(t.app, "/site/Index/config", { part: "session" }, { token: demo })).json().data;
    expect(session.notifications_unread).toBe(first.unread);
    expect((await get(t.app, "/site/Index/config", { part: "session" })).json().data.notifications_unread).toBeUndefined();
    const unread = first.list.find((n: { read: boolean }) => !n.read);
    // Martin cannot mark the demo customer's notice
    expect((await post(t.app, "/site/Customer/readNotification", { id: unread.id }, { token: martin })).json()).toMatchObject({
      code: 404,
    });
    const one = await post(t.app, "/site/Customer/readNotification", { id: unread.id }, { token: demo });
    expect(one.json()).toMatchObject({ code: 200, data: { unread: first.unread - 1 } });
    expect((await post(t.app, "/site/Customer/readNotification", {}, { token: demo })).json().code).toBe(400);
    const all = await post(t.app, "/site/Customer/readNotification", { all: true }, { token: demo });
    expect(all.json().data).toEqual({ unread: 0 });
    expect((await get(t.app, "/site/Index/config", { part: "session" }, { token: demo })).json().data.notifications_unread).toBe(0);
    // Martin's stays unread
    expect((await get(t.app, "/site/Customer/notificationList", {}, { token: martin })).json().data.unread).toBe(1);
  });
});

function nextDay(d: string) {
  return new Date(new Date(`${d}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
}
