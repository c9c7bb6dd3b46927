// POST /site/Customer/orderAddressValidate (decision 085) on the demo data: an order's address, an address,
// both; pallet- and appointment-blocked zips, overseas, no receiving times; another customer's ids; bad input.
// Demo customer 1: delivery addresses 1 (75011 Paris), 5 (69003 Lyon), invoice address 3; customer 2: address 4.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { customersAppPerSuite, post } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";

describe.each(testDbKinds())("orderAddressValidate on %s", (kind) => {
  const t = customersAppPerSuite(kind);
  let demoOrder: { id: number; delivery_mode: string };
  let martinOrder: number;
  let corsica: number; // a delivery address of customer 1 in 20090
  let reunion: number; // a delivery address of customer 1 in 97400
  const db = () => t.database.db;
  const check = (body: Record<string, unknown>, token = t.demo, lang?: string) =>
    post(t.app, "/site/Customer/orderAddressValidate", body, { token, lang });
  const address = async (customer: number, zip: string) =>
    (
      await query<{ id: number }>(
        db(),
        sql`insert into addresses (customer_id, kind, first_name, last_name, line1, zip_code, city, phone)
        values (${customer}, 'delivery', 'Test', 'Adresse', '1 rue du Port', ${zip}, 'Ville', '0612345678') returning id`,
      )
    )[0].id;

  beforeAll(async () => {
    [demoOrder] = await query<{ id: number; delivery_mode: string }>(
      db(),
      sql`select id, delivery_mode from orders where customer_id = 1 and delivery_mode <> 'pickup'
      and delivery_address->>'zip_code' like '75%' order by id limit 1`,
    );
    [{ id: martinOrder }] = await query<{ id: number }>(db(), sql`select id from orders where customer_id = 2 order by id limit 1`);
    corsica = await address(1, "20090");
    reunion = await address(1, "97400");
  });

  it("accepts the demo order's own address and mode, and an address alone", async () => {
    const res = await check({ order_id: demoOrder.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.info).toBe("Cette adresse peut être livrée.");
    expect(body.data).toMatchObject({ valid: true, delivery_mode: demoOrder.delivery_mode, problems: [] });
    expect(body.data.zip_code).toMatch(/^75/);
    expect((await check({ address_id: 5, delivery_mode: "pallet", rdv: true })).json().data).toMatchObject({
      valid: true,
      zip_code: "69003",
    });
  });

  it("answers each problem with its field and translated message, in fr and zh", async () => {
    const res = (await check({ address_id: corsica, delivery_mode: "pallet", rdv: true })).json();
    expect(res.code).toBe(200);
    expect(res.info).toBe("Cette adresse ne peut pas être livrée en l'état : corrigez les points signalés.");
    expect(res.data.valid).toBe(false);
    expect(res.data.problems).toEqual([
      {
        field: "delivery_mode",
        key: "checkout.pallet_blocked",
        message: "La livraison sur palette n'est pas possible pour ce code postal. Choisissez un autre mode de livraison.",
      },
      { field: "rdv", key: "checkout.rdv_blocked", message: "La livraison sur rendez-vous n'est pas proposée pour ce code postal." },
    ]);
    // The carrier goes to Corsica; overseas is outside the delivery area whatever the mode.
    expect((await check({ address_id: corsica, delivery_mode: "carrier" })).json().data.valid).toBe(true);
    const zh = (await check({ address_id: reunion }, t.demo, "zh")).json();
    expect(zh.data.problems).toEqual([
      { field: "zip_code", key: "checkout.zone_unknown", message: "我们仅配送至法国本土。请选择其他地址或到店自提。" },
    ]);
  });

  it("checks another address for an order with the order's mode", async () => {
    const [pallet] = await query<{ id: number }>(
      db(),
      sql`select id from orders where customer_id = 1 and delivery_mode = 'pallet' limit 1`,
    );
    const id = pallet?.id ?? demoOrder.id;
    const mode = pallet ? "pallet" : demoOrder.delivery_mode;
    const res = (await check({ order_id: id, address_id: corsica })).json().data;
    expect(res.delivery_mode).toBe(mode);
    expect(res.zip_code).toBe("20090");
    expect(res.valid).toBe(mode !== "pallet");
  });

  it("asks for receiving times when none are saved", async () => {
    const [martinAddress] = await query<{ id: number }>(
      db(),
      sql`select id from addresses where customer_id = 2 and kind = 'delivery' limit 1`,
    );
    await query(db(), sql`delete from receipt_arrangements where customer_id = 2`);
    const res = (await check({ address_id: martinAddress.id, delivery_mode: "carrier" }, t.martin)).json();
    expect(res.data.problems).toEqual([
      {
        field: "receiving_days",
        key: "validation.receiving_days_required",
        message: "Veuillez choisir au moins un jour et un créneau de réception",
      },
    ]);
  });

  it("finds nothing of another customer's: their order or address is not found, and answers no detail", async () => {
    const order = await check({ order_id: martinOrder });
    expect(order.statusCode).toBe(404);
    expect(order.json()).toMatchObject({ code: 404, info: "Cette commande est introuvable.", data: null });
    const unknown = await check({ order_id: 2_000_000_000 });
    expect(unknown.json()).toEqual(order.json());
    const addr = await check({ address_id: 4 });
    expect(addr.json().info).toBe("Cette adresse n'existe pas ou n'est plus disponible. Veuillez en choisir une autre.");
    expect(JSON.stringify(addr.json())).not.toMatch(/94300|Martin/);
    // Martin asking about the demo's order with his own address: still not found.
    expect((await check({ order_id: demoOrder.id, address_id: 4 }, t.martin)).statusCode).toBe(404);
  });

  it("refuses bad input with a translated message and a visitor before anything", async () => {
    for (const [body, info] of [
      [{}, "Cette adresse n'existe pas ou n'est plus disponible. Veuillez en choisir une autre."],
      [{ order_id: "abc" }, "Cette commande est introuvable."],
      [{ address_id: -1 }, "Cette adresse n'existe pas ou n'est plus disponible. Veuillez en choisir une autre."],
      [{ address_id: 1, delivery_mode: "drone" }, null],
      [{ address_id: 3 }, null], // an invoice address
    ] as const) {
      const res = await check(body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      if (info) expect(res.json().info).toBe(info);
      else expect(res.json().info).toEqual(expect.any(String));
    }
    const visitor = await post(t.app, "/site/Customer/orderAddressValidate", { address_id: 1 });
    expect(visitor.statusCode).toBe(401);
  });
});
