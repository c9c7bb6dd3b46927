// Quotations (decision 080), per endpoint: the cart as a quotation (idempotent), list and
// detail of the caller's own, back into the cart at the quoted prices (never a client's price), the order
// at those prices using the quotation up, expired / ordered / another customer's refused with nothing
// changed, and the PDF in fr and zh checked through the test PDF reader. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { pdfToText } from "#server/test/pdf-text.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { addDays, shopDay } from "#core/quotations.ts";
import { formatPrice } from "#core/price-format.ts";

type Model = { id: number; reference: string };

describe.each(testDbKinds())("quotations on %s", (kind) => {
  let t: TestApp;
  let db: Db;
  let demo: string;
  let martin: string;
  let shopId: number;
  let a: Model; // 2.5000, promotion 10 % from 10 units
  let b: Model; // 7.0000, no promotion
  let seq = 0;
  const key = () => `qkey-${kind}-${String(++seq).padStart(12, "0")}`;
  const cartLines = (customerId: number) =>
    query<{ model_id: number; num: number; quotation_id: number | null }>(
      db,
      sql`select l.model_id, l.num, l.quotation_id from cart_lines l join carts c on c.id = l.cart_id
      where c.customer_id = ${customerId} order by l.model_id`,
    );
  const quotationRow = async (number: string) =>
    (
      await query<{ id: number; status: string; order_id: number | null; valid_until: string }>(
        db,
        sql`select id, status, order_id, valid_until::text as valid_until from quotations where number = ${number}`,
      )
    )[0];
  const setCart = async (token: string, lines: [Model, number][]) => {
    const customerId = token === demo ? 1 : 2;
    await query(db, sql`delete from cart_lines where cart_id = (select id from carts where customer_id = ${customerId})`);
    const res = await post(t.app, "/site/Customer/addShoppingCart", { arr: lines.map(([m, num]) => ({ model_id: m.id, num })) }, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    demo = await t.app.services.sessions.create(db, 1);
    martin = await t.app.services.sessions.create(db, 2);
    [{ id: shopId }] = await query<{ id: number }>(db, sql`select id from shops order by id limit 1`);
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
    // pickup carts: no address or freight needed to order
    for (const c of [1, 2])
      await query(
        db,
        sql`insert into carts (customer_id, pickup_method, shop_id, delivery_mode) values (${c}, 2, ${shopId}, 'pickup')
        on conflict (customer_id) do update set pickup_method = 2, shop_id = ${shopId}, delivery_mode = 'pickup', coupon_id = null`,
      );
    await query(db, sql`delete from cart_lines where cart_id in (select id from carts where customer_id in (1, 2))`);
  }, 120_000);
  afterAll(() => t.close());

  it("needs a session on every endpoint and for the PDF", async () => {
    for (const [m, path] of [
      ["POST", "/site/Customer/createQuotation"],
      ["GET", "/site/Customer/quotationList"],
      ["GET", "/site/Customer/quotationDetail"],
      ["POST", "/site/Customer/quotationToCart"],
    ] as const) {
      const res = m === "GET" ? await get(t.app, path, { id: "1" }) : await post(t.app, path, { id: "1", idempotency_key: key() });
      expect(res.statusCode, path).toBe(401);
    }
    expect((await t.app.inject({ url: "/documents/quotation/1.pdf" })).statusCode).toBe(401);
  });

  it("turns the cart into a quotation at the prices the cart shows, promotions included; the same key answers it again", async () => {
    const cart = await setCart(demo, [
      [a, 12],
      [b, 3],
    ]);
    const k = key();
    const res = await post(t.app, "/site/Customer/createQuotation", { idempotency_key: k }, { token: demo });
    expect(res.statusCode, res.body).toBe(200);
    const { data, info } = res.json();
    expect(data.number).toMatch(/^DV\d{4}-\d{6}$/);
    expect(data.valid_until).toBe(addDays(shopDay(new Date()), 30));
    expect(data.state).toBe("open");
    expect(info).toContain(data.number);
    // 12 × 2.50 × 0.9 = 27.00 ; 3 × 7.00 = 21.00
    expect(data.lines.map((l: { reference: string; amount: string; remise: string }) => [l.reference, l.amount, l.remise])).toEqual(
      expect.arrayContaining([
        [a.reference, "27.00", "3.00"],
        [b.reference, "21.00", "0.00"],
      ]),
    );
    expect(data.total_ht).toBe(cart.cart_info.totalAmount);
    expect(data.total_ht).toBe("48.00");
    expect(data.total_tva).toBe(cart.cart_info.totalTva);
    expect(data.total_ttc).toBe((Number(data.total_ht) + Number(data.total_tva)).toFixed(2));
    // the same key: the same quotation, no second row, no number used
    const again = (await post(t.app, "/site/Customer/createQuotation", { idempotency_key: k }, { token: demo })).json().data;
    expect(again.number).toBe(data.number);
    const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from quotations where number = ${data.number}`);
    expect(n).toBe(1);
    // the cart is left as it was
    expect((await cartLines(1)).map((l) => [l.model_id, l.num])).toEqual([
      [a.id, 12],
      [b.id, 3],
    ]);
  });

  it("refuses an empty cart and a bad key, creating nothing", async () => {
    const [{ n: before }] = await query<{ n: number }>(db, sql`select count(*)::int as n from quotations`);
    const empty = await post(t.app, "/site/Customer/createQuotation", { idempotency_key: key() }, { token: martin, lang: "zh" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().info).toBe("您的购物车是空的。");
    const bad = await post(t.app, "/site/Customer/createQuotation", { idempotency_key: "short" }, { token: demo });
    expect(bad.statusCode).toBe(400);
    const [{ n: after }] = await query<{ n: number }>(db, sql`select count(*)::int as n from quotations`);
    expect(after).toBe(before);
  });

  it("lists only the caller's quotations, newest first, with number, date, validity and state (fr, zh)", async () => {
    const list = (await get(t.app, "/site/Customer/quotationList", {}, { token: demo })).json().data.list;
    expect(list.length).toBe(3);
    const byNumber = Object.fromEntries(list.map((q: { number: string }) => [q.number, q]));
    expect(byNumber["DV2026-000012"]).toMatchObject({ state: "open", state_text: "En cours", usable: true });
    expect(byNumber["DV2026-000009"]).toMatchObject({ state: "expired", state_text: "Expiré", usable: false, valid_until: "2026-10-02" });
    expect(list[0].created_at >= list[1].created_at).toBe(true);
    const zh = (await get(t.app, "/site/Customer/quotationList", {}, { token: demo, lang: "zh" })).json().data.list;
    expect(zh.find((q: { number: string }) => q.number === "DV2026-000009").state_text).toBe("已过期");
    const theirs = (await get(t.app, "/site/Customer/quotationList", {}, { token: martin })).json().data.list;
    expect(theirs).toEqual([]);
  });

  it("shows one quotation by id or number; another customer's, an unknown or a malformed one is not found", async () => {
    const { id } = await quotationRow("DV2026-000012");
    const byId = (await get(t.app, "/site/Customer/quotationDetail", { id: String(id) }, { token: demo })).json().data;
    const byNumber = (await get(t.app, "/site/Customer/quotationDetail", { id: "dv2026-000012" }, { token: demo })).json().data;
    expect(byId).toEqual(byNumber);
    expect(byId.lines).toHaveLength(3);
    expect(byId.total_ttc).toBe((Number(byId.total_ht) + Number(byId.total_tva)).toFixed(2));
    for (const other of [String(id), "DV2026-000012", "999999"]) {
      const res = await get(t.app, "/site/Customer/quotationDetail", { id: other }, { token: martin });
      expect(res.statusCode, other).toBe(404);
    }
    expect((await get(t.app, "/site/Customer/quotationDetail", { id: "1 or 1=1" }, { token: demo })).statusCode).toBe(400);
  });

  it("refuses another customer's, an expired and a malformed quotation back into the cart, leaving the cart as it was", async () => {
    await setCart(martin, [[b, 2]]);
    const { id } = await quotationRow("DV2026-000012");
    const before = await cartLines(2);
    const other = await post(t.app, "/site/Customer/quotationToCart", { id: String(id) }, { token: martin });
    expect(other.statusCode).toBe(404);
    expect(await cartLines(2)).toEqual(before);

    const demoBefore = await cartLines(1);
    const expired = await post(t.app, "/site/Customer/quotationToCart", { id: "DV2026-000009" }, { token: demo });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().info).toBe("Le devis DV2026-000009 a expiré : ses prix ne sont plus garantis.");
    const expiredZh = await post(t.app, "/site/Customer/quotationToCart", { id: "DV2026-000009" }, { token: demo, lang: "zh" });
    expect(expiredZh.json().info).toBe("报价单 DV2026-000009 已过期，其价格不再有效。");
    expect(await cartLines(1)).toEqual(demoBefore);
    expect((await quotationRow("DV2026-000009")).status).toBe("open");
  });

  it("puts a quotation back into the cart at its quoted prices, whatever the catalogue and the client say, and the order uses them", async () => {
    const created = (
      await post(
        t.app,
        "/site/Customer/createQuotation",
        { idempotency_key: key() },
        {
          token: demo,
        },
      )
    ).json().data; // 12 × a, 3 × b: 48.00 HT
    // the catalogue goes up, the promotion ends
    await query(db, sql`update models set price = 4, site_price = 4 where id = ${a.id}`);
    await query(db, sql`update models set price = 9, site_price = 9 where id = ${b.id}`);
    await query(db, sql`delete from promotions where model_id = ${a.id}`);
    t.app.services.cache.clear();
    await setCart(demo, [[b, 1]]);

    // a tampered request: prices and lines sent along are ignored
    const res = await post(
      t.app,
      "/site/Customer/quotationToCart",
      { id: created.number, price: "0.01", lines: [{ model_id: a.id, num: 12, price: "0.01" }], cart_list: [{ model_id: a.id, price: 0 }] },
      { token: demo },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().info).toBe(`Les articles du devis ${created.number} sont dans votre panier, aux prix du devis.`);
    const cart = res.json().data;
    const line = (m: Model) => cart.cart_list.find((l: { model_id: number }) => l.model_id === m.id);
    expect(line(a)).toMatchObject({ num: 12, price: "2.5000", quoted: true, quotation_number: created.number, amount: "27.00" });
    expect(line(b)).toMatchObject({ num: 3, price: "7.0000", quoted: true, amount: "21.00" });
    expect(cart.cart_list).toHaveLength(2); // the cart's lines were replaced
    expect(cart.cart_info.totalAmount).toBe("48.00");
    expect((await quotationRow(created.number)).status).toBe("accepted");

    // changing the quantity of a quoted line takes it out of the quotation (catalogue price)
    const edited = await post(t.app, "/site/Customer/editShoppingCart", { model_id: b.id, num: 4, type: 1 }, { token: demo });
    expect(edited.statusCode, edited.body).toBe(200);
    const eb = edited.json().data.cart_list.find((l: { model_id: number }) => l.model_id === b.id);
    expect(eb).toMatchObject({ num: 4, price: "9.0000", quoted: false, quotation_id: null, amount: "36.00" });
    expect(edited.json().data.cart_info.totalAmount).toBe("63.00");

    // a client-side price in the cart list call is ignored too
    const view = await post(t.app, "/site/Index/getShoppingCart", { carts: [{ model_id: a.id, num: 12, price: "0.01" }] }, { token: demo });
    expect(view.json().data.cart_info.totalAmount).toBe("63.00");

    // the order uses the quoted price for the quoted line, the catalogue's for the other
    const order = await post(t.app, "/site/Sale/createOrder", { idempotency_key: key(), accept_cgv: true }, { token: demo });
    expect(order.statusCode, order.body).toBe(200);
    const placed = order.json().data;
    expect(placed.total_ht).toBe("63.00");
    const lines = await query<{ model_id: number; price: string; line_ht: string }>(
      db,
      sql`select model_id, price::text as price, line_ht::text as line_ht from order_lines where order_id = ${placed.id} order by model_id`,
    );
    expect(lines).toEqual([
      { model_id: a.id, price: "2.5000", line_ht: "27.00" },
      { model_id: b.id, price: "9.0000", line_ht: "36.00" },
    ]);
    // used up: ordered, linked to the order, refused next time
    expect(await quotationRow(created.number)).toMatchObject({ status: "ordered", order_id: placed.id });
    const again = await post(t.app, "/site/Customer/quotationToCart", { id: created.number }, { token: demo });
    expect(again.statusCode).toBe(400);
    expect(again.json().info).toBe(`Le devis ${created.number} a déjà été commandé.`);
  });

  it("an expired quotation in the cart no longer gives its price: cart and order fall back to the catalogue", async () => {
    await query(db, sql`update models set price = 2.5, site_price = 2.5 where id = ${a.id}`);
    t.app.services.cache.clear();
    await setCart(demo, [[a, 20]]);
    const q = (await post(t.app, "/site/Customer/createQuotation", { idempotency_key: key(), accept_cgv: true }, { token: demo })).json()
      .data;
    expect((await post(t.app, "/site/Customer/quotationToCart", { id: q.number }, { token: demo })).statusCode).toBe(200);
    await query(db, sql`update models set price = 3, site_price = 3 where id = ${a.id}`);
    t.app.services.cache.clear();
    let cart = (await post(t.app, "/site/Index/getShoppingCart", {}, { token: demo })).json().data;
    expect(cart.cart_info.totalAmount).toBe("50.00"); // quoted 20 × 2.50
    await query(db, sql`update quotations set valid_until = current_date - 1 where number = ${q.number}`);
    // A write made beside the shop reaches its kept cart answers by the database's notice (decision 091), which
    // PostgreSQL delivers to the listening connection a moment after the commit.
    await vi.waitFor(
      async () => {
        cart = (await post(t.app, "/site/Index/getShoppingCart", {}, { token: demo })).json().data;
        expect(cart.cart_info.totalAmount).toBe("60.00");
      },
      { timeout: 3000 },
    );
    expect(cart.cart_list[0]).toMatchObject({ quoted: false, quotation_number: q.number });
    const order = (await post(t.app, "/site/Sale/createOrder", { idempotency_key: key(), accept_cgv: true }, { token: demo })).json().data;
    expect(order.total_ht).toBe("60.00");
    expect((await quotationRow(q.number)).status).toBe("accepted"); // not used up: its price was not used
  });

  it("refuses a quotation whose model is no longer sold or out of stock, changing nothing", async () => {
    await query(db, sql`update models set price = 2.5, site_price = 2.5, stock = 1000 where id = ${a.id}`);
    t.app.services.cache.clear();
    await setCart(demo, [[a, 5]]);
    const q = (await post(t.app, "/site/Customer/createQuotation", { idempotency_key: key(), accept_cgv: true }, { token: demo })).json()
      .data;
    await setCart(demo, [[b, 1]]);
    await query(db, sql`update models set stock = 2 where id = ${a.id}`);
    const low = await post(t.app, "/site/Customer/quotationToCart", { id: q.number }, { token: demo });
    expect(low.statusCode).toBe(400); // a conflict is a refusal for the user (decision 065)
    expect(low.json().info).toBe(`Stock insuffisant pour la référence ${a.reference} (2 disponibles).`);
    await query(db, sql`update models set stock = 1000, not_for_sale = true where id = ${a.id}`);
    const gone = await post(t.app, "/site/Customer/quotationToCart", { id: q.number }, { token: demo });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().info).toBe(`La référence ${a.reference} du devis n'est plus disponible à la vente.`);
    expect((await cartLines(1)).map((l) => [l.model_id, l.num, l.quotation_id])).toEqual([[b.id, 1, null]]);
    expect((await quotationRow(q.number)).status).toBe("open");
    await query(db, sql`update models set not_for_sale = false where id = ${a.id}`);
  });

  it("adding more of a quoted model takes its line out of the quotation; removing another line keeps it quoted", async () => {
    await query(db, sql`update models set price = 2.5, site_price = 2.5, stock = 1000, not_for_sale = false where id = ${a.id}`);
    await query(db, sql`update models set price = 7, site_price = 7, stock = 1000, not_for_sale = false where id = ${b.id}`);
    t.app.services.cache.clear();
    await setCart(demo, [
      [a, 20],
      [b, 10],
    ]);
    const q = (await post(t.app, "/site/Customer/createQuotation", { idempotency_key: key(), accept_cgv: true }, { token: demo })).json()
      .data;
    await query(db, sql`update models set price = 3 where id = ${a.id}`);
    t.app.services.cache.clear();
    expect((await post(t.app, "/site/Customer/quotationToCart", { id: q.number }, { token: demo })).statusCode).toBe(200);
    const removed = await post(t.app, "/site/Customer/delShoppingCart", { model_ids: [b.id] }, { token: demo });
    expect(removed.json().data.cart_list).toEqual([expect.objectContaining({ model_id: a.id, quoted: true, amount: "50.00" })]);
    const added = await post(
      t.app,
      "/site/Customer/addShoppingCart",
      { arr: [{ model_id: a.id, num: 1, price: "0.01" }] },
      { token: demo },
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.cart_list).toEqual([
      expect.objectContaining({ model_id: a.id, num: 21, quoted: false, quotation_id: null, amount: "63.00" }),
    ]);
    expect((await cartLines(1)).map((l) => l.quotation_id)).toEqual([null]);
  });

  it("serves the caller's quotation PDF in French and in Chinese, and nobody else's", async () => {
    const { id } = await quotationRow("DV2026-000012");
    const detail = (await get(t.app, "/site/Customer/quotationDetail", { id: String(id) }, { token: demo })).json().data;
    const fr = await t.app.inject({ url: `/documents/quotation/${id}.pdf`, headers: { cookie: `uid=${demo}` } });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers["content-type"]).toBe("application/pdf");
    expect(fr.headers["content-disposition"]).toBe('attachment; filename="DV2026-000012.pdf"');
    expect(fr.headers["cache-control"]).toBe("private, no-store");
    expect(fr.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfToText(fr.rawPayload);
    const plain = (v: string) => v.replace(/[\u202f\u00a0]/g, " ");
    expect(text.split("\n")[0]).toBe("Comptoir de l'Emballage");
    expect(text).toMatch(/^Devis$/m);
    expect(text).toMatch(/Numéro :\s+DV2026-000012/);
    expect(text).toMatch(/Valable jusqu'au :\s+\d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain("PU HT");
    expect(text).toContain(detail.lines[0].designation.slice(0, 20));
    expect(text).toMatch(new RegExp(`Total HT\\s+${plain(formatPrice(detail.total_ht, "fr"))}`));
    expect(text).toMatch(new RegExp(`Total TTC\\s+${plain(formatPrice(detail.total_ttc, "fr"))}`));
    expect(text).toContain("Prix en euros hors taxes");

    const zh = await t.app.inject({ url: `/documents/quotation/DV2026-000012.pdf?lang=zh`, headers: { cookie: `uid=${demo}` } });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers["content-disposition"]).toBe('attachment; filename="DV2026-000012-zh.pdf"');
    const zt = await pdfToText(zh.rawPayload);
    expect(zt).toMatch(/报价单\s*$/m);
    expect(zt).toMatch(/编号 :\s+DV2026-000012/);
    expect(zt).toContain("不含税单价");
    expect(zt).toMatch(new RegExp(`含税总计\\s+${formatPrice(detail.total_ttc, "zh")}`));
    expect(zt).toContain("报价单有效期至");

    const theirs = await t.app.inject({ url: `/documents/quotation/${id}.pdf`, headers: { cookie: `uid=${martin}` } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers["content-type"]).toContain("text/html");
    expect(theirs.body).not.toContain("DV2026-000012");
    // a browser without a session goes to the login page and comes back (decision 085: as invoices)
    const visitor = await t.app.inject({ url: `/documents/quotation/${id}.pdf?lang=zh`, headers: { accept: "text/html" } });
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/zh/connexion?redirect=${encodeURIComponent(`/documents/quotation/${id}.pdf?lang=zh`)}`);
    for (const bad of ["abc.pdf", `${id}.txt`, "..%2F..%2Fetc%2Fpasswd.pdf"]) {
      const res = await t.app.inject({ url: `/documents/quotation/${bad}`, headers: { cookie: `uid=${demo}` } });
      expect(res.statusCode, bad).toBe(404);
    }
  });

  it("quotes the units a promotion offers, per multiple of its minimum, and the order from the quotation offers them", async () => {
    await query(db, sql`update models set price = 7, site_price = 7, stock = 1000, not_for_sale = false where id = ${b.id}`);
    await query(
      db,
      sql`insert into promotions (model_id, type, value, min_qty, gifted_units, starts_at, ends_at)
      values (${b.id}, 1, 0.1, 10, 1, now() - interval '1 day', now() + interval '30 days')`,
    );
    t.app.services.cache.clear();
    try {
      await setCart(demo, [[b, 30]]);
      const q = (await post(t.app, "/site/Customer/createQuotation", { idempotency_key: key() }, { token: demo })).json().data;
      // −10 % on the 30 bought and 1 offered per 10: 3 offered, not priced
      expect(q.lines).toEqual([expect.objectContaining({ model_id: b.id, num: 30, amount: "189.00", remise: "21.00", gifted_units: 3 })]);
      expect(q.total_ht).toBe("189.00");
      const pdfText = await pdfToText(
        (await t.app.inject({ url: `/documents/quotation/${q.id}.pdf`, headers: { cookie: `uid=${demo}` } })).rawPayload,
      );
      expect(pdfText.split("(gratuit)").length - 1).toBe(1);

      // the promotion ends; the quotation still offers what it quoted
      await query(db, sql`delete from promotions where model_id = ${b.id}`);
      t.app.services.cache.clear();
      const cart = (await post(t.app, "/site/Customer/quotationToCart", { id: q.number }, { token: demo })).json().data;
      expect(cart.cart_list).toEqual([
        expect.objectContaining({ model_id: b.id, num: 30, quoted: true, amount: "189.00", gifted_units: 3 }),
      ]);
      const order = await post(t.app, "/site/Sale/createOrder", { idempotency_key: key(), accept_cgv: true }, { token: demo });
      expect(order.statusCode, order.body).toBe(200);
      expect(order.json().data.total_ht).toBe("189.00");
      const lines = await query<{ num: number; gifted_units: number }>(
        db,
        sql`select num, gifted_units from order_lines where order_id = ${order.json().data.id}`,
      );
      expect(lines).toEqual([{ num: 30, gifted_units: 3 }]);
    } finally {
      await query(db, sql`delete from promotions where model_id = ${b.id}`);
      t.app.services.cache.clear();
    }
  });
});
