import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { openDatabase, type Database } from "#server/db/client.ts";
import { verifyPassword } from "#server/modules/accounts/password.server.ts";
import { nextNumber } from "#server/modules/numbering/numbering.service.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { seedDemo } from "./index.ts";
import { buildCatalogue } from "./products.ts";

async function rows<T>(d: Database, q: SQL): Promise<T[]> {
  return ((await d.db.execute(q)) as unknown as { rows: T[] }).rows;
}
const count = async (d: Database, table: string) => (await rows<{ n: number }>(d, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

describe.each(testDbKinds())("demo seed (small, %s)", (kind) => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    [a, b] = await Promise.all([openTestDatabase(kind), openTestDatabase(kind)]);
    expect(await seedDemo(a.db, { size: "small" })).toEqual({ seeded: true });
    expect(await seedDemo(b.db, { size: "small" })).toEqual({ seeded: true });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("builds a three-level tree under ACCUEIL with Métiers as category 3", async () => {
    const cats = await rows<{ id: number; parent_id: number | null; level: number; name: string; zh: string }>(
      a,
      sql`
      select c.id, c.parent_id, c.level, f.name, z.name as zh from categories c
      join category_translations f on f.category_id = c.id and f.lang = 'fr'
      join category_translations z on z.category_id = c.id and z.lang = 'zh' order by c.id`,
    );
    expect(cats[0]).toMatchObject({ id: 1, parent_id: null, level: 0, name: "ACCUEIL" });
    expect(cats.find((c) => c.id === 3)).toMatchObject({ level: 1, parent_id: 1, name: "Métiers" });
    const byId = new Map(cats.map((c) => [c.id, c]));
    for (const c of cats.slice(1)) expect(byId.get(c.parent_id!)!.level).toBe(c.level - 1);
    expect(new Set(cats.map((c) => c.level))).toEqual(new Set([0, 1, 2, 3]));
    const level1 = cats.filter((c) => c.level === 1);
    expect(level1.length).toBeGreaterThanOrEqual(8);
    expect(cats.filter((c) => c.parent_id === 3).map((c) => c.name)).toEqual(
      expect.arrayContaining(["Boulangerie-Pâtisserie", "Restauration rapide", "Fleuriste", "E-commerce"]),
    );
    for (const c of cats.slice(1)) expect(c.zh).toMatch(/\p{Script=Han}/u);
    // every leaf holds products, including the trades under Métiers
    const empty = await rows(
      a,
      sql`select c.id from categories c where not exists (select 1 from categories k where k.parent_id = c.id)
      and not exists (select 1 from products p where p.category_id = c.id)`,
    );
    expect(empty).toEqual([]);
    const [{ max }] = await rows<{ max: number }>(a, sql`select max(id)::int as max from categories`);
    const [{ next }] = await rows<{ next: number }>(a, sql`select nextval(pg_get_serial_sequence('categories', 'id'))::int as next`);
    expect(next).toBe(max + 1);
  });

  it("loads about 300 models with translations, promotions and highlight flags", async () => {
    const models = await count(a, "models");
    expect(models).toBeGreaterThan(250);
    expect(models).toBeLessThan(400);
    expect(await count(a, "model_translations")).toBe(models * 2);
    expect(await count(a, "product_translations")).toBe((await count(a, "products")) * 2);
    expect(await count(a, "promotions")).toBeGreaterThanOrEqual(12);
    const [flags] = await rows<{ n: number; b: number; d: number }>(
      a,
      sql`select count(*) filter (where is_new)::int as n,
      count(*) filter (where best_selling)::int as b, count(*) filter (where price_drop)::int as d from products`,
    );
    expect(Math.min(flags.n, flags.b, flags.d)).toBeGreaterThanOrEqual(4);
    const bad = await rows(
      a,
      sql`select id from models where price <= 0 or site_price < price or tva <> 0.2 or volume <= 0 or poids <= 0 or purchasable_qty > stock`,
    );
    expect(bad).toEqual([]);
    // every model has its own place in the warehouse, a product's models on the levels of one rack
    const [places] = await rows<{ located: number; distinct: number; racks: number; products: number }>(
      a,
      sql`select count(location)::int as located, count(distinct location)::int as distinct,
                 count(distinct regexp_replace(location, '-[0-9]+$', ''))::int as racks, count(distinct product_id)::int as products
          from models`,
    );
    expect(places).toEqual({ located: models, distinct: models, racks: places.products, products: places.products });
  });

  it("is deterministic: a second fresh database gets the same references and prices", async () => {
    const q = sql`select reference, price::text, site_price::text, stock, location from models order by id`;
    expect(await rows(b, q)).toEqual(await rows(a, q));
    const p = sql`select p.reference, t.name from products p join product_translations t on t.product_id = p.id and t.lang = 'zh' order by p.id`;
    expect(await rows(b, p)).toEqual(await rows(a, p));
    expect(
      buildCatalogue("full")
        .models.map((m) => m.price)
        .slice(0, 50),
    ).toEqual(
      buildCatalogue("full")
        .models.map((m) => m.price)
        .slice(0, 50),
    );
  });

  it("does nothing when the catalogue is already there", async () => {
    const before = await count(a, "models");
    expect(await seedDemo(a.db, { size: "small" })).toEqual({ seeded: false });
    expect(await count(a, "models")).toBe(before);
    expect(await count(a, "customers")).toBe(2);
  });

  it("lists two shops open Monday to Saturday with the SPEC hours, closed on Sunday", async () => {
    const shops = await rows<{ hours: ({ open: string; close: string } | null)[]; name: string }>(
      a,
      sql`
      select s.hours, t.name from shops s join shop_translations t on t.shop_id = s.id and t.lang = 'fr' order by s.position`,
    );
    expect(shops).toHaveLength(2);
    expect(shops.map((s) => s.hours[0])).toEqual([
      { open: "08:30", close: "18:30" },
      { open: "09:00", close: "19:00" },
    ]);
    for (const s of shops) {
      expect(s.hours).toHaveLength(7);
      expect(s.hours.slice(0, 6).every((h) => h !== null)).toBe(true);
      expect(s.hours[6]).toBeNull();
    }
  });

  it("has the footer content pages and the site config", async () => {
    const pages = await rows<{ id: number; slug: string; title: string }>(
      a,
      sql`
      select p.id, p.slug, t.title from content_pages p join content_page_translations t on t.page_id = p.id and t.lang = 'fr' order by p.id`,
    );
    const byId = new Map(pages.map((p) => [p.id, p.slug]));
    expect([1, 2, 4, 5, 8].map((id) => byId.get(id))).toEqual([
      "livraison",
      "cgv",
      "devis-en-ligne",
      "notre-marque",
      "moyens-de-paiements",
    ]);
    expect(await count(a, "content_page_translations")).toBe(pages.length * 2);
    const config = Object.fromEntries(
      (await rows<{ key: string; value: unknown }>(a, sql`select key, value from site_config`)).map((r) => [r.key, r.value]),
    );
    for (const key of [
      "minBuyPrice",
      "freeDeliverPrice",
      "onePaletteVolume",
      "cartGoodsLimit",
      "paletteBlockZipcode",
      "parisProvinceZipcode",
      "optionRdvBlockZipcode",
      "colis_params",
      "ad_img",
      "freeDeliveryAmount",
      "phone",
      "social",
      "brand",
    ])
      expect(config).toHaveProperty(key);
    expect(config.colis_params).toEqual({ unit: "carton", volume: 0.05, rate: 0.08, colis_volume: 0.12 });
  });

  it("creates the demo customers with verifiable passwords and consistent orders", async () => {
    const customers = await rows<{ client_number: string; email: string; password_hash: string }>(
      a,
      sql`select client_number, email, password_hash from customers order by id`,
    );
    expect(customers.map((c) => c.client_number)).toEqual(["C100001", "C100002"]);
    expect(await verifyPassword("Demo1234!", customers[0].password_hash)).toBe(true);
    expect(await verifyPassword("Martin2026!", customers[1].password_hash)).toBe(true);
    expect(await verifyPassword("Demo1234!", customers[1].password_hash)).toBe(false);
    const orders = await rows<{
      id: number;
      customer_id: number;
      status: string;
      total_ht: string;
      total_tva: string;
      total_ttc: string;
      freight_ht: string;
      discount_amount: string;
      lines: string;
    }>(
      a,
      sql`
      select o.*, (select sum(line_ht)::text from order_lines l where l.order_id = o.id) as lines from orders o order by o.id`,
    );
    expect(orders.filter((o) => o.customer_id === 1).length).toBeGreaterThanOrEqual(4);
    expect(orders.filter((o) => o.customer_id === 2)).toHaveLength(1);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(["delivered", "processing", "planned", "cancelled", "unpaid"]));
    const c = (v: string) => Math.round(Number(v) * 100);
    for (const o of orders) {
      expect(c(o.total_ht)).toBe(c(o.lines) + c(o.freight_ht) - c(o.discount_amount));
      expect(c(o.total_tva)).toBe(Math.round(c(o.total_ht) * 0.2));
      expect(c(o.total_ttc)).toBe(c(o.total_ht) + c(o.total_tva));
    }
    expect(await count(a, "addresses")).toBe(5);
    expect(await count(a, "invoices")).toBeGreaterThanOrEqual(2);
    expect(await count(a, "credit_notes")).toBe(2);
    // the refunded return has its credit note (decision 085), spent in full on the next order
    const refunds = await rows<{ status: string; remaining: string; used: string; amount: string }>(
      a,
      sql`select r.status, c.remaining_ttc::text as remaining, c.amount_ttc::text as amount,
        (select sum(u.amount)::text from credit_note_uses u where u.credit_note_id = c.id) as used
        from return_requests r left join credit_notes c on c.return_id = r.id where r.status = 'refunded'`,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: "refunded", remaining: "0.00", used: refunds[0].amount });
    expect(await count(a, "coupons")).toBe(6);
    expect(await count(a, "quotations")).toBe(2);
    expect(await count(a, "wishlists")).toBeGreaterThanOrEqual(3);
  });

  it("starts each document sequence after the highest demo number, so new numbers never collide", async () => {
    const seqs = await rows<{ kind: string; year: number; last_value: number }>(a, sql`select * from number_sequences order by kind`);
    expect(seqs).toEqual([
      { kind: "credit_note", year: 2026, last_value: 7 },
      { kind: "invoice", year: 2026, last_value: 61 },
      { kind: "order", year: 2026, last_value: 177 }, // CE2026-000176/177: the after-sales demo (decision 082)
      { kind: "quotation", year: 2026, last_value: 12 },
    ]);
    const next = await b.db.transaction(async (tx) => {
      const out: string[] = [];
      for (const k of ["order", "invoice", "credit_note", "quotation"] as const) out.push(await nextNumber(tx, k, 2026));
      return out;
    });
    expect(next).toEqual(["CE2026-000178", "FA2026-000062", "AV2026-000008", "DV2026-000013"]);
    const taken = await rows<{ number: string }>(
      b,
      sql`select number from orders union all select number from invoices
      union all select number from credit_notes union all select number from quotations`,
    );
    for (const n of next) expect(taken.map((t) => t.number)).not.toContain(n);
  });
});

describe("demo seed (full)", () => {
  it("loads at least 8,000 models", async () => {
    const d = await openDatabase({ dataDir: "memory://" });
    try {
      expect(await seedDemo(d.db)).toEqual({ seeded: true });
      expect(await count(d, "models")).toBeGreaterThanOrEqual(8000);
      expect(await count(d, "products")).toBeGreaterThanOrEqual(1000);
    } finally {
      await d.close();
    }
  }, 120_000);
});
