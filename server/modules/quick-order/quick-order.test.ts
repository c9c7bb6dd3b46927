// Quick order API (decision 081): purchased list from the caller's own orders, wishlist add
// and remove that never touches another customer's rows, ordering by reference with every refusal reason,
// and the size limits (501 lines, oversized body). Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { customersAppPerSuite, get, post, signed } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import type { PurchasedItemAnswer, QuickOrderResolutionAnswer, WishlistItemAnswer } from "#core/contracts/quick-order.ts";

describe.each(testDbKinds())("quick order on %s", (kind) => {
  const t = customersAppPerSuite(kind);
  const wishRows = (customerId: number) =>
    query<{ model_id: number }>(
      t.database.db,
      sql`select model_id from wishlists where customer_id = ${customerId} and kind = 'wishlist' order by model_id`,
    );
  const cartCount = async (customerId: number) =>
    (
      await query<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from cart_lines l join carts c on c.id = l.cart_id where c.customer_id = ${customerId}`,
      )
    )[0].n;

  it("needs a session on every endpoint", async () => {
    for (const [m, path] of [
      ["GET", "/site/Customer/purchasedList"],
      ["GET", "/site/Customer/wishlist"],
      ["GET", "/site/Customer/wishlistRefs"],
      ["POST", "/site/Customer/addWishlist"],
      ["POST", "/site/Customer/delWishlist"],
      ["POST", "/site/Customer/quickOrderResolve"],
    ] as const) {
      const res = m === "GET" ? await get(t.app, path) : await post(t.app, path, { model_id: 1, text: "A;1" });
      expect(res.statusCode, path).toBe(401);
    }
  });

  it("lists what the caller bought, from their own non-cancelled orders only, with the last price and date", async () => {
    const res = await get(t.app, "/site/Customer/purchasedList", {}, { token: t.demo });
    expect(res.statusCode).toBe(200);
    const list: PurchasedItemAnswer[] = res.json().data.list;
    expect(res.json().data).toMatchObject({ total: list.length, page: 1, page_size: list.length });
    const expected = await query<{ model_id: number }>(
      t.database.db,
      sql`select distinct l.model_id from order_lines l join orders o on o.id = l.order_id
      where o.customer_id = 1 and o.status <> 'cancelled' and l.model_id is not null order by 1`,
    );
    expect(list.map((i) => i.model_id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.model_id));
    // Only in the cancelled order (ruban-pp is also in a planned one; the brown cartons are not) and only Martin's: absent.
    const cancelledOnly = await query<{ model_id: number }>(
      t.database.db,
      sql`select l.model_id from order_lines l join orders o on o.id = l.order_id where o.customer_id = 1 and o.status = 'cancelled'
      except select l.model_id from order_lines l join orders o on o.id = l.order_id where o.customer_id = 1 and o.status <> 'cancelled'`,
    );
    expect(cancelledOnly.length).toBeGreaterThan(0);
    for (const r of cancelledOnly) expect(list.some((i) => i.model_id === r.model_id)).toBe(false);
    const martins = (await get(t.app, "/site/Customer/purchasedList", {}, { token: t.martin })).json().data.list as PurchasedItemAnswer[];
    for (const m of martins) expect(list.some((i) => i.model_id === m.model_id)).toBe(false);
    // Most recent first; a model bought twice shows the latest order's price, date and number and the total quantity.
    const dates = list.map((i) => i.last_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // A model of the first order bought again in the latest one at another price.
    const [first] = await query<{ model_id: number; reference: string; designation: string; unit: string; tva: string; num: number }>(
      t.database.db,
      sql`select l.model_id, l.reference, l.designation, l.unit, l.tva::text as tva, l.num from order_lines l
      join orders o on o.id = l.order_id where o.number = 'CE2026-000123' order by l.id limit 1`,
    );
    // The latest order is found, not named: the seed dates some orders from its own moment (decision 082).
    const [latest] = await query<{ id: number; number: string }>(
      t.database.db,
      sql`select id, number from orders where customer_id = 1 and status <> 'cancelled' order by created_at desc, id desc limit 1`,
    );
    await query(
      t.database.db,
      sql`insert into order_lines (order_id, model_id, reference, designation, unit, price, num, tva, line_ht)
      values (${latest.id}, ${first.model_id}, ${first.reference}, ${first.designation}, ${first.unit}, 9.99, 2, ${first.tva}, 19.98)`,
    );
    const again = (await get(t.app, "/site/Customer/purchasedList", {}, { token: t.demo })).json().data.list as PurchasedItemAnswer[];
    const twice = { model_id: first.model_id, price: "9.9900", number: latest.number, total: first.num + 2, n: 2 };
    const item = again.find((i) => i.model_id === twice.model_id)!;
    expect(item.last_date).toBe(again[0].last_date); // now among the most recent
    expect(item).toMatchObject({ last_price: twice.price, last_order: twice.number, total_qty: twice.total, orders: twice.n });
    expect(item.url).toMatch(/^\/product\//);
    expect(item.max).toBe(Math.max(0, Math.min(item.stock, item.purchasable_qty)));
  });

  it("adds to and removes from the caller's wishlist only, by id or reference, idempotently", async () => {
    const before1 = await wishRows(1);
    expect(before1.length).toBeGreaterThanOrEqual(3);
    const whole = (await get(t.app, "/site/Customer/wishlist", {}, { token: t.demo })).json().data;
    const list = whole.list as WishlistItemAnswer[];
    expect(list.map((i) => i.model_id).sort((a, b) => a - b)).toEqual(before1.map((r) => r.model_id));
    expect(whole).toMatchObject({ total: list.length, page: 1, page_size: 50 });
    // Paged: the same rows in the same order, one page at a time; a page past the end is empty.
    const second = (await get(t.app, "/site/Customer/wishlist", { page: "2", page_size: "2" }, { token: t.demo })).json().data;
    expect(second).toMatchObject({ total: list.length, page: 2, page_size: 2 });
    expect(second.list.map((i: WishlistItemAnswer) => i.model_id)).toEqual(list.slice(2, 4).map((i) => i.model_id));
    const past = (await get(t.app, "/site/Customer/wishlist", { page: "99", page_size: "50" }, { token: t.demo })).json().data;
    expect(past).toMatchObject({ list: [], total: list.length, page: 99 });
    for (const bad of [{ page: "0" }, { page_size: "0" }, { page_size: "51" }, { page: "x" }] as Record<string, string>[]) {
      const res = await get(t.app, "/site/Customer/wishlist", bad, { token: t.demo });
      expect(res.json(), JSON.stringify(bad)).toMatchObject({ code: 400, info: "Numéro de page invalide." });
    }

    // Martin removes a model that is in the demo customer's wishlist: the demo's row stays.
    const target = before1[0].model_id;
    const del = await post(t.app, "/site/Customer/delWishlist", { model_id: target }, { token: t.martin });
    expect(del.statusCode).toBe(200);
    expect(await wishRows(1)).toEqual(before1);

    // Martin adds it: his row, not the demo's.
    const add = await post(t.app, "/site/Customer/addWishlist", { model_id: target }, { token: t.martin });
    expect(add.statusCode).toBe(200);
    expect((await wishRows(2)).map((r) => r.model_id)).toContain(target);
    expect(await wishRows(1)).toEqual(before1);

    // The demo customer adds by reference (any case), twice: one row.
    const [other] = await query<{ id: number; reference: string }>(
      t.database.db,
      sql`select id, reference from models where id not in (select model_id from wishlists where customer_id = 1) order by id limit 1`,
    );
    for (let i = 0; i < 2; i++) {
      const res = await post(t.app, "/site/Customer/addWishlist", { reference: other.reference.toLowerCase() }, { token: t.demo });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.references).toContain(other.reference.toUpperCase());
      expect(res.json().info).toBe("Ajouté aux favoris.");
    }
    expect((await wishRows(1)).filter((r) => r.model_id === other.id)).toHaveLength(1);
    const refs = (await get(t.app, "/site/Customer/wishlistRefs", {}, { token: t.demo })).json().data.references;
    expect(refs).toContain(other.reference.toUpperCase());

    const rm = await post(t.app, "/site/Customer/delWishlist", { model_id: other.id }, { token: t.demo, lang: "zh" });
    expect(rm.statusCode).toBe(200);
    expect(rm.json().info).toBe("已取消收藏。");
    expect(await wishRows(1)).toEqual(before1);
  });

  it("saves a product's first model from a list card and removes all of its models", async () => {
    const [prod] = await query<{ product_id: number; n: number }>(
      t.database.db,
      sql`select product_id, count(*)::int as n from models where product_id not in
      (select m.product_id from wishlists w join models m on m.id = w.model_id where w.customer_id = 1)
      group by product_id having count(*) > 1 order by product_id limit 1`,
    );
    const add = await post(t.app, "/site/Customer/addWishlist", { product_id: prod.product_id }, { token: t.demo });
    expect(add.statusCode).toBe(200);
    expect(add.json().data.product_ids).toContain(prod.product_id);
    const saved = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from wishlists w join models m on m.id = w.model_id where w.customer_id = 1 and m.product_id = ${prod.product_id}`,
    );
    expect(saved[0].n).toBe(1);
    const del = await post(t.app, "/site/Customer/delWishlist", { product_id: prod.product_id }, { token: t.demo });
    expect(del.json().data.product_ids).not.toContain(prod.product_id);
  });

  it("refuses an unknown or invalid model without change", async () => {
    const before = await wishRows(1);
    const unknown = await post(t.app, "/site/Customer/addWishlist", { model_id: 99_999_999 }, { token: t.demo });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().info).toBe("Article introuvable.");
    for (const body of [{}, { model_id: "abc" }, { model_id: -1 }, { reference: "" }, { reference: "X".repeat(41) }]) {
      const res = await post(t.app, "/site/Customer/addWishlist", body, { token: t.demo });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await wishRows(1)).toEqual(before);
  });

  it("resolves reference lines: valid ones with their item, each refusal with its translated reason, nothing added", async () => {
    const models = await query<{ id: number; reference: string; stock: number; purchasable_qty: number }>(
      t.database.db,
      sql`select m.id, m.reference, m.stock, m.purchasable_qty from models m join products p on p.id = m.product_id
      where not m.not_for_sale and p.active and m.stock >= 10 and m.purchasable_qty >= 10 order by m.id limit 4`,
    );
    const [a, b, c, nfs] = models;
    await query(t.database.db, sql`update models set not_for_sale = true where id = ${nfs.id}`);
    try {
      const over = Math.min(c.stock, c.purchasable_qty) + 1;
      const text = [
        "Référence;Quantité",
        `${a.reference};2`,
        `${b.reference.toLowerCase()},3`,
        "NOPE-404;1",
        `${nfs.reference};1`,
        `${c.reference}\t${over}`,
        `${a.reference};0`,
        `${a.reference};1`,
        `${b.reference};abc`,
      ].join("\n");
      const before = await cartCount(1);
      const res = await post(t.app, "/site/Customer/quickOrderResolve", { text }, { token: t.demo });
      expect(res.statusCode).toBe(200);
      const r: QuickOrderResolutionAnswer = res.json().data;
      expect(r.header).toBe(true);
      const byLine = Object.fromEntries(r.lines.map((l) => [l.line, l]));
      expect(byLine[2]).toMatchObject({ status: "ok", quantity: 3, merged: [8], reference: a.reference });
      expect(byLine[2].item?.model_id).toBe(a.id);
      expect(byLine[2].note).toBe("Doublon fusionné : ligne 8 ajoutée à celle-ci.");
      expect(byLine[3]).toMatchObject({ status: "ok", quantity: 3 });
      expect(byLine[4]).toMatchObject({ status: "refused", key: "area.qo_unknown_reference", reason: "Référence inconnue." });
      expect(byLine[5]).toMatchObject({ status: "refused", key: "area.qo_not_for_sale" });
      expect(byLine[6].status).toBe("refused");
      expect(["area.qo_above_stock", "area.qo_above_ceiling"]).toContain(byLine[6].key);
      expect(byLine[7]).toMatchObject({ status: "refused", key: "area.qo_bad_quantity" });
      expect(byLine[9]).toMatchObject({ status: "refused", key: "area.qo_bad_quantity" });
      expect(r.valid).toBe(2);
      expect(r.refused).toBe(5);
      expect(await cartCount(1)).toBe(before);

      const zh = await post(t.app, "/site/Customer/quickOrderResolve", { text: "NOPE-404;1" }, { token: t.demo, lang: "zh" });
      expect(zh.json().data.lines[0].reason).toBe("未知编号。");
    } finally {
      await query(t.database.db, sql`update models set not_for_sale = false where id = ${nfs.id}`);
    }
  });

  it("refuses 501 lines, an empty text, too long a text and an oversized body", async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `R${i};1`).join("\n");
    const ok500 = await post(t.app, "/site/Customer/quickOrderResolve", { text: lines(500) }, { token: t.demo });
    expect(ok500.statusCode).toBe(200);
    expect(ok500.json().data.lines).toHaveLength(500);
    const too = await post(t.app, "/site/Customer/quickOrderResolve", { text: lines(501) }, { token: t.demo });
    expect(too.statusCode).toBe(400);
    expect(too.json().info).toBe("500 lignes au plus : découpez votre liste (maximum 500).");
    const empty = await post(t.app, "/site/Customer/quickOrderResolve", { text: "\n \n" }, { token: t.demo });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().info).toBe("Saisissez au moins une ligne « référence;quantité ».");
    const long = await post(t.app, "/site/Customer/quickOrderResolve", { text: "A;1\n".repeat(10_001) }, { token: t.demo });
    expect(long.statusCode).toBe(400);
    expect(long.json().info).toBe("Le texte est trop long (40000 caractères au plus).");
    // Beyond the API body limit (64 KiB): refused before any parsing.
    const path = "/site/Customer/quickOrderResolve";
    const sig = signed(path);
    const huge = await t.app.inject({
      method: "POST",
      url: path,
      payload: { text: "A;1\n".repeat(20_000), t: sig.t, at: sig.at },
      headers: { authorization: `Bearer ${t.demo}` },
    });
    expect(huge.statusCode).toBe(413);
  });

  it("is declared in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/site/openapi.json" })).json();
    for (const p of ["purchasedList", "wishlist", "addWishlist", "delWishlist", "quickOrderResolve", "couponList"])
      expect(Object.keys(doc.paths)).toContain(`/site/Customer/${p}`);
  });
});
