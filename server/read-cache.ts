// The in-memory read model (DESIGN §8): small, hot, shared data (category tree, config, shops, pages,
// home highlights) loaded once and dropped on any committed change notified by the database, so every
// process sees a change at once. A load that raced with a change is not kept: the change empties the map.
import type { Database } from "./db/client.ts";

type Entry = { value: Promise<unknown>; expires: number; ttlMs: number; reloading?: boolean };

export function createReadCache() {
  const entries = new Map<string, Entry>();
  const listeners: (() => void)[] = [];
  const clear = () => {
    entries.clear();
    for (const l of listeners) l();
  };

  function load<T>(key: string, loader: () => Promise<T>, ttlMs: number): Entry {
    const value = loader();
    const entry: Entry = { value, expires: Date.now() + ttlMs, ttlMs };
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key); // a failed load is retried by the next caller
    });
    return entry;
  }

  /** The cached value of `key`, loading it once; `ttlMs` bounds data that also changes with time (promotion
   * dates). Past its time (not after a change: a change empties the map) a value is still served for one
   * more `ttlMs` while a single reload runs, so that callers under load do not all wait for it. */
  function memo<T>(key: string, loader: () => Promise<T>, ttlMs = Infinity): Promise<T> {
    const hit = entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (hit && hit.expires + hit.ttlMs > now) {
      if (!hit.reloading) {
        hit.reloading = true;
        const next = load(key, loader, ttlMs);
        next.value.then(() => {
          if (entries.get(key) === hit) entries.set(key, next); // not if a change emptied the map meanwhile
        }, () => { hit.reloading = false; });
      }
      return hit.value as Promise<T>;
    }
    const entry = load(key, loader, ttlMs);
    entries.set(key, entry);
    return entry.value as Promise<T>;
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
