// Site configuration (SPEC §3 "Site config") and the shops shown in the footer.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import {
  contentPages,
  contentPageTranslations,
  shops as shopTable,
  shopTranslations,
  siteConfig as configTable,
} from "#server/db/schema/index.ts";
import type { ReadCache } from "#server/read-cache.ts";
import type { Lang } from "#core/i18n/messages.ts";
import type { FooterPage, Shop, SiteConfig } from "#core/site.ts";
import { CARD_REFUND_LIMIT_SETTING } from "#core/aftersales/return-desk.ts";
import { PRIVATE_SETTINGS, readSettings, SETTING_KEYS, type Maintenance, type SiteSettings } from "#core/validation/settings.ts";

export function createConfigService(db: Db, cache: ReadCache) {
  const stored = () => cache.memo("config", loadConfig);
  /** The public config (GET /site/Index/config): every stored key but the private ones, each setting validated
   * by its schema (core/validation/settings.ts): one of another shape is left out. */
  const siteConfig = async (): Promise<SiteConfig> => publicOf(await stored());
  /** The settings, typed and validated: what the cart, checkout and workers read. */
  const settings = async (): Promise<SiteSettings> => readSettings(await stored());
  /** Maintenance mode as stored (off when absent or malformed). */
  const maintenance = async (): Promise<Maintenance | null> => {
    const m = (await settings()).maintenance;
    return m?.on ? m : null;
  };
  const shops = (lang: Lang) => cache.memo(`shops:${lang}`, () => loadShops(lang));
  const footerPages = (lang: Lang) => cache.memo(`pages:${lang}`, () => loadPages(lang));

  async function loadConfig(): Promise<SiteConfig> {
    // the value as the driver parsed it: the jsonb column's decoder would parse a JSON string ("300") once more
    // customer service's card-refund limit is the back office's alone (decision 141): not in the public config
    const rows = await db
      .select({ key: configTable.key, value: sql<unknown>`${configTable.value}` })
      .from(configTable)
      .where(ne(configTable.key, CARD_REFUND_LIMIT_SETTING));
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  async function loadShops(lang: Lang): Promise<Shop[]> {
    const s = alias(shopTable, "s");
    const f = alias(shopTranslations, "f");
    const t = alias(shopTranslations, "t");
    return db
      .select({
        id: s.id,
        code: s.code,
        name: sql<string>`coalesce(${t.name}, ${f.name})`,
        address: sql<string>`coalesce(${t.address}, ${f.address})`,
        phone: s.phone,
        email: s.email,
        lat: s.lat,
        lng: s.lng,
        hours: s.hours,
      })
      .from(s)
      .innerJoin(f, and(eq(f.shopId, s.id), eq(f.lang, "fr")))
      .leftJoin(t, and(eq(t.shopId, s.id), eq(t.lang, lang)))
      .orderBy(asc(s.position), asc(s.id));
  }

  async function loadPages(lang: Lang): Promise<FooterPage[]> {
    const p = alias(contentPages, "p");
    const f = alias(contentPageTranslations, "f");
    const t = alias(contentPageTranslations, "t");
    return db
      .select({ id: p.id, slug: p.slug, title: sql<string>`coalesce(${t.title}, ${f.title})` })
      .from(p)
      .innerJoin(f, and(eq(f.pageId, p.id), eq(f.lang, "fr")))
      .leftJoin(t, and(eq(t.pageId, p.id), eq(t.lang, lang)))
      .where(eq(p.inFooter, true))
      .orderBy(asc(p.position), asc(p.id));
  }

  return { siteConfig, settings, maintenance, shops, footerPages };
}

const publicConfigs = new WeakMap<SiteConfig, SiteConfig>();
function publicOf(all: SiteConfig): SiteConfig {
  let out = publicConfigs.get(all);
  if (!out) {
    const settings = readSettings(all) as Record<string, unknown>;
    const entries = Object.entries(all).filter(([k]) => !PRIVATE_SETTINGS.includes(k) && !(SETTING_KEYS as readonly string[]).includes(k));
    out = Object.fromEntries([...entries, ...Object.entries(settings).filter(([k]) => !PRIVATE_SETTINGS.includes(k))]);
    publicConfigs.set(all, out);
  }
  return out;
}

export type ConfigService = ReturnType<typeof createConfigService>;
