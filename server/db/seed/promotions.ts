// Model promotions (type 1) on about 6 % of the models, and the price history of the price-drop products.
import type * as s from "#server/db/schema/index.ts";
import type { Catalogue } from "./products.ts";
import { createRng, day, fixed, priceUnits, units4 } from "./prng.ts";

type PromotionRow = typeof s.promotions.$inferInsert & { id: number };
type PriceHistoryRow = typeof s.priceHistory.$inferInsert & { id: number };

const START = day("2026-11-01");
const END = day("2027-06-30");

export function buildPromotions(cat: Catalogue, size: string): PromotionRow[] {
  const rng = createRng(`promotions:${size}`);
  const target = Math.max(12, Math.round(cat.models.length * 0.06));
  const sellable = cat.models.filter((m) => !m.notForSale && m.stock > 0);
  const promos: PromotionRow[] = [];
  const used = new Set<number>();
  const add = (modelId: number, p: Omit<PromotionRow, "id" | "modelId">) => {
    used.add(modelId);
    promos.push({ id: promos.length + 1, modelId, ...p });
  };
  // Mixed series: several models of one product reach min_qty together.
  const byProduct = new Map<number, typeof sellable>();
  for (const m of sellable) byProduct.set(m.productId, [...(byProduct.get(m.productId) ?? []), m]);
  const multi = [...byProduct.values()].filter((ms) => ms.length >= 2);
  for (const ms of rng.sample(multi, Math.max(3, Math.round(target / 25)))) {
    const series = `MIX-${ms[0].reference.split("-").slice(0, 3).join("-")}`;
    const value = fixed(rng.pick([0.05, 0.08, 0.1]), 4);
    const minQty = rng.pick([10, 20, 30]);
    for (const m of ms.slice(0, Math.min(3, ms.length))) {
      add(m.id, { type: 1, value, minQty, mixedSeries: series, startsAt: START, endsAt: END });
    }
  }
  for (const m of rng.shuffle(sellable)) {
    if (promos.length >= target) break;
    if (used.has(m.id)) continue;
    const kind = rng.next();
    add(m.id, {
      type: 1,
      value: fixed(rng.pick([0.05, 0.05, 0.08, 0.1, 0.1, 0.12, 0.15]), 4),
      minQty: rng.pick([1, 5, 10, 10, 20, 50]),
      thresholdPct: kind < 0.2 ? fixed(rng.pick([25, 50, 75]), 2) : null,
      giftedUnits: kind >= 0.2 && kind < 0.38 ? rng.pick([1, 1, 2]) : null,
      startsAt: START,
      endsAt: rng.chance(0.5) ? END : null,
    });
  }
  return promos;
}

/** For price-drop products: the older, higher price on 2026-09-01, then the current price on 2026-11-01. */
export function buildPriceHistory(cat: Catalogue, size: string): PriceHistoryRow[] {
  const rng = createRng(`price-history:${size}`);
  const dropped = new Set(cat.products.filter((p) => p.priceDrop).map((p) => p.id));
  const rows: PriceHistoryRow[] = [];
  for (const m of cat.models) {
    if (!dropped.has(m.productId)) continue;
    const current = Math.round(Number(m.price) * 10000);
    const old = Math.max(current + 5, priceUnits((current / 10000) * (1.08 + rng.next() * 0.17)));
    rows.push({ id: rows.length + 1, modelId: m.id, price: units4(old), sitePrice: units4(old), changedAt: day("2026-09-01") });
    rows.push({ id: rows.length + 1, modelId: m.id, price: m.price, sitePrice: m.sitePrice, changedAt: START });
  }
  return rows;
}
