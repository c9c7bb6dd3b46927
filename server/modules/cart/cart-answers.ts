// The customer's cart list answer kept as JSON text per customer and language (decision 091): every page asks
// for the cart (header badge, side panel) far more often than the cart changes, and building 50 priced lines
// with their totals and serialising them cost ≈ 0.8 ms a call. An entry is dropped when anything it shows
// may have changed: a write by or for its customer (this process: the request hooks; every process: the
// database's 'cart:<customer ids>' notices, migration 0023), any read-model change (catalogue, config,
// tariff) or stock change (every entry), and at its own time bound (promotion reload, coupon period,
// quotation day). A fill that raced with a drop is not kept.
import { LANGS, type Lang } from "#core/lang.ts";

/** Entries kept at most (least recently used first out): a 50-line answer is ≈ 33 KB. */
const CART_ANSWERS_MAX = 500;

type Entry = { json: string; deps: readonly object[]; expires: number };

/** What a fill captured before reading: it may store only if nothing was dropped for its customer since. */
type CartTicket = { customerId: number; epoch: number; gen: number };

export function createCartAnswers(max = CART_ANSWERS_MAX, now = () => Date.now()) {
  const entries = new Map<string, Entry>();
  /** Per customer: bumped by every drop of theirs; `epoch`: bumped by every drop of all. */
  const gens = new Map<number, number>();
  let epoch = 0;

  const key = (customerId: number, lang: Lang) => `${customerId}:${lang}`;

  /** The JSON of the customer's answer in `lang` if it was built from these same read-model values (`deps`). */
  function get(customerId: number, lang: Lang, deps: readonly object[]): string | undefined {
    const k = key(customerId, lang);
    const e = entries.get(k);
    if (!e) return undefined;
    if (e.expires <= now() || e.deps.length !== deps.length || e.deps.some((d, i) => d !== deps[i])) {
      entries.delete(k);
      return undefined;
    }
    entries.delete(k); // most recently used last
    entries.set(k, e);
    return e.json;
  }

  const ticket = (customerId: number): CartTicket => ({ customerId, epoch, gen: gens.get(customerId) ?? 0 });

  /** Keeps an answer unless a drop happened since `t` was taken. */
  function put(t: CartTicket, lang: Lang, deps: readonly object[], json: string, expires: number) {
    if (t.epoch !== epoch || t.gen !== (gens.get(t.customerId) ?? 0) || expires <= now()) return false;
    entries.set(key(t.customerId, lang), { json, deps, expires });
    if (entries.size > max) entries.delete(entries.keys().next().value!);
    return true;
  }

  /** Drops the answers of `customers` (null: every answer). */
  function forget(customers: readonly number[] | null) {
    if (customers === null) {
      epoch++;
      entries.clear();
      gens.clear(); // the epoch keeps older tickets out
      return;
    }
    for (const c of customers) {
      gens.set(c, (gens.get(c) ?? 0) + 1);
      for (const lang of LANGS) entries.delete(key(c, lang));
    }
  }

  return { get, ticket, put, forget, size: () => entries.size };
}
