// Deterministic demo catalogue loader (DESIGN §4): categories, products, models, promotions, shops,
// content pages, site config, two demo customers and the document number sequences, loaded in one transaction
// into an empty database.
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { executeRows } from "#server/db/driver.ts";
import * as s from "#server/db/schema/index.ts";
import { buildCatalogue, type Size } from "./products.ts";
import { buildPriceHistory, buildPromotions } from "./promotions.ts";
import { buildCustomers } from "./customers.ts";
import { SHOPS, SHOP_TRANSLATIONS } from "./shops.ts";
import { CONTENT_PAGES, CONTENT_PAGE_TRANSLATIONS } from "./pages.ts";
import { SITE_CONFIG } from "./config.ts";
import { insertAll, resetSequences, type Tx } from "./load.ts";
import { seedDemoStaff } from "./staff.ts";
import { invoiceContents } from "#server/modules/invoices/invoice-contents.ts";
import { seedDemoCapacities } from "./planning.ts";
import { sequenceRows } from "./sequences.ts";
import { FREIGHT_DEPARTMENTS, FREIGHT_PALLET_RATES, FREIGHT_PARCEL_RATES, FREIGHT_SETTINGS, FREIGHT_ZONES } from "./freight.ts";

const SERIAL_TABLES = [
  "categories",
  "products",
  "models",
  "promotions",
  "price_history",
  "shops",
  "content_pages",
  "customers",
  "addresses",
  "address_combinations",
  "orders",
  "order_lines",
  "invoices",
  "credit_notes",
  "credit_note_uses",
  "coupons",
  "quotations",
  "wishlists",
  "questions",
  "return_requests",
  "return_lines",
  "notifications",
];

async function hasCategories(db: Db | Tx): Promise<boolean> {
  const [row] = await executeRows<{ present: boolean }>(db, sql`select exists (select 1 from categories) as present`);
  return Boolean(row?.present);
}

/**
 * Loads the demo data when the categories table is empty; otherwise does nothing.
 * "full" (default): ~1,400 products and ≥ 8,000 models; "small": the same tree with one product per leaf (~300 models).
 */
/** `totpKey`: STAFF_TOTP_KEY, sealing the demo staff's second factors (the demo key when absent). */
export async function seedDemo(db: Db, opts: { size?: Size; now?: Date; totpKey?: Buffer } = {}): Promise<{ seeded: boolean }> {
  await seedDemoStaff(db, opts.totpKey); // also into a database seeded before the back office existed
  if (await hasCategories(db)) {
    await seedDemoCapacities(db); // also into a database seeded before planning existed
    return { seeded: false };
  }
  const size = opts.size ?? "full";
  const cat = buildCatalogue(size);
  const promotions = buildPromotions(cat, size);
  const history = buildPriceHistory(cat, size);
  // The after-sales demo dates two orders from the seed moment (decision 082); everything else is fixed.
  const people = await buildCustomers(cat, opts.now ?? new Date());

  return db.transaction(async (tx) => {
    // Two processes booting on one empty database: the second waits, then sees the rows and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(74100001)`);
    if (await hasCategories(tx)) return { seeded: false };

    await insertAll(
      tx,
      s.categories,
      cat.categories.map((c) => ({
        id: c.id,
        parentId: c.parentId,
        level: c.level,
        position: c.position,
        img: c.img,
        imgStatus: c.imgStatus,
      })),
    );
    await insertAll(
      tx,
      s.categoryTranslations,
      cat.categories.flatMap((c) => [
        { categoryId: c.id, lang: "fr", name: c.fr, description: c.desc?.[0] ?? null },
        { categoryId: c.id, lang: "zh", name: c.zh, description: c.desc?.[1] ?? null },
      ]),
    );
    await insertAll(tx, s.products, cat.products);
    await insertAll(tx, s.productTranslations, cat.productTr);
    await insertAll(tx, s.related, cat.related);
    await insertAll(tx, s.models, cat.models);
    await insertAll(tx, s.modelTranslations, cat.modelTr);
    await insertAll(tx, s.promotions, promotions);
    await insertAll(tx, s.priceHistory, history);

    await insertAll(tx, s.shops, SHOPS);
    await insertAll(tx, s.shopTranslations, SHOP_TRANSLATIONS);
    await insertAll(tx, s.contentPages, CONTENT_PAGES);
    await insertAll(tx, s.contentPageTranslations, CONTENT_PAGE_TRANSLATIONS);
    await insertAll(
      tx,
      s.siteConfig,
      Object.entries(SITE_CONFIG).map(([key, value]) => ({ key, value })),
    );
    await insertAll(tx, s.freightZones, FREIGHT_ZONES);
    await insertAll(tx, s.freightZoneDepartments, FREIGHT_DEPARTMENTS);
    await insertAll(tx, s.freightPalletRates, FREIGHT_PALLET_RATES);
    await insertAll(tx, s.freightParcelRates, FREIGHT_PARCEL_RATES);
    await insertAll(tx, s.freightSettings, FREIGHT_SETTINGS);
    await seedDemoCapacities(tx);

    await insertAll(tx, s.customers, people.customers);
    await insertAll(tx, s.addresses, people.addresses);
    await insertAll(tx, s.addressCombinations, people.combinations);
    await insertAll(tx, s.coupons, people.coupons);
    await insertAll(tx, s.orders, people.orders);
    await insertAll(tx, s.orderLines, people.lines);
    await insertAll(tx, s.quotations, people.quotations);
    await insertAll(tx, s.receiptArrangements, people.receipts);
    await insertAll(tx, s.wishlists, people.wishlists);
    await insertAll(tx, s.questions, people.questions);
    await insertAll(tx, s.returnRequests, people.returns);
    await insertAll(tx, s.returnLines, people.returnLines);
    await insertAll(tx, s.creditNotes, people.creditNotes); // after the returns they refund
    await insertAll(tx, s.creditNoteUses, people.creditNoteUses);
    // what each invoice says, as issuing writes it: from its order's lines, totals and the credit spent on it
    const invoices = [];
    for (const i of people.invoices) invoices.push({ ...i, contents: await invoiceContents(tx, i.orderId) });
    await insertAll(tx, s.invoices, invoices);
    await insertAll(tx, s.notifications, people.notifications);
    await insertAll(
      tx,
      s.numberSequences,
      sequenceRows([...people.orders, ...people.invoices, ...people.creditNotes, ...people.quotations].map((d) => d.number)),
    );

    await resetSequences(tx, SERIAL_TABLES);
    return { seeded: true };
  });
}
