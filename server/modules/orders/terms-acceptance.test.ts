// No order without the terms of sale accepted, no account without the privacy notice accepted: the API refuses
// the request with a translated message and writes nothing; an accepted one records the version (core/legal.ts)
// and when. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { createTestApp, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { translate } from "#core/i18n/messages.ts";
import { CGV, PRIVACY_NOTICE } from "#core/legal.ts";

describe.each(testDbKinds())("terms accepted on %s", (kind) => {
  let t: TestApp;
  let db: Db;
  let seq = 0;
  const key = () => `terms-${kind}-${String(++seq).padStart(12, "0")}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
  }, 120_000);
  afterAll(() => t.close());

  /** A customer with one line in a store-pickup cart, and its session. */
  async function buyer(n: string) {
    const [shop] = await query<{ id: number }>(db, sql`select id from shops order by id limit 1`);
    const [m] = await query<{ id: number }>(
      db,
      sql`select m.id from models m join products p on p.id = m.product_id
      where p.active and not exists (select 1 from promotions pr where pr.model_id = m.id) order by m.id limit 1`,
    );
    await query(
      db,
      sql`update models set stock = 1000, purchasable_qty = 500, not_for_sale = false, price = 25, site_price = 25 where id = ${m.id}`,
    );
    const [c] = await query<{ id: number }>(
      db,
      sql`insert into customers (client_number, title, first_name, last_name, email, password_hash)
      values (${`T${kind}${n}`}, 'M', 'Acheteur', ${n}, ${`${n}-${kind}@exemple.fr`}, 'x') returning id`,
    );
    const [cart] = await query<{ id: number }>(
      db,
      sql`insert into carts (customer_id, pickup_method, shop_id) values (${c.id}, 2, ${shop.id}) returning id`,
    );
    await query(db, sql`insert into cart_lines (cart_id, model_id, num) values (${cart.id}, ${m.id}, 4)`);
    return { id: c.id, token: await t.app.services.sessions.create(db, c.id) };
  }

  /** What an order attempt could change: the customer's orders, cart lines, keys, e-mails, and the stock. */
  const footprint = async (customerId: number) =>
    (
      await query<Record<string, number>>(
        db,
        sql`select (select count(*)::int from orders where customer_id = ${customerId}) as orders,
          (select count(*)::int from cart_lines l join carts c on c.id = l.cart_id where c.customer_id = ${customerId}) as lines,
          (select count(*)::int from idempotency_keys where customer_id = ${customerId}) as keys,
          (select count(*)::int from outbox_messages) as mails,
          (select sum(stock)::int from models) as stock`,
      )
    )[0];

  it("createOrder without the terms of sale accepted: refused, translated, nothing written", async () => {
    const b = await buyer("noterms");
    const before = await footprint(b.id);
    for (const [lang, body] of [
      ["fr", { idempotency_key: key() }],
      ["zh", { idempotency_key: key() }],
      ["fr", { idempotency_key: key(), accept_cgv: false }],
      ["fr", { idempotency_key: key(), accept_cgv: "yes" }],
    ] as const) {
      const res = await post(t.app, "/site/Sale/createOrder", body, { token: b.token, lang });
      expect(res.json(), JSON.stringify(body)).toEqual({ code: 400, data: null, info: translate(lang, "validation.cgv_required") });
    }
    expect(translate("fr", "validation.cgv_required")).toBe("Veuillez accepter les conditions générales de vente pour passer la commande");
    expect(translate("zh", "validation.cgv_required")).toBe("请接受销售条款后再提交订单");
    expect(await footprint(b.id)).toEqual(before);
  });

  it("an order placed with the terms accepted records their version and when", async () => {
    const b = await buyer("terms");
    const res = await post(t.app, "/site/Sale/createOrder", { idempotency_key: key(), accept_cgv: true }, { token: b.token });
    expect(res.json()).toMatchObject({ code: 200, data: { status: "unpaid" } });
    const [o] = await query<{ cgv_version: string; same_time: boolean }>(
      db,
      sql`select cgv_version, cgv_accepted_at = created_at as same_time from orders where id = ${res.json().data.id}`,
    );
    expect(o).toEqual({ cgv_version: CGV.version, same_time: true });
  });

  it("registration without the privacy notice accepted: refused, translated, no account; accepted: recorded", async () => {
    const person = (email: string) => ({
      title: "Mme",
      first_name: "Lucie",
      last_name: "Bernard",
      email,
      password: "Fleurs2026!",
      confirm: "Fleurs2026!",
    });
    const email = `consent-${kind}@exemple.fr`;
    const accounts = async () =>
      (await query<{ n: number }>(db, sql`select count(*)::int as n from customers where lower(email) = ${email}`))[0].n;
    for (const lang of ["fr", "zh"] as const) {
      const res = await post(t.app, "/site/user/register", person(email), { lang });
      expect(res.json()).toEqual({ code: 400, data: null, info: translate(lang, "validation.privacy_required") });
    }
    expect(await accounts()).toBe(0);
    const ok = await post(t.app, "/site/user/register", { ...person(email), accept_privacy: true });
    expect(ok.json().code).toBe(200);
    const [c] = await query<{ privacy_version: string; same_time: boolean }>(
      db,
      sql`select privacy_version, privacy_accepted_at = created_at as same_time from customers where lower(email) = ${email}`,
    );
    expect(c).toEqual({ privacy_version: PRIVACY_NOTICE.version, same_time: true });
  });
});
