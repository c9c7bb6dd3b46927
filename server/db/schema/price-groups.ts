// Customer groups and their price lists (decision 157): a customer belongs to at most one group
// (customers.price_group_id); a group's list holds net prices per model by quantity tier and percentages per category.
import { check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { categories, models } from "./catalogue.ts";

export const priceGroups = pgTable(
  "price_groups",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Bumped by every change of the group or its list: a stale form gets 409. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("price_groups_name_uq").on(sql`lower(${t.name})`),
    check("price_groups_name_ck", sql`char_length(${t.name}) between 1 and 80`),
  ],
);

/** A model's net price excl. tax for the group from `min_qty` units (1: the plain net price). */
export const priceGroupModels = pgTable(
  "price_group_models",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => priceGroups.id, { onDelete: "cascade" }),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    minQty: integer("min_qty").notNull().default(1),
    price: numeric("price", { precision: 12, scale: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.modelId, t.minQty] }),
    index("price_group_models_model_idx").on(t.modelId),
    check("price_group_models_ck", sql`${t.minQty} >= 1 and ${t.price} >= 0`),
  ],
);

/** A percentage off the catalogue price of the models of a category (and of its sub-categories without one). */
export const priceGroupCategories = pgTable(
  "price_group_categories",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => priceGroups.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    percent: numeric("percent", { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.categoryId] }),
    index("price_group_categories_category_idx").on(t.categoryId),
    check("price_group_categories_ck", sql`${t.percent} > 0 and ${t.percent} <= 100`),
  ],
);
