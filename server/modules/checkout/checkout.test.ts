// Checkout endpoints (decision 071) on the demo data: delivery cost, cart parameters, preOrderInfo, coupons and
// receiving times, with bad input and another customer's ids. Demo customer 1: addresses 1 (75011 Paris),
// 2 (93200 Saint-Denis), 3 (invoice, 94700), 5 (69003 Lyon); customer 2: address 4 (94300).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { createTestApp, get, post, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";

type Model = { id: number; poids: string; volume: string };

describe.each(testDbKinds())("checkout API on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  let martin: string;
  let gls: Model; // a light model shippable by GLS
  let heavy: Model; // a non-GLS model
  const db = () => t.database.db;
  const cartOf = async (customer: number) =>
    (
      await query<{
        id: number;
        delivery_addr_id: number | null;
        invoice_addr_id: number | null;
        pickup_method: number;
        delivery_mode: string | null;
        shop_id: number | null;
        coupon_id: number | null;
        extra_options: Record<string, unknown>;
        freight: Record<string, unknown> | null;
        note: string | null;
      }>(
        db(),
        sql`select id, delivery_addr_id, invoice_addr_id, pickup_method, delivery_mode, shop_id, coupon_id, extra_options, freight, note from carts where customer_id = ${customer}`,
      )
    )[0];
  async function fill(customer: number, lines: [Model, number][]) {
    await query(db(), sql`delete from carts where customer_id = ${customer}`);
    const [c] = await query<{ id: number }>(db(), sql`insert into carts (customer_id) values (${customer}) returning id`);
    for (const [m, num] of lines) await query(db(), sql`insert into cart_lines (cart_id, model_id, num) values (${c.id}, ${m.id}, ${num})`);
  }
  const expense = (q: Record<string, string>, token = demo) => get(t.app, "/site/Sale/getDeliveryExpense", q, { token });
  const params = (infos: Record<string, unknown>, token = demo, lang?: string) =>
    post(t.app, "/site/Sale/cartParams", { infos }, { token, lang });

  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = await t.app.services.sessions.create(t.app.services.db, 1);
    martin = await t.app.services.sessions.create(t.app.services.db, 2);
    [gls] = await query<Model>(
      db(),
      sql`select id, poids, volume from models where not non_gls and not not_for_sale and poids > 0.5 and poids < 3 and volume < 0.02 order by id limit 1`,
    );
    [heavy] = await query<Model>(db(), sql`select id, poids, volume from models where non_gls and not not_for_sale order by id limit 1`);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await query(db(), sql`delete from carts`);
  });

  it("needs a login for every checkout call", async () => {
    for (const [m, path] of [
      ["GET", "/site/Sale/getDeliveryExpense"],
      ["POST", "/site/Sale/cartParams"],
      ["GET", "/site/Index/preOrderInfo"],
      ["GET", "/site/Sale/promoCodeVerification"],
      ["GET", "/site/Customer/couponList"],
      ["POST", "/site/Customer/setReceiptArrangement"],
      ["GET", "/site/Customer/getReceiptArrangement"],
    ] as const) {
      const res = m === "GET" ? await get(t.app, path, {}) : await post(t.app, path, {});
      expect(res.statusCode, path).toBe(401);
    }
  });

  describe("getDeliveryExpense", () => {
    it("quotes the server cart, ignoring the measures the client sends", async () => {
      await fill(1, [[gls, 2]]);
      const sent = {
        delivery_addr_id: "1",
        invoice_addr_id: "3",
        zip_code: "75011",
        volume: "9.5",
        poids: "900",
        gls_model_status: "1",
        colis_qte: "40",
        colis_vol_num: "40",
        delivery_mode: "parcel",
      };
      const res = await expense(sent);
      expect(res.statusCode).toBe(200);
      const { freight, delivery_mode } = res.json().data;
      expect(delivery_mode).toBe("parcel");
      // the server cart: 2 light units, not 900 kg of non-GLS goods (which parcel would refuse)
      const kg = (Number(gls.poids) * 2).toFixed(3);
      expect(freight).toMatchObject({
        zip_code: "75011",
        poids: kg,
        general_tva: "0.2",
        highway_toll_ht: "0.00",
        freeDeliveryAmount: [300, 600, 900],
      });
      expect(Number(freight.freight_ht)).toBeLessThan(20);
      // not saved without getAll
      expect((await cartOf(1)).freight).toBeNull();
    });

    it("uses the sent measures only to quote when there is no server cart, and stores nothing", async () => {
      const res = await expense({
        getAll: "1",
        delivery_addr_id: "5",
        zip_code: "69003",
        volume: "2.4",
        poids: "300",
        gls_model_status: "1",
        colis_qte: "0",
        colis_vol_num: "0",
        delivery_mode: "pallet",
      });
      // 2.4 m³ = 2 pallets to Lyon (zone 2): 219 € + toll 2 × 14 €
      expect(res.json().data.freight).toMatchObject({
        freight_ht: "219.00",
        freight_tva: "43.80",
        highway_toll_ht: "28.00",
        highway_toll_tva: "5.60",
        poids: "300.000",
        volume: "2.400000",
      });
      expect(await cartOf(1)).toBeUndefined();
    });

    it("getAll=1 stores the freight, the mode and the addresses on the cart", async () => {
      await fill(1, [[gls, 3]]);
      const res = await expense({
        getAll: "1",
        delivery_addr_id: "2",
        invoice_addr_id: "3",
        zip_code: "93200",
        delivery_mode: "pallet",
        pickup_method: "1",
      });
      const { freight } = res.json().data;
      expect(freight).toMatchObject({ freight_ht: "69.00", zip_code: "93200" }); // Paris-province zone, 1 pallet
      expect(await cartOf(1)).toMatchObject({
        delivery_addr_id: 2,
        invoice_addr_id: 3,
        delivery_mode: "pallet",
        pickup_method: 1,
        freight: { freight_ht: "69.00", zip_code: "93200" },
      });
    });

    it("without a chosen mode, quotes the cheapest possible one", async () => {
      await fill(1, [[gls, 1]]);
      const { data } = (await expense({ delivery_addr_id: "1" })).json();
      expect(data.delivery_mode).toBe("parcel");
      await fill(1, [[heavy, 1]]);
      expect((await expense({ delivery_addr_id: "1" })).json().data.delivery_mode).not.toBe("parcel");
    });

    it("answers an empty freight when no lookup applies (pickup, no address)", async () => {
      await fill(1, [[gls, 1]]);
      expect((await expense({ pickup_method: "2", delivery_addr_id: "1" })).json().data.freight).toEqual({});
      expect((await expense({ delivery_addr_id: "0", zip_code: "75011" })).json().data.freight).toEqual({});
      expect((await expense({})).json().data.freight).toEqual({});
    });

    it("refuses non-GLS goods by parcel and pallets to a blocked zip, with translated messages", async () => {
      await fill(1, [[heavy, 1]]);
      const parcel = await expense({ delivery_addr_id: "1", delivery_mode: "parcel" });
      expect(parcel.json()).toMatchObject({ code: 400, info: expect.stringMatching(/colis GLS/) });
      const zh = await get(
        t.app,
        "/site/Sale/getDeliveryExpense",
        { delivery_addr_id: "1", delivery_mode: "parcel" },
        { token: demo, lang: "zh" },
      );
      expect(zh.json().info).toMatch(/GLS 包裹/);
      const [corsica] = await query<{ id: number }>(
        db(),
        sql`insert into addresses (customer_id, kind, first_name, last_name, line1, zip_code, city)
        values (1, 'delivery', 'Jean', 'Dupont', '2 quai du Port', '20000', 'Ajaccio') returning id`,
      );
      const pallet = await expense({ delivery_addr_id: String(corsica.id), delivery_mode: "pallet" });
      expect(pallet.json()).toMatchObject({ code: 400, info: expect.stringMatching(/palette n'est pas possible/) });
      await query(db(), sql`delete from addresses where id = ${corsica.id}`);
    });

    it("applies the saved appointment only to the mode it was chosen for", async () => {
      await fill(1, [[gls, 2]]);
      expect((await params({ delivery_addr_id: 1, delivery_mode: "pallet", extra_options: { rdv: true } })).json().code).toBe(200);
      const pallet = (await expense({ delivery_addr_id: "1", delivery_mode: "pallet" })).json();
      expect(pallet).toMatchObject({ code: 200, data: { delivery_mode: "pallet", freight: { rdv_amount: "18.00" } } });
      // A parcel quote is not refused for the pallet's appointment, and carries none.
      const parcel = (await expense({ delivery_addr_id: "1", delivery_mode: "parcel" })).json();
      expect(parcel).toMatchObject({ code: 200, data: { delivery_mode: "parcel", freight: { rdv_amount: "0.00" } } });
      expect((await cartOf(1)).extra_options).toMatchObject({ rdv: true }); // a quote alone changes nothing
      // Saving the other mode (getAll) drops the appointment: the cart totals no longer charge it.
      expect((await expense({ delivery_addr_id: "1", delivery_mode: "parcel", getAll: "1" })).json().code).toBe(200);
      expect(await cartOf(1)).toMatchObject({ delivery_mode: "parcel", extra_options: { rdv: false } });
      const { cart_info } = (await post(t.app, "/site/Index/getShoppingCart", {}, { token: demo })).json().data;
      expect(cart_info).toMatchObject({ delivery_mode: "parcel", rdvHt: "0.00" });
    });

    it("refuses another customer's or a deleted address, and bad input", async () => {
      expect((await expense({ delivery_addr_id: "4" })).json()).toMatchObject({
        code: 400,
        info: expect.stringMatching(/adresse n'existe pas/),
      });
      expect((await expense({ delivery_addr_id: "1", invoice_addr_id: "4" })).json().code).toBe(400);
      for (const bad of <Record<string, string>[]>[
        { delivery_addr_id: "-1" },
        { delivery_addr_id: "abc" },
        { volume: "-3", delivery_addr_id: "1" },
        { poids: "1e99", delivery_addr_id: "1" },
        { colis_qte: "1.5", delivery_addr_id: "1" },
        { delivery_mode: "drone", delivery_addr_id: "1" },
        { getAll: "yes" },
      ]) {
        expect((await expense(bad)).json().code, JSON.stringify(bad)).toBe(400);
      }
    });
  });

  describe("cartParams", () => {
    it("saves addresses, mode, appointment, coupon and note, and quotes the freight", async () => {
      await fill(1, [[gls, 2]]);
      const res = await params({
        delivery_addr_id: 5,
        invoice_addr_id: 3,
        delivery_mode: "carrier",
        extra_options: { rdv: true },
        code: "pro15-c100001",
        note: "Livrer avant 10 h, quai n° 2.",
      });
      expect(res.json()).toMatchObject({ code: 200, info: "Vos choix de livraison sont enregistrés." });
      const data = res.json().data;
      expect(data).toMatchObject({
        delivery_addr_id: 5,
        invoice_addr_id: 3,
        pickup_method: 1,
        delivery_mode: "carrier",
        extra_options: { rdv: true },
        discount_info: { type: 2, code: "PRO15-C100001", amount: "15.00", min_amount: "200.00" },
        note: "Livrer avant 10 h, quai n° 2.",
        freight: { freight_ht: "49.00", rdv_amount: "18.00", zip_code: "69003" }, // messagerie zone 2 minimum
      });
      expect(data.delivery_addr_obj).toMatchObject({ zip_code: "69003", city: "Lyon" });
      // a field left out keeps its value; "" removes the coupon
      const again = (await params({ code: "" })).json().data;
      expect(again).toMatchObject({ delivery_mode: "carrier", note: "Livrer avant 10 h, quai n° 2.", discount_info: null });
    });

    it("pickup needs one of the two shops, clears the appointment and is free", async () => {
      await fill(1, [[heavy, 3]]);
      expect((await params({ pickup_method: 2 })).json()).toMatchObject({ code: 400, info: "Veuillez choisir un magasin" });
      expect((await params({ pickup_method: 2, shop_id: 99 })).json()).toMatchObject({
        code: 400,
        info: expect.stringMatching(/deux magasins/),
      });
      const res = await params({ pickup_method: 2, shop_id: 2, extra_options: { rdv: true } });
      expect(res.json().data).toMatchObject({
        pickup_method: 2,
        delivery_mode: "pickup",
        shop_id: 2,
        extra_options: { rdv: false },
        freight: null,
      });
      expect((await params({ pickup_method: 1, delivery_mode: "pickup" })).json().code).toBe(400);
      // back to delivery: the saved mode is not pickup any more
      const back = (await params({ delivery_addr_id: 1, delivery_mode: "pallet" })).json().data;
      expect(back).toMatchObject({
        pickup_method: 1,
        delivery_mode: "pallet",
        freight: { freight_ht: expect.any(String), zip_code: "75011" },
      });
    });

    it("refuses an impossible mode or appointment for the cart and address", async () => {
      await fill(1, [[heavy, 1]]);
      expect((await params({ delivery_addr_id: 1, delivery_mode: "parcel" })).json()).toMatchObject({
        code: 400,
        info: expect.stringMatching(/colis GLS/),
      });
      expect((await params({ delivery_addr_id: 1, delivery_mode: "pallet", extra_options: { rdv: true } })).json().code).toBe(200);
      await fill(1, [[gls, 1]]);
      expect((await params({ delivery_addr_id: 1, delivery_mode: "parcel", extra_options: { rdv: true } })).json()).toMatchObject({
        code: 400,
        info: expect.stringMatching(/rendez-vous n'est proposée que/),
      });
      const [corsica] = await query<{ id: number }>(
        db(),
        sql`insert into addresses (customer_id, kind, first_name, last_name, line1, zip_code, city)
        values (1, 'delivery', 'Jean', 'Dupont', '5 cours Napoléon', '20090', 'Ajaccio') returning id`,
      );
      expect((await params({ delivery_addr_id: corsica.id, delivery_mode: "carrier", extra_options: { rdv: true } })).json()).toMatchObject(
        { code: 400, info: expect.stringMatching(/rendez-vous n'est pas proposée pour ce code postal/) },
      );
      expect((await params({ delivery_addr_id: corsica.id, delivery_mode: "pallet" })).json().code).toBe(400);
      expect(
        (await params({ delivery_addr_id: corsica.id, delivery_mode: "carrier", extra_options: { rdv: false } })).json().data.freight
          .freight_ht,
      ).toBe("95.00");
      await query(db(), sql`delete from carts where customer_id = 1`);
      await query(db(), sql`delete from addresses where id = ${corsica.id}`);
    });

    it("keeps saving other choices when the cart no longer allows the saved mode", async () => {
      await fill(1, [[gls, 1]]);
      expect((await params({ delivery_addr_id: 1, delivery_mode: "parcel" })).json().data.freight).not.toBeNull();
      await query(db(), sql`insert into cart_lines (cart_id, model_id, num) select id, ${heavy.id}, 1 from carts where customer_id = 1`);
      const res = await params({ note: "Sonner deux fois" });
      expect(res.json().data).toMatchObject({ note: "Sonner deux fois", delivery_mode: "parcel", freight: null });
      expect((await params({ delivery_mode: "parcel" })).json().code).toBe(400);
    });

    it("refuses another customer's addresses and coupons, and bad input, changing nothing", async () => {
      await fill(1, [[gls, 1]]);
      await params({ delivery_addr_id: 1, invoice_addr_id: 3, delivery_mode: "parcel", note: "garder" });
      const before = await cartOf(1);
      for (const infos of [
        { delivery_addr_id: 4 },
        { invoice_addr_id: 4 },
        { delivery_addr_id: 3 }, // the caller's invoice address, as a delivery address
        { invoice_addr_id: 1 }, // the caller's delivery address, as an invoice address
        { code: "TRAITEUR-C100002" },
        { code: "NOPE" },
        { code: "RENTREE-C100001" },
        { code: "ETE2026-C100001" },
        { note: "x".repeat(501) },
        { delivery_addr_id: -1 },
        { delivery_addr_id: 1.5 },
        { delivery_mode: "drone" },
        { pickup_method: 3 },
        { shop_id: "1" },
        { extra_options: { rdv: "oui" } },
      ]) {
        const res = await params(infos);
        expect(res.json().code, JSON.stringify(infos)).toBe(400);
      }
      expect((await params({ delivery_addr_id: 3 })).json().info).toBe(
        "Veuillez choisir une adresse de livraison et une adresse de facturation.",
      );
      expect((await params({ code: "TRAITEUR-C100002" })).json().info).toBe("Ce code promo est invalide.");
      expect((await params({ note: "x".repeat(501) })).json().info).toBe("La note de commande ne doit pas dépasser 500 caractères.");
      expect((await post(t.app, "/site/Sale/cartParams", {}, { token: demo })).json().code).toBe(400);
      expect(await cartOf(1)).toEqual(before);
    });
  });

  describe("preOrderInfo", () => {
    it("gives addresses, shops with hours, saved choices, thresholds, receiving times and the modes with reasons", async () => {
      await fill(1, [[heavy, 1]]);
      await params({ delivery_addr_id: 1, invoice_addr_id: 3, delivery_mode: "pallet" });
      const res = await get(t.app, "/site/Index/preOrderInfo", {}, { token: demo });
      const d = res.json().data;
      expect(d.addresses.map((a: { zip_code: string }) => a.zip_code)).toEqual(expect.arrayContaining(["75011", "69003"]));
      expect(d.invoice_addresses.map((a: { id: number }) => a.id)).toEqual([3]);
      expect(d.addresses.some((a: { id: number }) => a.id === 4)).toBe(false);
      expect(d.shops).toHaveLength(2);
      expect(d.shops[0].hours[0]).toEqual({ open: "08:30", close: "18:30" });
      expect(d).toMatchObject({
        minBuyPrice: 50,
        freeDeliverPrice: 300,
        freeDeliveryAmount: [300, 600, 900],
        has_lines: true,
        cart_params: { delivery_mode: "pallet", delivery_addr_id: 1 },
      });
      expect(d.receipt_arrangement.days).toHaveLength(7);
      const modes = Object.fromEntries(d.delivery_modes.map((m: { mode: string }) => [m.mode, m]));
      expect(modes.parcel).toMatchObject({ available: false, reason_key: "checkout.parcel_non_gls", reason: expect.stringMatching(/GLS/) });
      expect(modes.pallet).toMatchObject({ available: true, label: "Palette", rdv: { available: true, amount: "18.00" } });
      expect(modes.pickup).toMatchObject({ available: true, freight: { freight_ht: "0.00" }, rdv: { available: false } });
      const zh = (await get(t.app, "/site/Index/preOrderInfo", {}, { token: demo, lang: "zh" })).json().data;
      expect(zh.delivery_modes[0].label).toBe("包裹（GLS）");
    });

    it("answers for a customer who never had a cart", async () => {
      const d = (await get(t.app, "/site/Index/preOrderInfo", {}, { token: martin })).json().data;
      expect(d).toMatchObject({ has_lines: false, cart_params: { id: 0, pickup_method: 1 }, receipt_arrangement: { days: [] } });
      expect(d.addresses.map((a: { id: number }) => a.id)).toEqual([4]);
    });
  });

  describe("free delivery by pallet count", () => {
    it("sends the list of thresholds indexed by pallet count with every quote", async () => {
      await fill(1, [[heavy, 1]]);
      const f = (await expense({ delivery_addr_id: "1", delivery_mode: "pallet" })).json().data.freight;
      expect(f.freeDeliveryAmount).toEqual([300, 600, 900]);
      await query(db(), sql`update site_config set value = '450' where key = 'freeDeliveryAmount'`);
      for (let i = 0; i < 40; i++) {
        const g = (await expense({ delivery_addr_id: "1", delivery_mode: "pallet" })).json().data.freight;
        if (g.freeDeliveryAmount === 450) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await expense({ delivery_addr_id: "1", delivery_mode: "pallet" })).json().data.freight.freeDeliveryAmount).toBe(450);
      await query(db(), sql`update site_config set value = '[300, 600, 900]' where key = 'freeDeliveryAmount'`);
    });
  });

  describe("coupons", () => {
    // A model without promotion, and a quantity of it worth 250 € HT: above PRO15's minimum (200).
    async function cartWorth(customer: number, ht: number) {
      const [m] = await query<Model & { price: string }>(
        db(),
        sql`select id, poids, volume, price::text as price from models m where not not_for_sale and price between 1 and 50
            and not exists (select 1 from promotions pr where pr.model_id = m.id) order by id limit 1`,
      );
      await fill(customer, [[m, Math.ceil(ht / Number(m.price))]]);
    }

    it("refuses a code whose minimum the cart's goods do not reach, saying the minimum", async () => {
      await fill(1, [[gls, 1]]);
      const below = await get(t.app, "/site/Sale/promoCodeVerification", { code: "PRO15-C100001" }, { token: demo });
      expect(below.json()).toEqual({ code: 400, data: null, info: "Ce code promo s'applique à partir de 200,00 € HT d'achat." });
      const zh = await get(t.app, "/site/Sale/promoCodeVerification", { code: "PRO15-C100001" }, { token: demo, lang: "zh" });
      expect(zh.json().info).toBe("该优惠码需购满 200.00 欧元（不含税）方可使用。");
      await query(db(), sql`delete from carts where customer_id = 1`); // no cart at all: goods 0
      expect((await get(t.app, "/site/Sale/promoCodeVerification", { code: "PRO15-C100001" }, { token: demo })).json().code).toBe(400);
      // A minimum of 0 (ETE2026 is expired, so its own refusal comes first) and a reached minimum pass.
      await cartWorth(1, 250);
      expect((await get(t.app, "/site/Sale/promoCodeVerification", { code: "PRO15-C100001" }, { token: demo })).json().code).toBe(200);
    });

    it("verifies the caller's codes without revealing other customers' ones", async () => {
      await cartWorth(1, 250);
      await cartWorth(2, 250);
      const okRes = await get(t.app, "/site/Sale/promoCodeVerification", { code: " pro15-c100001 " }, { token: demo });
      expect(okRes.json()).toMatchObject({
        code: 200,
        info: "Code promo appliqué.",
        data: { code: "PRO15-C100001", type: 2, amount: "15.00", value: null, min_amount: "200.00", valid: true },
      });
      const foreign = await get(t.app, "/site/Sale/promoCodeVerification", { code: "TRAITEUR-C100002" }, { token: demo });
      const unknown = await get(t.app, "/site/Sale/promoCodeVerification", { code: "TRAITEUR-C100003" }, { token: demo });
      expect(foreign.json()).toEqual(unknown.json());
      expect(foreign.json()).toMatchObject({ code: 400, data: null, info: "Ce code promo est invalide." });
      expect((await get(t.app, "/site/Sale/promoCodeVerification", { code: "TRAITEUR-C100002" }, { token: martin })).json().code).toBe(200);
      expect((await get(t.app, "/site/Sale/promoCodeVerification", { code: "RENTREE-C100001" }, { token: demo })).json().info).toBe(
        "Ce code promo a déjà été utilisé.",
      );
      expect((await get(t.app, "/site/Sale/promoCodeVerification", { code: "ETE2026-C100001" }, { token: demo })).json().info).toBe(
        "Ce code promo n'est plus valable.",
      );
      expect((await get(t.app, "/site/Sale/promoCodeVerification", {}, { token: demo })).json()).toMatchObject({
        code: 400,
        info: "Veuillez saisir un code promo.",
      });
      expect((await get(t.app, "/site/Sale/promoCodeVerification", { code: "x".repeat(41) }, { token: demo })).json().code).toBe(400);
    });

    it("lists only the caller's coupons, usable first, with their state", async () => {
      const data = (await get(t.app, "/site/Customer/couponList", {}, { token: demo })).json().data;
      const list = data.list as { code: string; valid: boolean; used: boolean }[];
      expect(data).toMatchObject({ total: 5, page: 1, page_size: 5 });
      expect(list.map((c) => c.code).sort()).toEqual([
        "BIENVENUE-C100001",
        "ETE2026-C100001",
        "FIDELITE-C100001",
        "PRO15-C100001",
        "RENTREE-C100001",
      ]);
      expect(list.find((c) => c.code === "RENTREE-C100001")).toMatchObject({ used: true, valid: false });
      expect(list.find((c) => c.code === "PRO15-C100001")).toMatchObject({ used: false, valid: true });
      const firstInvalid = list.findIndex((c) => !c.valid);
      expect(list.slice(firstInvalid).every((c) => !c.valid)).toBe(true);
      const theirs = (await get(t.app, "/site/Customer/couponList", {}, { token: martin })).json().data.list;
      expect(theirs.map((c: { code: string }) => c.code)).toEqual(["TRAITEUR-C100002"]);
    });
  });

  describe("receiving times", () => {
    it("reads and replaces the caller's receiving slots per weekday", async () => {
      const before = (await get(t.app, "/site/Customer/getReceiptArrangement", {}, { token: demo })).json().data;
      expect(before.days).toHaveLength(7);
      const days = [
        { weekday: 3, morning: false, afternoon: true },
        { weekday: 1, morning: true, afternoon: false },
      ];
      const res = await post(t.app, "/site/Customer/setReceiptArrangement", { days, note: "Quai 2" }, { token: demo });
      expect(res.json()).toMatchObject({
        code: 200,
        info: "Vos horaires de réception sont enregistrés.",
        data: { days: [days[1], days[0]], note: "Quai 2" },
      });
      expect((await get(t.app, "/site/Customer/getReceiptArrangement", {}, { token: demo })).json().data.days).toEqual([days[1], days[0]]);
      // Martin's are his own
      expect((await get(t.app, "/site/Customer/getReceiptArrangement", {}, { token: martin })).json().data.days).toEqual([]);
    });

    it("refuses empty, duplicated or malformed slots", async () => {
      for (const days of [
        [],
        [{ weekday: 1, morning: false, afternoon: false }],
        [
          { weekday: 1, morning: true, afternoon: false },
          { weekday: 1, morning: false, afternoon: true },
        ],
        [{ weekday: 8, morning: true, afternoon: true }],
        [{ weekday: 1.5, morning: true, afternoon: true }],
        "lundi",
      ]) {
        const res = await post(t.app, "/site/Customer/setReceiptArrangement", { days }, { token: martin });
        expect(res.json().code, JSON.stringify(days)).toBe(400);
      }
      expect((await post(t.app, "/site/Customer/setReceiptArrangement", { days: [] }, { token: martin })).json().info).toBe(
        "Veuillez choisir au moins un jour et un créneau de réception",
      );
      expect((await get(t.app, "/site/Customer/getReceiptArrangement", {}, { token: martin })).json().data.days).toEqual([]);
    });
  });
});
