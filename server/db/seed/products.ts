// Builds the catalogue in memory (products, models, translations, related products) from the tree and ranges.
// Everything derives from seeded PRNGs keyed by category, so the same size always gives the same catalogue.
import type * as s from "#server/db/schema/index.ts";
import { flattenCategories, type CategoryRow, type Line } from "./categories.ts";
import { createRng, day, addDays, fixed, priceUnits, units4, type Rng } from "./prng.ts";
import type { ModDef, Option, Range } from "./range-kit.ts";
import { COLOUR_ZH, MATERIAL_ZH, range } from "./ranges.ts";

export type Size = "full" | "small";
export type ModelRef = { id: number; productId: number; reference: string; designation: string; unit: string; price: string; tva: string };

export type Catalogue = {
  categories: CategoryRow[];
  products: (typeof s.products.$inferInsert & { id: number })[];
  productTr: (typeof s.productTranslations.$inferInsert)[];
  related: (typeof s.related.$inferInsert)[];
  models: (typeof s.models.$inferInsert & {
    id: number;
    productId: number;
    price: string;
    sitePrice: string;
    stock: number;
    notForSale: boolean;
  })[];
  modelTr: (typeof s.modelTranslations.$inferInsert)[];
  modelsByLeaf: Map<string, ModelRef[]>;
};

const GAMME: ModDef[] = [
  ["", "", 1],
  ["gamme Pro", "专业系列", 1.12],
  ["gamme Éco", "经济系列", 0.9],
  ["gamme Premium", "高级系列", 1.25],
];
const BRANDS = ["Comptoir Pro", "Emballix", "Krafteo", "Sealflex"];
const TVA = "0.2000";
const MAX_PRICE = 120;

const lowerFirst = (t: string) => (/^[A-ZÉ][a-zéèê]/.test(t) ? t[0].toLowerCase() + t.slice(1) : t);

function combos(groups: ModDef[][]): ModDef[][] {
  return groups.reduce<ModDef[][]>((acc, g) => acc.flatMap((c) => g.map((m) => [...c, m])), [[]]);
}

function productName(line: Line, mods: ModDef[]): [string, string] {
  const fr = [line.fr, ...mods.map((m) => m[0]).filter(Boolean)].join(" ");
  const zh = [
    ...mods
      .map((m) => m[1])
      .filter(Boolean)
      .reverse(),
    line.zh,
  ].join("");
  return [fr, zh];
}

function description(r: Range, nameFr: string, nameZh: string, material: string, colour: string, count: number): [string, string] {
  const fr =
    `<p>${r.desc[0]}</p><p>${nameFr} en ${lowerFirst(material)}, coloris ${colour.toLowerCase()}. Disponible en ${count} références, ` +
    "vendues à prix de gros hors taxes.</p><p>Stock permanent dans nos magasins d'Aubervilliers et de Vitry-sur-Seine : " +
    "retrait sur place ou livraison en colis, sur palette ou par transporteur.</p>";
  const zh =
    `<p>${r.desc[1]}</p><p>${nameZh}，材质：${MATERIAL_ZH[material] ?? material}，颜色：${COLOUR_ZH[colour] ?? colour}。共 ${count} 个规格，` +
    "以批发价（不含税）销售。</p><p>欧贝维利耶和维特里门店常备库存：可到店自提，或以包裹、托盘、物流方式配送。</p>";
  return [fr, zh];
}

function stockOf(rng: Rng): number {
  if (rng.chance(0.04)) return 0;
  return Math.min(5000, 5 + Math.floor(rng.next() ** 2.2 * 5000));
}

function buildModel(rng: Rng, o: Option, factor: number, ref: string, id: number, productId: number, position: number) {
  const price = priceUnits(o.eur * factor);
  const sitePrice = rng.chance(0.3) ? priceUnits((price / 10000) * (1.03 + rng.next() * 0.09)) : price;
  const kg = Math.max(0.001, o.kg);
  const m3 = Math.max(0.000001, o.m3);
  const stock = stockOf(rng);
  const cap = rng.pick([500, 500, 500, 300, 200, 100, 50]);
  return {
    id,
    productId,
    reference: ref,
    lengthMm: o.l,
    widthMm: o.w,
    heightMm: o.h,
    capacity: o.capacity,
    unit: o.unit,
    unitQty: o.qty,
    price: units4(price),
    sitePrice: units4(Math.max(price, sitePrice)),
    tva: TVA,
    poids: fixed(kg, 3),
    volume: fixed(m3, 6),
    stock,
    purchasableQty: Math.min(stock, cap),
    notForSale: rng.chance(0.01),
    nonGls: o.unit === "palette" || m3 > 0.15 || kg > 30,
    position,
  };
}

export function buildCatalogue(size: Size): Catalogue {
  const categories = flattenCategories();
  const cat: Catalogue = { categories, products: [], productTr: [], related: [], models: [], modelTr: [], modelsByLeaf: new Map() };
  let productId = 0;
  let modelId = 0;
  for (const c of categories) {
    if (!c.line) continue;
    const line = c.line;
    const r = range(line.r);
    const rng = createRng(`products:${c.key}:${size}`);
    const target = size === "full" ? rng.int(11, 18) : 1;
    const groups = line.mods ?? r.mods;
    let all = combos(groups);
    if (all.length < target) all = combos([...groups, GAMME]);
    const chosen = rng.shuffle(all).slice(0, target);
    const leafProducts: number[] = [];
    const leafModels: ModelRef[] = [];
    chosen.forEach((mods, i) => {
      const id = ++productId;
      leafProducts.push(id);
      const reference = `${line.p}-${String(i + 1).padStart(4, "0")}`;
      const [nameFr, nameZh] = productName(line, mods);
      const colour = [...mods].reverse().find((m) => m[3])?.[3] ?? line.colour ?? rng.pick(r.colours);
      const material = line.material ?? rng.pick(r.materials);
      let factor = (line.f ?? 1) * mods.reduce((a, m) => a * m[2], 1) * (0.95 + rng.next() * 0.1);
      const k = size === "full" ? rng.int(5, 8) : 3;
      // Selling units stay under MAX_PRICE: expensive packs are left out, or the factor is capped.
      let eligible = r.options.filter((o) => o.eur * factor <= MAX_PRICE);
      if (eligible.length < k) eligible = [...r.options].sort((a, b) => a.eur - b.eur).slice(0, k);
      factor = Math.min(factor, MAX_PRICE / Math.max(...eligible.map((o) => o.eur)));
      const opts = rng.sample(eligible, k);
      const [descFr, descZh] = description(r, nameFr, nameZh, material, colour, opts.length);
      cat.products.push({
        id,
        categoryId: c.id,
        reference,
        brand: rng.chance(0.8) ? "Comptoir" : rng.pick(BRANDS),
        material,
        colour,
        img: `/images/products/${r.key}.svg`,
        salesCount: Math.floor(rng.next() ** 2 * 1200),
        position: i + 1,
        createdAt: addDays(day("2023-01-02"), rng.int(0, 1300)),
      });
      cat.productTr.push(
        { productId: id, lang: "fr", name: nameFr, description: descFr },
        { productId: id, lang: "zh", name: nameZh, description: descZh },
      );
      opts.forEach((o, j) => {
        const m = buildModel(rng, o, factor, `${reference}-${o.code}`, ++modelId, id, j + 1);
        cat.models.push(m);
        cat.modelTr.push({ modelId: m.id, lang: "fr", label: o.labelFr }, { modelId: m.id, lang: "zh", label: o.labelZh });
        leafModels.push({
          id: m.id,
          productId: id,
          reference: m.reference,
          designation: `${nameFr} – ${o.labelFr}`,
          unit: o.unit,
          price: m.price,
          tva: TVA,
        });
      });
    });
    for (const id of leafProducts) {
      if (leafProducts.length < 2 || !rng.chance(0.88)) continue;
      const others = leafProducts.filter((x) => x !== id);
      for (const rel of rng.sample(others, rng.int(3, 4))) cat.related.push({ productId: id, relatedId: rel });
    }
    cat.modelsByLeaf.set(c.key, leafModels);
  }
  assignFlags(cat, createRng(`flags:${size}`));
  assignLocations(cat);
  return cat;
}

/**
 * Storage locations as the catalogue runs, without drawing from the PRNGs (the catalogue stays the same): one aisle
 * per top-level category (A, B…), one rack per product in the aisle, its models on the rack's levels ("B-14-3").
 */
function assignLocations(cat: Catalogue) {
  const byId = new Map(cat.categories.map((c) => [c.id, c]));
  const top = (id: number): CategoryRow => {
    let c = byId.get(id)!;
    while (c.level > 1) c = byId.get(c.parentId!)!;
    return c;
  };
  const aisles = cat.categories.filter((c) => c.level === 1).sort((a, b) => a.position - b.position);
  const aisleOf = new Map(aisles.map((c, i) => [c.id, String.fromCharCode(65 + i)]));
  const racks = new Map<string, number>();
  const rackOf = new Map<number, string>();
  for (const p of cat.products) {
    const aisle = aisleOf.get(top(p.categoryId!).id)!;
    const rack = (racks.get(aisle) ?? 0) + 1;
    racks.set(aisle, rack);
    rackOf.set(p.id, `${aisle}-${rack}`);
  }
  for (const m of cat.models) m.location = `${rackOf.get(m.productId)}-${m.position}`;
}

/** Exact quotas (min 4 each) so that the highlight lists are never empty, even in the small catalogue. */
function assignFlags(cat: Catalogue, rng: Rng) {
  const n = cat.products.length;
  const quota = (pct: number) => Math.max(4, Math.round(n * pct));
  for (const p of rng.shuffle(cat.products).slice(0, quota(0.05))) {
    p.isNew = true;
    p.createdAt = addDays(day("2026-10-01"), rng.int(0, 31));
  }
  for (const p of rng.shuffle(cat.products).slice(0, quota(0.05))) {
    p.bestSelling = true;
    p.salesCount = rng.int(1500, 6000);
  }
  for (const p of rng.shuffle(cat.products).slice(0, quota(0.04))) p.priceDrop = true;
}
