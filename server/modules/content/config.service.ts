// Site configuration (SPEC §3 "Site config") and the shops shown in the footer.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReadCache } from "#server/read-cache.ts";
import type { Lang } from "#core/i18n/messages.ts";
import type { FooterPage, Shop, SiteConfig } from "#core/site.ts";

export type { FooterPage, Shop, SiteConfig };

export function createConfigService(db: Db, cache: ReadCache) {
  const siteConfig = () => cache.memo("config", loadConfig);
  const shops = (lang: Lang) => cache.memo(`shops:${lang}`, () => loadShops(lang));
  const footerPages = (lang: Lang) => cache.memo(`pages:${lang}`, () => loadPages(lang));

  async function loadConfig(): Promise<SiteConfig> {
    const rows = await query<{ key: string; value: unknown }>(db, sql`select key, value from site_config`);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  async function loadShops(lang: Lang): Promise<Shop[]> {
    const rows = await query<Shop>(
      db,
      sql`
      select s.id, s.code, coalesce(t.name, f.name) as name, coalesce(t.address, f.address) as address,
             s.phone, s.email, s.lat, s.lng, s.hours
      from shops s
      join shop_translations f on f.shop_id = s.id and f.lang = 'fr'
      left join shop_translations t on t.shop_id = s.id and t.lang = ${lang}
      order by s.position, s.id`,
    );
    return rows;
  }

  async function loadPages(lang: Lang): Promise<FooterPage[]> {
    const rows = await query<FooterPage>(
      db,
      sql`
      select p.id, p.slug, coalesce(t.title, f.title) as title
      from content_pages p
      join content_page_translations f on f.page_id = p.id and f.lang = 'fr'
      left join content_page_translations t on t.page_id = p.id and t.lang = ${lang}
      where p.in_footer order by p.position, p.id`,
    );
    return rows;
  }

  return { siteConfig, shops, footerPages };
}

export type ConfigService = ReturnType<typeof createConfigService>;
