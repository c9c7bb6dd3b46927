// The freight service over the seeded tariff (decision 071): quotes, refusals, a cold read model inside a
// transaction, and a tariff edit seen at once through the change notification.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { isDomainError } from "#core/domain-errors.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";

const totals = { totalPoids: "40.000", totalVolume: "0.900000", palette_num: 1, colis_qte: 2, colis_vol_num: 0, has_gls_model: false };

async function until(ok: () => Promise<boolean>) {
  for (let i = 0; i < 40; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in 2 s");
}

describe.each(testDbKinds())("freight service on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const freight = () => t.app.services.freight;

  it("quotes the seeded tariff for each mode", async () => {
    const { db } = t.app.services;
    expect(await freight().quote(db, { mode: "pallet", zip_code: "75011", rdv: true, totals })).toEqual({
      freight_ht: "69.00",
      freight_tva: "13.80",
      highway_toll_ht: "0.00",
      highway_toll_tva: "0.00",
      freeDeliveryAmount: [300, 600, 900],
      zip_code: "75011",
      rdv_amount: "18.00",
      general_tva: "0.2",
      discount_rate: "0.5",
      poids: "40.000",
      volume: "0.900000",
    });
    // Lyon: zone 2, two pallets 219 € + toll 2 × 14 €
    expect(
      await freight().quote(db, { mode: "pallet", zip_code: "69003", rdv: false, totals: { ...totals, palette_num: 2 } }),
    ).toMatchObject({ freight_ht: "219.00", highway_toll_ht: "28.00", highway_toll_tva: "5.60" });
    // 40 kg in 2 GLS parcels of 20 kg: 2 × 19.90
    expect((await freight().quote(db, { mode: "parcel", zip_code: "69003", rdv: false, totals })).freight_ht).toBe("39.80");
    // messagerie Paris: 40 kg real, 225 kg volumetric → 14.50 × 2.25 = 32.625 → 32.63
    expect((await freight().quote(db, { mode: "carrier", zip_code: "93200", rdv: false, totals })).freight_ht).toBe("32.63");
    expect((await freight().quote(db, { mode: "pickup", zip_code: null, rdv: false, totals })).freight_ht).toBe("0.00");
  });

  it("throws a refusal with the message key for an impossible mode", async () => {
    const { db } = t.app.services;
    const cases = [
      [{ mode: "parcel", zip_code: "75011", rdv: false, totals: { ...totals, has_gls_model: true } }, "checkout.parcel_non_gls"],
      [{ mode: "pallet", zip_code: "20000", rdv: false, totals }, "checkout.pallet_blocked"],
      [{ mode: "carrier", zip_code: "20000", rdv: true, totals }, "checkout.rdv_blocked"],
      [{ mode: "carrier", zip_code: null, rdv: false, totals }, "checkout.zip_required"],
    ] as const;
    for (const [input, key] of cases) {
      const e = await freight()
        .quote(db, input)
        .catch((x: unknown) => x);
      expect(isDomainError(e) && e.kind === "refused" && e.key, key).toBe(key);
    }
  });

  it("finds the cheapest shipped mode, or the reason none is possible", async () => {
    const { db } = t.app.services;
    // 75011: parcel 2 × 19.90 = 39.80, pallet 69.00, carrier 225 kg volumetric → 32.63
    expect(await freight().cheapest(db, "75011", false, totals)).toMatchObject({ mode: "carrier", freight: { freight_ht: "32.63" } });
    // Corsica: no pallet; parcels 2 × (19.90 + 9.50) = 58.80 beat the carrier's 103.50
    expect(await freight().cheapest(db, "20000", false, totals)).toMatchObject({ mode: "parcel", freight: { freight_ht: "58.80" } });
    const e = await freight()
      .cheapest(db, "97100", false, totals)
      .catch((x: unknown) => x);
    expect(isDomainError(e) && e.key).toBe("checkout.zone_unknown");
  });

  it("loads a cold tariff through the caller's transaction", async () => {
    t.app.services.cache.clear();
    const f = await withTransaction(t.app.services.db, (tx) =>
      freight().quote(tx, { mode: "pallet", zip_code: "13001", rdv: false, totals }),
    );
    expect(f).toMatchObject({ freight_ht: "149.00", highway_toll_ht: "19.00" });
  });

  it("sees a tariff change at once (notification)", async () => {
    const { db } = t.app.services;
    await freight().quote(db, { mode: "pallet", zip_code: "13001", rdv: false, totals });
    await query(t.database.db, sql`update freight_pallet_rates set price_ht = 155 where zone_code = 'z3' and pallets = 1`);
    await until(async () => (await freight().quote(db, { mode: "pallet", zip_code: "13001", rdv: false, totals })).freight_ht === "155.00");
    await query(t.database.db, sql`update site_config set value = '["13"]' where key = 'paletteBlockZipcode'`);
    await until(
      async () =>
        (await freight()
          .quote(db, { mode: "pallet", zip_code: "13001", rdv: false, totals })
          .catch(() => null)) === null,
    );
    await query(t.database.db, sql`update site_config set value = '["20", "97", "98"]' where key = 'paletteBlockZipcode'`);
  });
});
