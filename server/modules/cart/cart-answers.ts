// The customer's cart list answer kept as JSON text per customer and language (decision 091): every page asks
// for the cart (header badge, side panel) far more often than the cart changes, and building 50 priced lines
// with their totals and serialising them cost ≈ 0.8 ms a call. An entry is dropped when anything it shows
// may have changed: a write of the customer's cart, address or quotation (this process: `cartChanged` once it has
// committed; every process: the database's 'cart:<customer ids>' notices, migration 0023), any read-model change
// (catalogue, config, tariff) or stock change (every entry), and at its own time bound (promotion reload, coupon
// period, quotation day). A fill that raced with a drop is not kept.
import { LANGS, type Lang } from "#core/lang.ts";
import { afterCommit } from "#server/db/tx.ts";

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

  const self = { get, ticket, put, forget, size: () => entries.size };
  local.add(new WeakRef(self));
  return self;
}

type CartAnswers = ReturnType<typeof createCartAnswers>;

/** The kept answers of this process (a test process holds several apps: each is dropped with its app). */
const local = new Set<WeakRef<CartAnswers>>();

/**
 * Drops the kept answers of `customers` in this process once the current transaction has committed (at once outside
 * one). Every write of something a cart answer shows calls it (the cart's lines and row, an address, a quotation),
 * so the customer's next call shows the write; a fill that read before the drop is not kept (its ticket is older).
 * Other processes learn it from the database's 'cart:' notice.
 */
export function cartChanged(customers: readonly number[]) {
  afterCommit(() => {
    for (const ref of local) {
      const answers = ref.deref();
      if (answers) answers.forget(customers);
      else local.delete(ref);
    }
  });
}
