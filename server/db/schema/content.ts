// Shops, content pages and site configuration.
import { check, integer, jsonb, pgTable, primaryKey, serial, text, varchar, boolean } from "drizzle-orm/pg-core";
import { LANGS } from "#core/lang.ts";
import { oneOf } from "./checks.ts";

export const shops = pgTable("shops", {
  id: serial("id").primaryKey(),
  code: varchar("code", { length: 20 }).notNull().unique(),
  phone: varchar("phone", { length: 20 }).notNull(),
  email: text("email"),
  lat: text("lat"),
  lng: text("lng"),
  // opening hours per weekday (1 = Monday .. 7), null when closed
  hours: jsonb("hours").$type<({ open: string; close: string } | null)[]>().notNull(),
  position: integer("position").notNull().default(0),
});

export const shopTranslations = pgTable(
  "shop_translations",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    lang: varchar("lang", { length: 2 }).notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.lang] }), check("shop_translations_lang_ck", oneOf(t.lang, LANGS))],
);

export const contentPages = pgTable("content_pages", {
  id: serial("id").primaryKey(),
  slug: varchar("slug", { length: 80 }).notNull(),
  inFooter: boolean("in_footer").notNull().default(true),
  position: integer("position").notNull().default(0),
});

export const contentPageTranslations = pgTable(
  "content_page_translations",
  {
    pageId: integer("page_id")
      .notNull()
      .references(() => contentPages.id, { onDelete: "cascade" }),
    lang: varchar("lang", { length: 2 }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(), // HTML written by staff, sanitised on save (core/content/body-html.ts)
  },
  (t) => [primaryKey({ columns: [t.pageId, t.lang] }), check("content_page_translations_lang_ck", oneOf(t.lang, LANGS))],
);

export const siteConfig = pgTable("site_config", {
  key: varchar("key", { length: 60 }).primaryKey(),
  value: jsonb("value").notNull(),
});
