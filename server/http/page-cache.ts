// Render cache for anonymous page views (DESIGN §8): for a visitor without a session the page is a pure
// function of its URL, so the rendered bytes are reused until the catalogue changes (database
// notification, see read-cache.ts) or a minute passes (promotions start and end with time). A stock change drops
// only the pages tagged with the products concerned (decision 061).
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export type CachedPage = {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Buffer;
  expires: number;
  tags?: ReadonlySet<string>;
  /** Compressed once when stored (decision 064): hits send these bytes as they are. */
  br?: Buffer;
  gzip?: Buffer;
};

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Brotli 5 is ≈ gzip 9's speed with smaller output; 11 would cost tens of ms per page for a few % more. */
const BROTLI_QUALITY = 5;
const COMPRESS_MIN = 1024; // smaller bodies gain nothing worth a header
/** Bytes a cached page holds: the identity body and its compressed variants. */
export const pageBytes = (p: CachedPage) => p.body.length + (p.br?.length ?? 0) + (p.gzip?.length ?? 0);

const PAGE_TTL_MS = 60_000;
const MAX_ENTRIES = 2_000; // bounded: random unknown URLs cannot grow memory without limit
const MAX_BODY = 1024 * 1024;
/** All bodies together: a crawler walking every page must not hold ≈ 2,000 × 90 KB in memory. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Tagged drops remembered for renders in progress (≈ 3 s of 20 stock changes a second; older renders are not kept). */
const DROP_LOG = 64;

const meets = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) return true;
  return false;
};

export function createPageCache(ttlMs = PAGE_TTL_MS, maxBytes = MAX_BYTES) {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= pageBytes(page);
    pages.delete(key);
  };
  // Bumped by every clear and tagged drop: a render started before a change must not be stored after it.
  let generation = 0;
  let clearedAt = 0;
  const drops: { generation: number; tags: ReadonlySet<string> }[] = [];
  /** Whether a page showing `tags`, rendered from generation `since`, may have missed a change. */
  function missed(since: number, tags: ReadonlySet<string> | undefined): boolean {
    if (since < clearedAt) return true;
    if (since === generation || !tags || tags.size === 0) return false;
    if (drops.length === 0 || drops[0].generation > since + 1) return true; // drops forgotten since: assume the worst
    return drops.some((d) => d.generation > since && meets(tags, d.tags));
  }

  function get(key: string): CachedPage | undefined {
    const hit = pages.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      drop(key);
      return undefined;
    }
    return hit;
  }

  /** Stores a copy of a response when it is cacheable; returns the response to send (the body is consumed).
   * `since`: the generation when the render started; a page rendered across a change is sent, not kept.
   * `tags`: what the page shows (see dropTagged). */
  async function store(key: string, response: Response, since = generation, tags?: ReadonlySet<string>): Promise<CachedPage | null> {
    const cacheable = (response.status === 200 || response.status === 404) && !response.headers.has("set-cookie") && response.body;
    if (!cacheable) return null;
    const body = Buffer.from(await response.arrayBuffer());
    const page: CachedPage = {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers].filter(([k]) => k !== "content-length"),
      body,
      expires: Date.now() + ttlMs,
      tags,
    };
    if (body.length <= MAX_BODY && !missed(since, tags)) {
      if (body.length >= COMPRESS_MIN && !response.headers.has("content-encoding")) {
        [page.br, page.gzip] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gz(body, { level: 6 }),
        ]);
        const vary = page.headers.find(([k]) => k === "vary");
        if (vary) vary[1] = `${vary[1]}, Accept-Encoding`;
        else page.headers.push(["vary", "Accept-Encoding"]);
      }
      if (missed(since, tags)) return page; // the catalogue changed while compressing
      const size = pageBytes(page);
      drop(key);
      // oldest first out, by count and by bytes
      while (pages.size > 0 && (pages.size >= MAX_ENTRIES || bytes + size > maxBytes)) drop(pages.keys().next().value!);
      pages.set(key, page);
      bytes += size;
    }
    return page;
  }

  const clear = () => {
    pages.clear();
    bytes = 0;
    clearedAt = ++generation;
    drops.length = 0;
  };

  /** Drops the pages showing any of these tags (a stock change); the others stay. */
  function dropTagged(list: Iterable<string>) {
    const tags = new Set(list);
    if (tags.size === 0) return;
    drops.push({ generation: ++generation, tags });
    if (drops.length > DROP_LOG) drops.shift();
    for (const [key, page] of pages) if (page.tags && meets(page.tags, tags)) drop(key);
  }

  /** Every stored page (tests inspect that nothing personal is kept). */
  const entries = () => [...pages.entries()];

  return { get, store, clear, dropTagged, entries, size: () => pages.size, bytes: () => bytes, generation: () => generation };
}

export type PageCache = ReturnType<typeof createPageCache>;
