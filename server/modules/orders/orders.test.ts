// The account's orders API (decision 072): paging, detail totals that add up, another
// customer's order refused as not found on every endpoint, "order again" through the cart's merge.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { Decimal, sum } from "#core/money.ts";
import type { OrderDetailAnswer, OrderSummaryAnswer } from "#core/contracts/orders.ts";

describe.each(testDbKinds())("orders in the account on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  let martin: string;
  let martinOrder: { id: number; number: string };
  const detailPaths = ["/site/Sale/orderDetial", "/site/Index/getOrder"];
  const cartOf = (customerId: number) =>
    query<{ model_id: number; num: number }>(
      t.database.db,
      sql`select l.model_id, l.num from cart_lines l join carts c on c.id = l.cart_id where c.customer_id = ${customerId} order by l.model_id`,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = await t.app.services.sessions.create(t.app.services.db, 1);
    martin = await t.app.services.sessions.create(t.app.services.db, 2);
    [martinOrder] = await query<{ id: number; number: string }>(
      t.database.db,
      sql`select id, number from orders where customer_id = 2 limit 1`,
    );
  });
  afterAll(() => t.close());

  it("needs a session on every endpoint", async () => {
    for (const [m, path] of [
      ["GET", "/site/Sale/orderList"],
      ["GET", "/site/Sale/orderDetial"],
      ["GET", "/site/Index/getOrder"],
      ["GET", "/site/Sale/orderTracking"],
      ["POST", "/site/Sale/reorder"],
    ] as const) {
      const res =
        m === "GET" ? await get(t.app, path, { id: String(martinOrder.id) }) : await post(t.app, path, { order_id: martinOrder.id });
      expect(res.statusCode, path).toBe(401);
    }
  });

  it("pages the caller's orders, newest first, with their state labels", async () => {
    const all = (await get(t.app, "/site/Sale/orderList", { page_size: "50" }, { token: demo })).json().data;
    expect(all.total).toBe(8);
    // CE2026-000176/177 are dated from the seed moment (decision 082): their place in the list moves with time
    const fixedDates = (o: OrderSummaryAnswer) => !["CE2026-000176", "CE2026-000177"].includes(o.number);
    expect(all.list.filter(fixedDates).map((o: OrderSummaryAnswer) => o.number)).toEqual([
      "CE2026-000171",
      "CE2026-000162",
      "CE2026-000158",
      "CE2026-000140",
      "CE2026-000131",
      "CE2026-000123",
    ]);
    const texts = Object.fromEntries(all.list.map((o: OrderSummaryAnswer) => [o.number, o.status_text]));
    expect(texts).toMatchObject({
      "CE2026-000171": "En attente de paiement",
      "CE2026-000162": "Livraison planifiée le 26/11/2026",
      "CE2026-000158": "En cours de traitement",
      "CE2026-000140": "Annulée le 21/10/2026",
      "CE2026-000123": "Livrée",
    });
    const p1 = (await get(t.app, "/site/Sale/orderList", { page: "1", page_size: "4" }, { token: demo })).json().data;
    const p2 = (await get(t.app, "/site/Sale/orderList", { page: "2", page_size: "4" }, { token: demo })).json().data;
    expect(p1).toMatchObject({ total: 8, page: 1, page_size: 4, page_count: 2 });
    expect(p1.list).toHaveLength(4);
    expect(p2.list.map((o: OrderSummaryAnswer) => o.number).slice(-3)).toEqual(["CE2026-000140", "CE2026-000131", "CE2026-000123"]);
    const p3 = (await get(t.app, "/site/Sale/orderList", { page: "3", page_size: "4" }, { token: demo })).json().data;
    expect(p3.list).toEqual([]);
    expect(p3).toMatchObject({ total: 8, page_count: 2 }); // a page past the end still counts the orders
    // Martin sees only his own
    const m = (await get(t.app, "/site/Sale/orderList", {}, { token: martin })).json().data;
    expect(m.list.map((o: OrderSummaryAnswer) => o.number)).toEqual([martinOrder.number]);
    const zh = (await get(t.app, "/site/Sale/orderList", {}, { token: demo, lang: "zh" })).json().data;
    expect(zh.list.find((o: OrderSummaryAnswer) => o.number === "CE2026-000171").status_text).toBe("待付款");
  });

  it.each([["0"], ["-1"], ["1.5"], ["abc"], ["99999999999"]])("refuses page %s", async (page) => {
    const res = await get(t.app, "/site/Sale/orderList", { page }, { token: demo });
    expect(res.json()).toMatchObject({ code: 400, info: "Numéro de page invalide." });
    expect((await get(t.app, "/site/Sale/orderList", { page_size: "51" }, { token: demo })).json().code).toBe(400);
  });

  it("details an order with totals that add up, by id or by number, on both paths", async () => {
    const [{ id }] = await query<{ id: number }>(t.database.db, sql`select id from orders where number = 'CE2026-000158'`);
    for (const path of detailPaths) {
      for (const ref of [String(id), "CE2026-000158", "ce2026-000158"]) {
        const res = await get(t.app, path, { id: ref }, { token: demo });
        expect(res.json().code, `${path} ${ref}`).toBe(200);
        const o: OrderDetailAnswer = res.json().data;
        expect(o).toMatchObject({
          id,
          number: "CE2026-000158",
          status: "processing",
          status_text: "En cours de traitement",
          pickup_method: 2,
          delivery_mode: "pickup",
        });
        expect(o.shop?.name).toBeTruthy();
        expect(o.delivery_address).toBeNull();
        expect(o.invoice_address).toMatchObject({ city: "Maisons-Alfort" });
        expect(o.payment).toMatchObject({ method: "card" });
        expect(o.lines).toHaveLength(3);
        const tt = o.totals;
        // Σ lines = goods; goods + freight − discount = total HT; HT + VAT = TTC; VAT rows add up to total VAT
        expect(sum(o.lines.map((l) => l.line_ht)).toFixed(2)).toBe(tt.goods_ht);
        for (const l of o.lines) expect(Decimal.from(l.price).times(l.num).minus(l.remise).round(2).toFixed(2)).toBe(l.line_ht);
        expect(Decimal.from(tt.goods_ht).plus(tt.freight_ht).minus(tt.discount_amount).toFixed(2)).toBe(tt.total_ht);
        expect(Decimal.from(tt.discount_amount).gt(0)).toBe(true);
        expect(Decimal.from(tt.total_ht).plus(tt.total_tva).toFixed(2)).toBe(tt.total_ttc);
        expect(sum(tt.vat.map((v) => v.base)).toFixed(2)).toBe(tt.total_ht);
        expect(sum(tt.vat.map((v) => v.vat)).toFixed(2)).toBe(tt.total_tva);
      }
    }
  });

  it("shows freight, planned date, cancellation date and the unpaid state", async () => {
    const d = async (n: string) =>
      (await get(t.app, "/site/Sale/orderDetial", { id: n }, { token: demo })).json().data as OrderDetailAnswer;
    const planned = await d("CE2026-000162");
    expect(planned).toMatchObject({
      planned_delivery_date: "2026-11-26",
      status_text: "Livraison planifiée le 26/11/2026",
      pickup_method: 1,
    });
    expect(["parcel", "pallet", "carrier"]).toContain(planned.delivery_mode);
    expect(planned.delivery_address).toMatchObject({ zip_code: "75011" });
    expect(planned.tracking.map((s) => [s.key, s.done])).toEqual([
      ["placed", true],
      ["paid", true],
      ["planned", true],
      ["prepared", false],
      ["shipped", false],
      ["delivered", false],
    ]);
    const cancelled = await d("CE2026-000140");
    expect(cancelled.cancelled_at).toMatch(/^2026-10-2/);
    expect(cancelled.status_text).toBe("Annulée le 21/10/2026");
    expect(cancelled.payment).toBeNull();
    expect(cancelled.tracking.at(-1)).toMatchObject({ key: "cancelled", done: true });
    const unpaid = await d("CE2026-000171");
    expect(unpaid).toMatchObject({ status: "unpaid", can_repay: true, payment: null });
    expect(Decimal.from(unpaid.totals.freight_ht).gt(0)).toBe(true);
    for (const o of [planned, cancelled, unpaid]) {
      expect(Decimal.from(o.totals.goods_ht).plus(o.totals.freight_ht).minus(o.totals.discount_amount).toFixed(2)).toBe(o.totals.total_ht);
      expect(sum(o.totals.vat.map((v) => v.vat)).toFixed(2)).toBe(o.totals.total_tva);
    }
  });

  it("answers another customer's order as not found on every endpoint, and leaks nothing", async () => {
    for (const path of detailPaths) {
      for (const ref of [String(martinOrder.id), martinOrder.number]) {
        const res = await get(t.app, path, { id: ref }, { token: demo });
        expect(res.statusCode, `${path} ${ref}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 404, data: null, info: "Cette commande est introuvable." });
        expect(res.body).not.toContain("Martin");
      }
      // same answer as an order that does not exist
      const none = await get(t.app, path, { id: "999999" }, { token: demo });
      expect(none.statusCode).toBe(404);
      expect(none.body).toBe((await get(t.app, path, { id: String(martinOrder.id) }, { token: demo })).body);
    }
    const before = await cartOf(1);
    const re = await post(t.app, "/site/Sale/reorder", { order_id: martinOrder.id }, { token: demo });
    expect(re.statusCode).toBe(404);
    expect(await cartOf(1)).toEqual(before);
  });

  it.each([[""], ["0"], ["-3"], ["1.5"], ["abc"], ["CE2026-12"], ["' or 1=1 --"]])("refuses order id %j", async (id) => {
    for (const path of detailPaths) {
      expect((await get(t.app, path, { id }, { token: demo })).json()).toMatchObject({ code: 400, info: "Numéro de commande invalide." });
    }
    expect((await post(t.app, "/site/Sale/reorder", { order_id: id }, { token: demo })).json().code).toBe(400);
  });

  it("tracks the recent orders", async () => {
    const data = (await get(t.app, "/site/Sale/orderTracking", {}, { token: demo })).json().data;
    expect(data).toMatchObject({ total: 5, page: 1, page_size: 5 });
    const res = data.list;
    expect(res).toHaveLength(5);
    // The five most recent: CE2026-000176/177 are dated from the seed moment, so the unpaid one is found by number.
    expect(res.find((o: { number: string }) => o.number === "CE2026-000171")).toMatchObject({
      number: "CE2026-000171",
      tracking: [{ key: "placed", done: true }, { key: "paid", done: false }, {}, {}, {}, {}],
    });
  });

  it("orders again: still-sold lines go back into the cart, capped by stock; not-for-sale ones are reported", async () => {
    const { db } = t.database;
    const lines = await query<{ model_id: number; reference: string; num: number }>(
      db,
      sql`
      select l.model_id, l.reference, l.num from order_lines l join orders o on o.id = l.order_id
      where o.number = 'CE2026-000162' order by l.id`,
    );
    expect(lines.length).toBe(4);
    const [sold, gone, scarce, full] = lines;
    await query(
      db,
      sql`update models set not_for_sale = false, stock = 1000, purchasable_qty = 1000 where id in (${sold.model_id}, ${full.model_id})`,
    );
    await query(db, sql`update models set not_for_sale = true where id = ${gone.model_id}`);
    // one unit less than ordered may still be bought
    await query(
      db,
      sql`update models set not_for_sale = false, stock = ${scarce.num - 1}, purchasable_qty = 1000 where id = ${scarce.model_id}`,
    );
    // the cart already holds some of `full`: quantities add up
    await query(db, sql`insert into carts (customer_id) values (1) on conflict (customer_id) do nothing`);
    await query(db, sql`delete from cart_lines where cart_id = (select id from carts where customer_id = 1)`);
    await query(db, sql`insert into cart_lines (cart_id, model_id, num) select id, ${full.model_id}, 2 from carts where customer_id = 1`);

    const res = await post(t.app, "/site/Sale/reorder", { order_id: "CE2026-000162" }, { token: demo });
    expect(res.json().code).toBe(200);
    expect(res.json().info).toBe("Les articles de la commande ont été ajoutés à votre panier.");
    const data = res.json().data;
    expect(data.messages.map((m: { reference: string; key: string }) => [m.reference, m.key])).toEqual(
      expect.arrayContaining([
        [gone.reference, "orders.reorder_unavailable"],
        [scarce.reference, "orders.reorder_reduced"],
      ]),
    );
    expect(data.messages.find((m: { reference: string }) => m.reference === gone.reference).text).toContain("n'est plus vendue");
    const cart = await cartOf(1);
    const num = (id: number) => cart.find((l) => l.model_id === id)?.num;
    expect(num(sold.model_id)).toBe(sold.num);
    expect(num(full.model_id)).toBe(full.num + 2);
    expect(num(scarce.model_id)).toBe(scarce.num - 1);
    expect(num(gone.model_id)).toBeUndefined();
    expect(data.added).toEqual(expect.arrayContaining([{ model_id: full.model_id, reference: full.reference, num: full.num }]));
    // Martin's cart is untouched
    expect(await cartOf(2)).toEqual([]);
  });

  it("orders again with nothing left for sale: nothing added, each line reported", async () => {
    const { db } = t.database;
    await query(
      db,
      sql`update models set not_for_sale = true where id in (select model_id from order_lines where order_id = ${martinOrder.id})`,
    );
    const res = await post(t.app, "/site/Sale/reorder", { order_id: martinOrder.number }, { token: martin, lang: "zh" });
    expect(res.json()).toMatchObject({ code: 200, info: "该订单中没有可加入购物车的商品。", data: { added: [] } });
    expect(res.json().data.messages).toHaveLength(3);
    expect(res.json().data.messages[0].text).toContain("已停止销售");
    expect(await cartOf(2)).toEqual([]);
  });
});
