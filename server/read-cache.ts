// The in-memory read model (DESIGN §8): small, hot, shared data (category tree, config, shops, pages,
// home highlights) loaded once and dropped on any committed change notified by the database, so every
// process sees a change at once. A load that raced with a change is not kept: the change empties the map.
// Stock changes are the exception (decision 061): they arrive as product ids and each service refreshes only
// the entries showing those products (drop or patch), so selling does not empty the read model.
import type { Database } from "./db/client.ts";

type Entry = { value: Promise<unknown>; expires: number; ttlMs: number; reloading?: boolean; next?: Entry };

/** A change of stock counters only (migration 0007): `stock`, quantities changed but no model crossed zero;
 * `avail`, some model of these products went out of stock or back in (cards, list facets change too). */
export type StockChange = { kind: "stock" | "avail"; products: number[] };

export function createReadCache() {
  const entries = new Map<string, Entry>();
  const listeners: ((reason?: string) => void)[] = [];
  const stockListeners: ((change: StockChange) => void)[] = [];
  /** Empties the map; `reason`: the notification that caused it (a table name, 'edit:<product ids>', '*'). */
  const clear = (reason?: string) => {
    entries.clear();
    for (const l of listeners) l(reason);
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
        hit.next = next;
        next.value.then(
          () => {
            if (entries.get(key) === hit) entries.set(key, next); // not if a change emptied the map meanwhile
          },
          () => {
            hit.reloading = false;
            hit.next = undefined;
          },
        );
      }
      return hit.value as Promise<T>;
    }
    const entry = load(key, loader, ttlMs);
    entries.set(key, entry);
    return entry.value as Promise<T>;
  }

  /** Forgets one entry (and a reload of it in progress): its next caller loads it afresh. */
  const drop = (key: string) => entries.delete(key);

  /** Applies `fix` to the cached value of `key` (and to a reload in progress, which may have read the database
   * before the change). From now on callers get the fixed value; if fixing fails the entry is dropped. */
  function patch<T>(key: string, fix: (value: T) => Promise<T> | T) {
    const hit = entries.get(key);
    if (!hit) return;
    for (const e of hit.next ? [hit, hit.next] : [hit]) {
      const fixed = e.value.then((v) => fix(v as T));
      e.value = fixed;
      fixed.catch(() => {
        if (entries.get(key) === hit) entries.delete(key);
      });
    }
  }

  /** Derived caches (rendered pages) register here to be dropped with the read model. */
  const onClear = (l: (reason?: string) => void) => listeners.push(l);
  /** Services (and the render cache) register here to refresh what shows the changed products. */
  const onStock = (l: (change: StockChange) => void) => stockListeners.push(l);
  const stockChanged = (change: StockChange) => {
    for (const l of stockListeners) l(change);
  };

  return { memo, drop, patch, clear, onClear, onStock, stockChanged, size: () => entries.size, has: (key: string) => entries.has(key) };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** Tables cached per session rather than in the read model (sessions.service.ts). */
const SESSION_TABLES = new Set(["sessions", "customers"]);

/** Reads a 'stock:1,2' / 'avail:3' payload (migration 0007); null for anything else. */
export function parseStockChange(payload: string): StockChange | null {
  const m = /^(stock|avail):(\d+(?:,\d+)*)$/.exec(payload);
  return m ? { kind: m[1] as StockChange["kind"], products: m[2].split(",").map(Number) } : null;
}

/** Reads a '<prefix>:1,2' payload (migration 0023: 'notif' for unread counts, 'cart' for cart answers): the
 * customers named; null for anything else. */
export function parseCustomerChange(prefix: "notif" | "cart", payload: string): number[] | null {
  if (!payload.startsWith(`${prefix}:`)) return null;
  const ids = payload.slice(prefix.length + 1);
  return /^\d+(?:,\d+)*$/.test(ids) ? ids.split(",").map(Number) : null;
}

/** Tables whose changes reach cart answers only (a coupon's uses, or a notice too long for its ids): all of them dropped. */
const CART_TABLES = new Set(["carts", "cart_lines", "addresses", "quotations", "coupons", "coupon_customers"]);

/** One subscription per process: catalogue changes drop the read model, account changes the sessions ("*": both);
 * stock changes refresh only what shows the products named; notification changes drop those customers' unread
 * counts (`null`: every count); cart changes drop those customers' cart answers (decision 091; '*' drops them
 * all through the read model's clear). */
export async function connectReadCache(
  cache: ReadCache,
  database: Database,
  forgetSessions: () => void = () => undefined,
  forgetUnread: (customers: number[] | null) => void = () => undefined,
  forgetCarts: (customers: number[] | null) => void = () => undefined,
) {
  await database.onChange((table) => {
    const stock = parseStockChange(table);
    if (stock) return cache.stockChanged(stock);
    const carts = parseCustomerChange("cart", table);
    if (carts) return forgetCarts(carts);
    if (CART_TABLES.has(table)) return forgetCarts(null);
    const notified = parseCustomerChange("notif", table);
    if (notified) return forgetUnread(notified);
    if (table === "*" || table === "notifications") forgetUnread(null);
    if (table === "notifications") return;
    if (table === "*" || SESSION_TABLES.has(table)) forgetSessions();
    if (!SESSION_TABLES.has(table)) cache.clear(table);
  });
}
