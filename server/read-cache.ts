// The in-memory read model (DESIGN §8): small, hot, shared data (category tree, config, shops, pages,
// home highlights) loaded once and dropped on any committed change notified by the database, so every
// process sees a change at once. A load that raced with a change is not kept: the change empties the map.
import type { Database } from "./db/client.ts";

type Entry = { value: Promise<unknown>; expires: number };

export function createReadCache() {
  const entries = new Map<string, Entry>();
  const listeners: (() => void)[] = [];
  const clear = () => {
    entries.clear();
    for (const l of listeners) l();
  };

  /** The cached value of `key`, loading it once; `ttlMs` bounds data that also changes with time (promotion dates). */
  function memo<T>(key: string, load: () => Promise<T>, ttlMs = Infinity): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
    const value = load();
    const entry = { value, expires: Date.now() + ttlMs };
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key); // a failed load is retried by the next caller
    });
    return value;
  }

  /** Derived caches (rendered pages) register here to be dropped with the read model. */
  const onClear = (l: () => void) => listeners.push(l);

  return { memo, clear, onClear, size: () => entries.size };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** Tables cached per session rather than in the read model (sessions.service.ts). */
const SESSION_TABLES = new Set(["sessions", "customers"]);

/** One subscription per process: catalogue changes drop the read model, account changes the sessions ("*": both). */
export async function connectReadCache(cache: ReadCache, database: Database, forgetSessions: () => void = () => undefined) {
  await database.onChange((table) => {
    if (table === "*" || SESSION_TABLES.has(table)) forgetSessions();
    if (!SESSION_TABLES.has(table)) cache.clear();
  });
}
