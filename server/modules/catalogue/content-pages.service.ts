// Information pages (SPEC §2 /content/{id}-{name}, /page/content?id=): GET /site/Index/getPagesInfo.
// The body is HTML written by staff in the back office, sanitised when saved (core/content/body-html.ts); a script
// stored by other means would still carry no nonce, so the page's policy refuses it (security-pages.test.ts).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReadCache } from "#server/read-cache.ts";
import type { Lang } from "#core/i18n/messages.ts";
import { notFound } from "#core/domain-errors.ts";
import type { ContentPageAnswer } from "#core/contracts/catalogue.ts";

export function createContentPagesService(db: Db, cache: ReadCache) {
  const all = (lang: Lang) => cache.memo(`content-pages:${lang}`, () => load(lang));

  async function load(lang: Lang): Promise<ContentPageAnswer[]> {
    return query<ContentPageAnswer>(
      db,
      sql`
      select p.id, p.slug, coalesce(t.title, f.title) as title, coalesce(t.body, f.body) as body
      from content_pages p
      join content_page_translations f on f.page_id = p.id and f.lang = 'fr'
      left join content_page_translations t on t.page_id = p.id and t.lang = ${lang}
      order by p.position, p.id`,
    );
  }

  async function page(lang: Lang, id: number): Promise<ContentPageAnswer> {
    const found = (await all(lang)).find((p) => p.id === id);
    if (!found) throw notFound("catalogue.api_page_not_found");
    return found;
  }

  return { all, page };
}
