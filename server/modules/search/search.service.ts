// Product search (decision 050): references first, then dimensions, French full text (accents, plural),
// Chinese substrings, and a trigram fallback for typos. The search tables are derived data refreshed by
// refresh_search_documents() (migrations 0003, 0007) after the catalogue changes they hold: row by row for
// edited products, wholly for other changes of indexed tables, never for stock (decision 061).
import { sql, type SQL } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { ReadCache } from "#server/read-cache.ts";
import type { Lang } from "#core/i18n/messages.ts";
import { toCard, type CardRow, type CatalogueService } from "#server/modules/catalogue/catalogue.service.ts";
import { productUrl } from "#core/slug.ts";
import type { SearchAnswer, SuggestionAnswer } from "#core/contracts/search.ts";
import { cardTag, type PageTags } from "#server/modules/catalogue/page-tags.ts";
import { likeEscape, parseQuery, tsQueryText, type ParsedQuery } from "./search-query.ts";

const SEARCH_PAGE_SIZE = 24;
const SUGGEST_LIMIT = 8;

/** How a product matched, best first. */
const TIER = { refExact: 0, refPrefix: 1, dims: 2, text: 3, substring: 4, fuzzy: 5 } as const;

type Hit = { product_id: number; tier: number; score: number; ref: string | null };
type Window = { limit: number; offset: number };
type Page = { total: number; hits: Hit[] };

/** The tables the search documents are built from (migration 0003). */
const INDEXED_TABLES = new Set(["categories", "category_translations", "products", "product_translations", "models"]);

/** What a change notification means for the index: some products' documents, all of them, or nothing. */
export function searchScope(reason: string | undefined): number[] | "all" | "none" {
  const edit = reason ? /^edit:(\d+(?:,\d+)*)$/.exec(reason) : null;
  if (edit) return edit[1].split(",").map(Number);
  return reason === undefined || reason === "*" || INDEXED_TABLES.has(reason) ? "all" : "none";
}

type SearchOptions = {
  /** Matches of recent texts kept in memory (dropped at every index refresh); 0 turns it off (benchmarks). */
  resultCacheSize?: number;
};

export function createSearchService(
  db: Db,
  cache: ReadCache,
  catalogue: Pick<CatalogueService, "productCards">,
  { resultCacheSize = 2000 }: SearchOptions = {},
) {
  // Recent matches by language and text, least recently used first out.
  const recent = new Map<string, Promise<Page>>();
  // --- index freshness: the first search waits for the first refresh; later ones serve the previous
  // index while a refresh runs in the background (its transaction swaps the rows at once). Changes arriving
  // during a refresh are gathered into the next one: all documents, or only the products edited (decision 061).
  let first: Promise<void> | null = null;
  let running: Promise<void> | null = null;
  let pendingAll = false;
  const pendingIds = new Set<number>();

  async function drain() {
    try {
      while (pendingAll || pendingIds.size > 0) {
        const ids = pendingAll ? null : [...pendingIds];
        pendingAll = false;
        pendingIds.clear();
        try {
          if (ids) await query(db, sql`select refresh_search_documents(${`{${ids.join(",")}}`}::int[])`);
          else await query(db, sql`select refresh_search_documents()`);
        } finally {
          recent.clear();
        }
      }
    } finally {
      running = null; // reached with nothing pending: a later change starts a new drain
    }
  }
  /** Refreshes the documents of these products, or all of them. */
  function refresh(ids?: number[]): Promise<void> {
    if (ids) for (const id of ids) pendingIds.add(id);
    else pendingAll = true;
    return (running ??= drain());
  }
  const ready = () =>
    (first ??= refresh().catch((e) => {
      first = null;
      throw e;
    }));
  cache.onClear((reason) => {
    const scope = searchScope(reason);
    if (scope === "none") return; // promotions, shops, pages...: nothing the index holds
    recent.clear();
    if (first) void refresh(scope === "all" ? undefined : scope).catch(() => undefined);
  });

  function remembered(lang: Lang, text: string, prefix: boolean, win: Window): Promise<Page> {
    if (resultCacheSize <= 0) return match(lang, parseQuery(text), prefix, win);
    const key = `${lang}|${prefix ? 1 : 0}|${win.offset}|${win.limit}|${text}`;
    let hit = recent.get(key);
    if (hit) {
      recent.delete(key);
    } else {
      hit = match(lang, parseQuery(text), prefix, win);
      hit.catch(() => recent.delete(key));
      if (recent.size >= resultCacheSize) recent.delete(recent.keys().next().value!);
    }
    recent.set(key, hit);
    return hit;
  }

  const cards = (lang: Lang) => catalogue.productCards(lang);

  /** Products matching the text as typed: references, dimensions, full text, Chinese substrings. */
  async function exact(lang: Lang, q: ParsedQuery, prefix: boolean, win: Window): Promise<Page> {
    const norm = q.norm;
    const tsq = tsQueryText(q.words, prefix);
    const parts = [];
    // exact reference; prefix of a reference when the text looks like one (or while typing one)
    parts.push(
      q.refLike || prefix
        ? sql`select product_id, case when ref = ${norm} then ${TIER.refExact} else ${TIER.refPrefix} end as tier,
                   1.0 / length(ref) as score, coalesce(model_ref, upper(ref)) as ref
            from search_refs where ref like ${likeEscape(norm) + "%"}`
        : sql`select product_id, ${TIER.refExact} as tier, 1.0 as score, coalesce(model_ref, upper(ref)) as ref
            from search_refs where ref = ${norm}`,
    );
    // Full text and dimensions do not depend on the language: only the French rows hold them.
    if (q.dims) {
      const dims = sql`array[${sql.join(
        q.dims.map((d) => sql`${d}`),
        sql`, `,
      )}]::text[]`;
      parts.push(
        tsq
          ? sql`select product_id, ${TIER.dims}, ts_rank(doc, to_tsquery('french', ${tsq})), null
              from search_documents where lang = 'fr' and dims && ${dims} and doc @@ to_tsquery('french', ${tsq})`
          : sql`select product_id, ${TIER.dims}, 0.0, null
              from search_documents where lang = 'fr' and dims && ${dims}`,
      );
    } else if (tsq) {
      parts.push(sql`select product_id, ${TIER.text}, ts_rank(doc, to_tsquery('french', ${tsq})), null
                     from search_documents where lang = 'fr' and doc @@ to_tsquery('french', ${tsq})`);
    }
    if (q.han) {
      const pattern = `%${likeEscape(norm)}%`;
      parts.push(sql`select product_id, ${TIER.substring}, case when name_norm like ${pattern} then 1.0 else 0.5 end, null
                     from search_documents where lang = ${lang} and text_norm like ${pattern}`);
    }
    const union = sql.join(
      parts.map((p) => sql`(${p})`),
      sql` union all `,
    );
    return paged(
      sql`select distinct on (product_id) product_id, tier, score, ref
                     from (${union}) h order by product_id, tier, score desc, ref`,
      win,
    );
  }

  /** One window of the best hits (tier, score, then best sellers) and their total. */
  async function paged(hits: SQL, { limit, offset }: Window): Promise<Page> {
    const rows = await query<Hit & { total: number }>(
      db,
      sql`
      select h.product_id, h.tier::int as tier, h.score::float8 as score, h.ref, (count(*) over ())::int as total
      from (${hits}) h join products p on p.id = h.product_id
      order by h.tier, h.score desc, p.sales_count desc, p.id
      limit ${limit} offset ${offset}`,
    );
    if (rows.length === 0 && offset > 0) {
      const [c] = await query<{ total: number }>(db, sql`select count(*)::int as total from (${hits}) h`);
      return { total: c.total, hits: [] };
    }
    return { total: rows[0]?.total ?? 0, hits: rows };
  }

  /** Typos: each unknown word replaced by the closest word of the catalogue (trigram similarity ≥ 0.3); a word
   * close to nothing is left out when other words remain ("essuie-tout" searches "essuie"). */
  async function correct(words: string[]): Promise<string[] | null> {
    const candidates = words.filter((w) => /^[a-z]{3,}$/.test(w));
    if (candidates.length === 0) return null;
    const rows = await query<{ input: string; word: string | null; known: boolean }>(
      db,
      sql`
      select w.input,
             exists (select 1 from search_words k where k.word = w.input)
               or numnode(plainto_tsquery('french', w.input)) = 0 as known, -- stop words are left alone
             (select s.word from search_words s where s.word % w.input
              order by similarity(s.word, w.input) desc, s.freq desc, s.word limit 1) as word
      from unnest(array[${sql.join(
        candidates.map((c) => sql`${c}`),
        sql`, `,
      )}]::text[]) as w(input)`,
    );
    const fix = new Map(rows.map((r) => [r.input, r.known ? r.input : r.word]));
    let changed = false;
    const out: string[] = [];
    for (const w of words) {
      const c = fix.has(w) ? fix.get(w) : w;
      if (c !== w) changed = true;
      if (c != null) out.push(c);
    }
    return changed && out.length > 0 ? out : null; // only words like nothing in the catalogue: no result
  }

  /** Matching products, best first (one row per product, its best tier). */
  async function match(lang: Lang, q: ParsedQuery, prefix: boolean, win: Window): Promise<Page> {
    await ready();
    const found = await exact(lang, q, prefix, win);
    if (found.total > 0) return found;
    if (q.han) {
      // Chinese: trigram word similarity over the document (threshold pg_trgm.word_similarity_threshold, 0.6)
      if ([...q.norm].length < 3) return found;
      return paged(
        sql`
        select product_id, ${TIER.fuzzy} as tier,
               2 * word_similarity(${q.norm}, name_norm) + word_similarity(${q.norm}, text_norm) as score, null as ref
        from search_documents where lang = ${lang} and ${q.norm} <% text_norm`,
        win,
      );
    }
    const fixed = await correct(q.words);
    if (!fixed) return found;
    const again = await exact(lang, { ...q, words: fixed, refLike: false, norm: fixed.join(" ") }, prefix, win);
    return { total: again.total, hits: again.hits.map((h) => ({ ...h, tier: TIER.fuzzy })) };
  }

  async function ranked(lang: Lang, text: string, prefix: boolean, win: Window) {
    const [found, byId] = await Promise.all([remembered(lang, text, prefix, win), cards(lang)]);
    const rows = found.hits
      .map((h) => ({ h, card: byId.get(h.product_id) }))
      .filter((r): r is { h: Hit; card: CardRow } => r.card !== undefined);
    return { total: found.total, rows };
  }

  /** One page of results; `text` must already be valid (searchQuerySchema). */
  async function search(
    lang: Lang,
    text: string,
    { page = 1, pageSize = SEARCH_PAGE_SIZE, tags }: { page?: number; pageSize?: number; tags?: PageTags } = {},
  ): Promise<SearchAnswer> {
    const { total, rows } = await ranked(lang, text, false, { limit: pageSize, offset: (page - 1) * pageSize });
    if (tags) for (const r of rows) tags.add(cardTag(r.card.id)); // the page shows these cards' stock state
    return { total, page, pageSize, products: rows.map((r) => toCard(r.card)) };
  }

  /** At most 8 suggestions while typing (the last word is a prefix). */
  async function suggest(lang: Lang, text: string): Promise<SuggestionAnswer[]> {
    const { rows } = await ranked(lang, text, true, { limit: SUGGEST_LIMIT, offset: 0 });
    return rows.map(({ h, card }) => ({
      name: card.name,
      url: productUrl(lang, card),
      ...(h.tier <= TIER.refPrefix && h.ref ? { reference: h.ref } : {}),
    }));
  }

  return { search, suggest, refresh: (ids?: number[]) => refresh(ids), ready };
}
