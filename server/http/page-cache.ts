// Render cache for anonymous page views (DESIGN §8): for a visitor without a session the page is a pure
// function of its URL, so the rendered bytes are reused until the catalogue changes (database
// notification, see read-cache.ts) or a minute passes (promotions start and end with time).
export type CachedPage = { status: number; statusText: string; headers: [string, string][]; body: Buffer; expires: number };

export const PAGE_TTL_MS = 60_000;
const MAX_ENTRIES = 2_000; // bounded: random unknown URLs cannot grow memory without limit
const MAX_BODY = 1024 * 1024;
/** All bodies together: a crawler walking every page must not hold ≈ 2,000 × 90 KB in memory. */
const MAX_BYTES = 32 * 1024 * 1024;

export function createPageCache(ttlMs = PAGE_TTL_MS, maxBytes = MAX_BYTES) {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.body.length;
    pages.delete(key);
  };
  // Bumped by every clear: a render started before a change must not be stored after it.
  let generation = 0;

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
   * `since`: the generation when the render started; a page rendered across a change is sent, not kept. */
  async function store(key: string, response: Response, since = generation): Promise<CachedPage | null> {
    const cacheable = (response.status === 200 || response.status === 404) && !response.headers.has("set-cookie") && response.body;
    if (!cacheable) return null;
    const body = Buffer.from(await response.arrayBuffer());
    const page: CachedPage = {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers].filter(([k]) => k !== "content-length"),
      body,
      expires: Date.now() + ttlMs,
    };
    if (body.length <= MAX_BODY && since === generation) {
      drop(key);
      // oldest first out, by count and by bytes
      while (pages.size > 0 && (pages.size >= MAX_ENTRIES || bytes + body.length > maxBytes)) drop(pages.keys().next().value!);
      pages.set(key, page);
      bytes += body.length;
    }
    return page;
  }

  const clear = () => {
    pages.clear();
    bytes = 0;
    generation++;
  };

  return { get, store, clear, size: () => pages.size, bytes: () => bytes, generation: () => generation };
}

export type PageCache = ReturnType<typeof createPageCache>;
