// Catalogue: category tree, products, models (the purchasable references), promotions, price history.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { LANGS } from "#core/lang.ts";
import { oneOf } from "./checks.ts";
import { LOCATION_MAX, LOCATION_PATTERN } from "#core/preparation/picking.ts";

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    // restrict: removing a category that still has sub-categories must be a deliberate move of the subtree
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    level: integer("level").notNull(), // 0 = ACCUEIL root, 1..3 below it
    position: integer("position").notNull().default(0),
    img: text("img"),
    imgStatus: integer("img_status").notNull().default(0), // image shows when 1
    // a hidden category and everything below it leave the storefront's menu and lists
    visible: boolean("visible").notNull().default(true),
  },
  (t) => [
    index("categories_parent_idx").on(t.parentId, t.position),
    check("categories_level_ck", sql`${t.level} between 0 and 3`),
    check("categories_root_ck", sql`(${t.parentId} is null) = (${t.level} = 0)`),
    check("categories_img_status_ck", oneOf(t.imgStatus, [0, 1])),
  ],
);

export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    lang: varchar("lang", { length: 2 }).notNull(),
    name: text("name").notNull(),
    description: text("description"),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.lang] }), check("category_translations_lang_ck", oneOf(t.lang, LANGS))],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    reference: varchar("reference", { length: 40 }).notNull(),
    brand: text("brand"),
    material: text("material"),
    colour: text("colour"),
    img: text("img"),
    isNew: boolean("is_new").notNull().default(false),
    bestSelling: boolean("best_selling").notNull().default(false),
    priceDrop: boolean("price_drop").notNull().default(false),
    salesCount: integer("sales_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("products_reference_uq").on(t.reference),
    index("products_category_idx").on(t.categoryId, t.position),
    check("products_sales_count_ck", sql`${t.salesCount} >= 0`),
  ],
);

export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    lang: varchar("lang", { length: 2 }).notNull(),
    name: text("name").notNull(),
    description: text("description"),
  },
  (t) => [primaryKey({ columns: [t.productId, t.lang] }), check("product_translations_lang_ck", oneOf(t.lang, LANGS))],
);

export const related = pgTable(
  "related_products",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    relatedId: integer("related_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedId] })],
);

// A model is one purchasable reference of a product (a size, a colour, a pack).
export const models = pgTable(
  "models",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    reference: varchar("reference", { length: 40 }).notNull(),
    lengthMm: integer("length_mm"),
    widthMm: integer("width_mm"),
    heightMm: integer("height_mm"),
    capacity: text("capacity"), // e.g. "750 ml"
    unit: varchar("unit", { length: 20 }).notNull(), // colis unit is e.g. "carton"
    unitQty: integer("unit_qty").notNull().default(1), // pieces per selling unit
    price: numeric("price", { precision: 12, scale: 4 }).notNull(), // € HT per unit
    sitePrice: numeric("site_price", { precision: 12, scale: 4 }).notNull(),
    tva: numeric("tva", { precision: 5, scale: 4 }).notNull(), // fraction, 0.2000
    poids: numeric("poids", { precision: 12, scale: 3 }).notNull(), // kg per unit
    volume: numeric("volume", { precision: 14, scale: 6 }).notNull(), // m³ per unit
    stock: integer("stock").notNull().default(0),
    purchasableQty: integer("purchasable_qty").notNull().default(0),
    notForSale: boolean("not_for_sale").notNull().default(false),
    nonGls: boolean("non_gls").notNull().default(false),
    position: integer("position").notNull().default(0),
    // Where the warehouse stores it, aisle-rack-level ("A-12-3", core/preparation/picking.ts); picking lists walk it.
    location: varchar("location", { length: LOCATION_MAX }),
  },
  (t) => [
    uniqueIndex("models_reference_uq").on(t.reference),
    index("models_product_idx").on(t.productId, t.position),
    // Stock and the purchase ceiling change by guarded statements (DESIGN §4b); these refuse any write that
    // would still take them below zero.
    check("models_stock_ck", sql`${t.stock} >= 0`),
    check("models_purchasable_qty_ck", sql`${t.purchasableQty} >= 0`),
    check("models_price_ck", sql`${t.price} >= 0 and ${t.sitePrice} >= 0`),
    check("models_tva_ck", sql`${t.tva} >= 0 and ${t.tva} < 1`),
    check("models_measures_ck", sql`${t.poids} >= 0 and ${t.volume} >= 0`),
    check("models_unit_qty_ck", sql`${t.unitQty} >= 1`),
    check("models_dimensions_ck", sql`${t.lengthMm} >= 0 and ${t.widthMm} >= 0 and ${t.heightMm} >= 0`),
    check("models_location_ck", sql`${t.location} ~ ${sql.raw(`'${LOCATION_PATTERN.source}'`)}`),
  ],
);

export const modelTranslations = pgTable(
  "model_translations",
  {
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    lang: varchar("lang", { length: 2 }).notNull(),
    label: text("label").notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.lang] }), check("model_translations_lang_ck", oneOf(t.lang, LANGS))],
);

// type 1: model promotion (value off from min_qty), type 2: discount coupon scope.
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    type: integer("type").notNull().default(1),
    value: numeric("value", { precision: 5, scale: 4 }).notNull(), // fraction off
    minQty: integer("min_qty").notNull().default(1),
    thresholdPct: numeric("threshold_pct", { precision: 5, scale: 2 }),
    giftedUnits: integer("gifted_units"),
    mixedSeries: text("mixed_series"), // models of one series may be mixed to reach min_qty
    specialPrice: numeric("special_price", { precision: 12, scale: 4 }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
  },
  (t) => [
    index("promotions_model_idx").on(t.modelId),
    check("promotions_type_ck", oneOf(t.type, [1, 2])),
    check("promotions_value_ck", sql`${t.value} between 0 and 1`),
    check("promotions_min_qty_ck", sql`${t.minQty} >= 1`),
    check("promotions_threshold_pct_ck", sql`${t.thresholdPct} between 0 and 100`),
    check("promotions_gifted_units_ck", sql`${t.giftedUnits} >= 1`),
    check("promotions_special_price_ck", sql`${t.specialPrice} >= 0`),
    check("promotions_period_ck", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

export const priceHistory = pgTable(
  "price_history",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    price: numeric("price", { precision: 12, scale: 4 }).notNull(),
    sitePrice: numeric("site_price", { precision: 12, scale: 4 }).notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index("price_history_model_idx").on(t.modelId, t.changedAt),
    check("price_history_price_ck", sql`${t.price} >= 0 and ${t.sitePrice} >= 0`),
  ],
);
