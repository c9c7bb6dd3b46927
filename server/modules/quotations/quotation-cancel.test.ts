// POST /site/Customer/cancelQuotation (decision 085) on the demo data: DV2026-000012 (demo, open and valid),
// DV2026-000009 (demo, expired). Only the caller's usable quotations; another customer's is not found and
// stays as it is; expired, ordered and cancelled ones are refused with a translated message; two cancels race.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { customersAppPerSuite, post } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";

describe.each(testDbKinds())("cancelQuotation on %s", (kind) => {
  const t = customersAppPerSuite(kind);
  const db = () => t.database.db;
  const cancel = (id: string, token = t.demo, lang?: string) => post(t.app, "/site/Customer/cancelQuotation", { id }, { token, lang });
  const status = async (number: string) =>
    (await query<{ status: string }>(db(), sql`select status from quotations where number = ${number}`))[0].status;
  const copy = (number: string, status: string) =>
    query(
      db(),
      sql`insert into quotations (number, customer_id, status, valid_until, lines, total_ht, total_ttc)
      select ${number}, customer_id, ${status}, valid_until, lines, total_ht, total_ttc from quotations where number = 'DV2026-000012'`,
    );

  it("refuses a visitor, a malformed id, and another customer's quotation (not found, unchanged)", async () => {
    expect((await post(t.app, "/site/Customer/cancelQuotation", { id: "DV2026-000012" })).statusCode).toBe(401);
    const bad = await cancel("DV-12");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().info).toBe("Numéro de devis invalide.");
    const [{ id }] = await query<{ id: number }>(db(), sql`select id from quotations where number = 'DV2026-000012'`);
    for (const ref of [String(id), "DV2026-000012"]) {
      const other = await cancel(ref, t.martin);
      expect(other.statusCode).toBe(404);
      expect(JSON.stringify(other.json())).not.toContain("DV2026-000012");
    }
    expect((await cancel("DV2026-999999")).statusCode).toBe(404);
    expect(await status("DV2026-000012")).toBe("open");
  });

  it("refuses an expired or ordered quotation with a translated message naming it", async () => {
    const expired = await cancel("DV2026-000009");
    expect(expired.statusCode).toBe(400);
    expect(expired.json().info).toBe("Le devis DV2026-000009 a expiré : ses prix ne sont plus garantis.");
    expect((await cancel("DV2026-000009", t.demo, "zh")).json().info).toBe("报价单 DV2026-000009 已过期，其价格不再有效。");
    await copy("DV2026-000090", "ordered");
    expect((await cancel("DV2026-000090")).json().info).toBe("Le devis DV2026-000090 a déjà été commandé.");
    expect(await status("DV2026-000090")).toBe("ordered");
    expect(await status("DV2026-000009")).toBe("open");
  });

  it("cancels a quotation loaded into the cart: its lines fall back to catalogue prices, it cannot come back", async () => {
    const [m] = await query<{ id: number }>(db(), sql`select id from models where not not_for_sale and stock > 100 order by id limit 1`);
    expect((await post(t.app, "/site/Customer/addShoppingCart", { arr: [{ model_id: m.id, num: 2 }] }, { token: t.demo })).statusCode).toBe(
      200,
    );
    const created = await post(
      t.app,
      "/site/Customer/createQuotation",
      { idempotency_key: "cancel-quotation-0123456789" },
      { token: t.demo },
    );
    const number = created.json().data.number as string;
    const loaded = await post(t.app, "/site/Customer/quotationToCart", { id: number }, { token: t.demo });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().data.cart_list.every((l: { quoted: boolean }) => l.quoted)).toBe(true);
    expect(await status(number)).toBe("accepted");
    const res = await cancel(number.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().info).toBe(`Le devis ${number} est annulé.`);
    expect(res.json().data).toMatchObject({ number, state: "cancelled", state_text: "Annulé", usable: false });
    expect(await status(number)).toBe("cancelled");
    const cart = (await post(t.app, "/site/Index/getShoppingCart", {}, { token: t.demo })).json().data;
    expect(cart.cart_list).toHaveLength(1);
    expect(cart.cart_list[0].quoted).toBe(false);
    const again = await cancel(number, t.demo, "zh");
    expect(again.statusCode).toBe(400);
    expect(again.json().info).toBe(`报价单 ${number} 已被取消。`);
    expect((await post(t.app, "/site/Customer/quotationToCart", { id: number }, { token: t.demo })).json().info).toBe(
      `Le devis ${number} a été annulé.`,
    );
    // the demo's open quotation is cancelled from open too
    expect((await cancel("DV2026-000012")).statusCode).toBe(200);
  });

  it("two concurrent cancels: one succeeds, the other is refused", async () => {
    await copy("DV2026-000091", "open");
    const answers = (await Promise.all([cancel("DV2026-000091"), cancel("DV2026-000091")])).map((r) => r.json().code).sort();
    expect(answers).toEqual([200, 400]);
    expect(await status("DV2026-000091")).toBe("cancelled");
  });
});
